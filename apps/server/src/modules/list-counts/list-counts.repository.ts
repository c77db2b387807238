import { eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { ListTotal } from '../../lib/paging.js';
import { listCounts } from './list-counts.table.js';

/** The whole lists whose size the triggers keep (the migration that creates list_counts). */
export type KeptList =
  | 'devices:INTERNAL'
  | 'devices:EXTERNAL'
  | 'services:INTERNAL'
  | 'services:EXTERNAL'
  | 'inspections:listed'
  | 'inspections:actual';

/**
 * The total each kept list had when this process last read it, per database: where the list likely
 * ends, to choose how a page is read (`pageLikelyWithin`), never an answer. Others may have added or
 * removed rows since; a wrong guess costs time only.
 */
const lastRead = new WeakMap<DbOrTx, Map<KeptList, number>>();

/** The exact total of a whole list, read from the row the triggers keep (0 before its first row). */
export async function keptTotal(db: DbOrTx, list: KeptList): Promise<ListTotal> {
  const [row] = await db.select({ rows: listCounts.rows }).from(listCounts).where(eq(listCounts.list, list));
  return keptTotalRead(db, list, row?.rows);
}

/**
 * The kept total as a value of another statement (a scalar subquery: NULL before the list's first
 * row), so that it rides on the page's statement; `keptTotalRead` takes it from the driver.
 */
export const keptTotalValue = (list: KeptList): SQL =>
  sql`(SELECT ${listCounts.rows} FROM ${listCounts} WHERE ${listCounts.list} = ${list})`;

/** A kept total as read from a statement, remembered as the list's last total read here. */
export function keptTotalRead(db: DbOrTx, list: KeptList, value: unknown): ListTotal {
  const total = Number(value ?? 0);
  const known = lastRead.get(db) ?? new Map<KeptList, number>();
  lastRead.set(db, known.set(list, total));
  return { total, estimated: false };
}

/**
 * Whether a page starting at `offset` lies within the list by its last total read here (false
 * before the first read): such a page is likely full, so its rows may be read with the total; a
 * page past the end is better not read at all.
 */
export const pageLikelyWithin = (db: DbOrTx, list: KeptList, offset: number): boolean =>
  offset < (lastRead.get(db)?.get(list) ?? 0);
