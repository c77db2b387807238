import {
  CATEGORY_MSG,
  MSG,
  decodeOperations,
  formatOperations,
  parseOperations,
  polishPlural,
  sameOperations,
  type CategoryDetails,
  type CategoryInsert,
  type CategoryUpdate,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { audit } from '../../plugins/audit.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';

import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import {
  countCategoryMachines,
  deleteCategory,
  findCategoryById,
  findCategoryByName,
  insertCategory,
  lockCategory,
  updateCategory,
  type CategoryRow,
} from './categories.repository.js';

/** Only the database is written: a save ended by a deadlock runs again. */
const RETRY = { retryOnDeadlock: true };

const label = (row: { name: string; id: number }) => `${row.name} (id ${row.id})`;

/** A save made on another version than the server's (its `base`): its screen takes the other's in. */
const changedMeanwhile = () => conflict(CATEGORY_MSG.changedMeanwhile, 'CHANGED_MEANWHILE');

async function toDetails(db: DbOrTx, row: CategoryRow): Promise<CategoryDetails> {
  return {
    id: row.id,
    name: row.name,
    // Kept by the devices' triggers in the writing transaction (migration 0005); the delete guard
    // still counts the machines themselves.
    count: row.machineCount,
    serviceReviewOperationsList: row.serviceReviewOperationsList,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, UNIQUE_VIOLATION)) throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
    throw error;
  }
}

export async function getCategory(db: Db, id: number): Promise<CategoryDetails> {
  const row = await findCategoryById(db, id);
  if (!row) throw notFound(MSG.categoryNotFound);
  return toDetails(db, row);
}

export async function createCategory(db: Db, actor: SessionUser, input: CategoryInsert) {
  if (await findCategoryByName(db, input.name)) throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
  return withNameGuard(() =>
    inTransaction(db, async (tx) => {
      const row = await insertCategory(tx, input.name);
      await audit(tx, actor, `dodanie kategorii ${label(row)}`, `category:${row.id}`);
      return toDetails(tx, row);
    }),
  );
}

/**
 * Renaming is open to everyone; the operation list only to admins. The list is compared by meaning,
 * so a user who renames and sends the unchanged list back is not refused.
 */
export async function editCategory(db: Db, actor: SessionUser, input: CategoryUpdate, base?: string) {
  const existing = await findCategoryById(db, input.id);
  if (!existing) throw notFound(MSG.categoryNotFound);
  if (base !== undefined && existing.updatedAt.toISOString() !== base) throw changedMeanwhile();
  if (await findCategoryByName(db, input.name, input.id)) {
    throw conflict(MSG.categoryExists, 'CATEGORY_EXISTS');
  }

  let newList: string | undefined;
  if (input.serviceReviewOperationsList !== undefined && input.serviceReviewOperationsList !== null) {
    const decoded = decodeOperations(input.serviceReviewOperationsList);
    if (!decoded.ok) {
      // A list that cannot be read cannot be the unchanged one: an employee is refused before being told why.
      if (!actor.isAdmin) throw forbidden(MSG.forbiddenShort);
      throw badRequest(decoded.message, 'INVALID_OPERATIONS', 'serviceReviewOperationsList');
    }
    const current = parseOperations(existing.serviceReviewOperationsList);
    if (!sameOperations(decoded.operations, current)) {
      if (!actor.isAdmin) throw forbidden(MSG.forbiddenShort);
      newList = formatOperations(decoded.operations);
    }
  }

  const changes: string[] = [];
  if (input.name !== existing.name) changes.push(`zmiana nazwy z „${existing.name}” na „${input.name}”`);
  if (newList !== undefined) {
    const count = parseOperations(newList).length;
    const items = polishPlural(count, { one: 'pozycja', few: 'pozycje', many: 'pozycji' });
    changes.push(`zmiana listy czynności serwisowych (${count} ${items})`);
  }
  if (changes.length === 0) return toDetails(db, existing);

  return withNameGuard(() =>
    inTransaction(
      db,
      async (tx) => {
        // Checked again under the row's lock: two saves made on one version, one goes in.
        const locked = await lockCategory(tx, existing.id);
        if (!locked) throw notFound(MSG.categoryNotFound);
        if (base !== undefined && locked.updatedAt.toISOString() !== base) throw changedMeanwhile();
        const row = await updateCategory(tx, existing.id, {
          name: input.name,
          ...(newList !== undefined ? { serviceReviewOperationsList: newList } : {}),
        });
        if (!row) throw notFound(MSG.categoryNotFound);
        await audit(tx, actor, `edycja kategorii ${label(row)}: ${changes.join(', ')}`, `category:${row.id}`);
        return toDetails(tx, row);
      },
      RETRY,
    ),
  );
}

export async function removeCategory(db: Db, actor: SessionUser, id: number) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  const existing = await findCategoryById(db, id);
  if (!existing) throw notFound(MSG.categoryNotFound);
  try {
    await inTransaction(db, async (tx) => {
      if ((await countCategoryMachines(tx, id)) > 0) throw conflict(MSG.categoryInUse, 'IN_USE');
      await deleteCategory(tx, id);
      await audit(tx, actor, `usunięcie kategorii ${label(existing)}`, `category:${id}`);
    });
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw conflict(MSG.categoryInUse, 'IN_USE');
    throw error;
  }
}
