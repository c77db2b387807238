import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { intArray } from '../../lib/id-arrays.js';
import type { PageWindow } from '../../lib/paging.js';
import { services } from './services.table.js';

/** The ids a query of `SELECT … AS id` answers, in its order. */
export const idsOf = async (db: DbOrTx, query: SQL): Promise<number[]> =>
  ((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));

/**
 * A page of a search read in parts (services.owner-order.ts, services.description-region.ts): each
 * part holds its branch's first matches in the list's `order`, up to the page's end. A part alone is
 * cut as it is; two, merged in that order by the database (an id in both counts once).
 */
export async function pageOfParts(
  db: DbOrTx,
  order: SQL,
  parts: [number[], number[]],
  window: PageWindow,
): Promise<number[]> {
  const [first, second] = parts;
  if (!second.length) return first.slice(window.offset, window.offset + window.limit);
  if (!first.length) return second.slice(window.offset, window.offset + window.limit);
  return idsOf(
    db,
    sql`SELECT ${services.id} AS id FROM ${services}
      WHERE ${services.id} = ANY(${intArray([...first, ...second])})
      ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`,
  );
}
