import { asc, eq, max, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/database.js';
import { installationOperations } from './installation-operations.table.js';

export type InstallationOperationRow = typeof installationOperations.$inferSelect;

export function listInstallationOperations(db: DbOrTx): Promise<InstallationOperationRow[]> {
  return db
    .select()
    .from(installationOperations)
    .orderBy(asc(installationOperations.orderNumber), asc(installationOperations.id));
}

/** One list, so writers serialise on one advisory lock (PGlite and PostgreSQL alike). */
export async function lockInstallationOperations(tx: Tx) {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(724101)`);
}

export async function findInstallationOperation(db: DbOrTx, id: number) {
  const rows = await db.select().from(installationOperations).where(eq(installationOperations.id, id));
  return rows[0];
}

export async function insertInstallationOperation(tx: Tx, text: string) {
  const [{ last }] = await tx
    .select({ last: max(installationOperations.orderNumber) })
    .from(installationOperations);
  const [row] = await tx
    .insert(installationOperations)
    .values({ text, orderNumber: (last ?? 0) + 1 })
    .returning();
  return row;
}

export async function updateInstallationOperation(
  tx: Tx,
  id: number,
  values: { text?: string; orderNumber?: number },
) {
  const [row] = await tx
    .update(installationOperations)
    .set(values)
    .where(eq(installationOperations.id, id))
    .returning();
  return row;
}

export async function deleteInstallationOperation(tx: Tx, id: number) {
  await tx.delete(installationOperations).where(eq(installationOperations.id, id));
}
