import { and, count, eq, type AnyColumn } from 'drizzle-orm';
import { partSortFields, type PartSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { orderByField } from '../../lib/sort-param.js';
import { containsAny } from '../../lib/text-search.js';
import { parts } from './parts.table.js';

export type PartRow = typeof parts.$inferSelect;
export type NewPartRow = typeof parts.$inferInsert;

/** API field → column (`decsription` is spelt so in the API, spec §3). */
const SORT_COLUMNS: Record<PartSortField, AnyColumn> = {
  id: parts.id,
  name: parts.name,
  serialNumber: parts.serialNumber,
  producer: parts.producer,
  decsription: parts.description,
};

export interface PartListOptions {
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** A machine's parts; `q` searches the name, serial number, producer and description. */
function devicePartsWhere(deviceId: number, q?: string) {
  return and(
    eq(parts.deviceId, deviceId),
    containsAny([parts.name, parts.serialNumber, parts.producer, parts.description], q),
  );
}

/** By name unless another order is asked for (an unknown sort field is a 400). */
export async function listPartsOfDevice(
  db: DbOrTx,
  deviceId: number,
  options: PartListOptions = {},
): Promise<PartRow[]> {
  const query = db
    .select()
    .from(parts)
    .where(devicePartsWhere(deviceId, options.q))
    .orderBy(
      ...orderByField(options.sort, partSortFields, SORT_COLUMNS, parts.id, {
        field: 'name',
        direction: 'asc',
      }),
    );
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

export async function countPartsOfDevice(db: DbOrTx, deviceId: number, q?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(parts).where(devicePartsWhere(deviceId, q));
  return Number(row.n);
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
