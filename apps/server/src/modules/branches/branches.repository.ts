import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { branches } from './branches.table.js';

export type BranchRow = typeof branches.$inferSelect;
export type BranchValues = Omit<typeof branches.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listBranches(db: DbOrTx): Promise<BranchRow[]> {
  return db.select().from(branches).orderBy(asc(branches.name), asc(branches.id));
}

export async function insertBranch(db: DbOrTx, values: BranchValues): Promise<BranchRow> {
  const [row] = await db.insert(branches).values(values).returning();
  return row;
}

export async function updateBranch(
  db: DbOrTx,
  id: number,
  values: BranchValues,
): Promise<BranchRow | undefined> {
  const [row] = await db.update(branches).set(values).where(eq(branches.id, id)).returning();
  return row;
}

/** The deleted branch's name, for the log; null when there was none with this id. */
export async function deleteBranch(db: DbOrTx, id: number): Promise<string | null> {
  const rows = await db.delete(branches).where(eq(branches.id, id)).returning({ name: branches.name });
  return rows[0]?.name ?? null;
}
