import { type BranchSave, type SessionUser, PLACES_MSG } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { toBranch } from './branches.mapper.js';
import { deleteBranch, insertBranch, updateBranch } from './branches.repository.js';

/** id 0 inserts, a positive id edits; the caller has checked the admin role. */
export async function saveBranch(db: Db, actor: SessionUser, input: BranchSave) {
  const { id, ...values } = input;
  return inTransaction(db, async (tx) => {
    if (id === 0) {
      const row = await insertBranch(tx, values);
      await audit(tx, actor, `dodanie oddziału „${row.name}” (id ${row.id})`, `branch:${row.id}`);
      return { created: true, branch: toBranch(row) };
    }
    const row = await updateBranch(tx, id, values);
    if (!row) throw notFound(PLACES_MSG.branchNotFound);
    await audit(tx, actor, `edycja oddziału „${row.name}” (id ${row.id})`, `branch:${row.id}`);
    return { created: false, branch: toBranch(row) };
  });
}

export async function removeBranch(db: Db, actor: SessionUser, id: number) {
  await inTransaction(db, async (tx) => {
    const name = await deleteBranch(tx, id);
    if (name === null) throw notFound(PLACES_MSG.branchNotFound);
    await audit(tx, actor, `usunięcie oddziału „${name}” (id ${id})`, `branch:${id}`);
  });
}
