import { PROTOCOL_MSG, type SessionUser } from '@serwis/domain';
import type { Db, Tx } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import {
  deleteInstallationOperation,
  insertInstallationOperation,
  listInstallationOperations,
  lockInstallationOperations,
  updateInstallationOperation,
  type InstallationOperationRow,
} from './installation-operations.repository.js';

export const toInstallationOperation = (row: InstallationOperationRow) => ({
  id: row.id,
  text: row.text,
  orderNumber: row.orderNumber,
});

const record = (id: number) => `installation-operation:${id}`;

/** Writes the order 1..n for `ordered` (only rows whose number changes). */
async function renumber(tx: Tx, ordered: InstallationOperationRow[]) {
  for (const [i, row] of ordered.entries()) {
    if (row.orderNumber !== i + 1) await updateInstallationOperation(tx, row.id, { orderNumber: i + 1 });
  }
}

/** The list under the lock, in order, and the position of `id` in it (404 when absent). */
async function lockedListWith(tx: Tx, id: number) {
  await lockInstallationOperations(tx);
  const list = await listInstallationOperations(tx);
  const index = list.findIndex((r) => r.id === id);
  if (index < 0) throw notFound(PROTOCOL_MSG.installationOperationNotFound);
  return { list, index };
}

export async function addInstallationOperation(db: Db, actor: SessionUser, text: string) {
  return inTransaction(db, async (tx) => {
    await lockInstallationOperations(tx);
    const row = await insertInstallationOperation(tx, text);
    await audit(tx, actor, `dodanie czynności montażowej „${text}”`, record(row.id));
    return toInstallationOperation(row);
  });
}

/** PUT: new text; an orderNumber other than the current one moves the operation to that place. */
export async function changeInstallationOperation(
  db: Db,
  actor: SessionUser,
  input: { id: number; text: string; orderNumber?: number },
) {
  return inTransaction(db, async (tx) => {
    const { list, index } = await lockedListWith(tx, input.id);
    const row = list[index];
    await updateInstallationOperation(tx, row.id, { text: input.text });
    if (input.orderNumber !== undefined && input.orderNumber !== row.orderNumber) {
      const target = Math.min(Math.max(input.orderNumber, 1), list.length) - 1;
      const reordered = list.filter((r) => r.id !== row.id);
      reordered.splice(target, 0, row);
      await renumber(tx, reordered);
    }
    await audit(tx, actor, `edycja czynności montażowej „${input.text}”`, record(row.id));
    return toInstallationOperation((await listInstallationOperations(tx)).find((r) => r.id === row.id)!);
  });
}

export async function removeInstallationOperation(db: Db, actor: SessionUser, id: number) {
  await inTransaction(db, async (tx) => {
    const { list, index } = await lockedListWith(tx, id);
    await deleteInstallationOperation(tx, id);
    await renumber(
      tx,
      list.filter((_, i) => i !== index),
    );
    await audit(tx, actor, `usunięcie czynności montażowej „${list[index].text}”`, record(id));
  });
}

/** Swaps with the neighbour above (-1) or below (+1); at either end nothing changes. */
export async function moveInstallationOperation(db: Db, actor: SessionUser, id: number, step: -1 | 1) {
  return inTransaction(db, async (tx) => {
    const { list, index } = await lockedListWith(tx, id);
    const other = index + step;
    if (other >= 0 && other < list.length) {
      const reordered = [...list];
      [reordered[index], reordered[other]] = [reordered[other], reordered[index]];
      await renumber(tx, reordered);
      await audit(
        tx,
        actor,
        `przesunięcie czynności montażowej „${list[index].text}” ${step < 0 ? 'w górę' : 'w dół'}`,
        record(id),
      );
    }
    return (await listInstallationOperations(tx)).map(toInstallationOperation);
  });
}
