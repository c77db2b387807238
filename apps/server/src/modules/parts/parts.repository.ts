import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { parts } from './parts.table.js';

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;

export function listPartsOfDevice(db: DbOrTx, deviceId: number): Promise<PartRow[]> {
  return db.select().from(parts).where(eq(parts.deviceId, deviceId)).orderBy(asc(parts.name), asc(parts.id));
}

export async function findPart(db: DbOrTx, id: number): Promise<PartRow | undefined> {
  const rows = await db.select().from(parts).where(eq(parts.id, id)).limit(1);
  return rows[0];
}

export async function insertPart(db: DbOrTx, values: NewPartRow): Promise<PartRow> {
  const [row] = await db.insert(parts).values(values).returning();
  return row;
}

export async function updatePart(
  db: DbOrTx,
  id: number,
  values: Pick<NewPartRow, 'name' | 'serialNumber' | 'producer' | 'description'>,
): Promise<PartRow> {
  const [row] = await db.update(parts).set(values).where(eq(parts.id, id)).returning();
  return row;
}

export async function deletePart(db: DbOrTx, id: number) {
  await db.delete(parts).where(eq(parts.id, id));
}
