import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database.js';
import { intArray, selectedIds } from './id-arrays.js';
import type { PageWindow } from './paging.js';

/**
 * A page of a search read in parts (services.owner-order.ts, services.description-region.ts): each
 * part holds its branch's first matches in the list's `order`, up to the page's end. A part alone
 * is cut as it is; two, merged in that order by the database (an id in both counts once). `rows`:
 * the list's table and its id.
 */
export async function pageOfParts(
  db: DbOrTx,
  rows: { table: PgTable; id: PgColumn },
  order: SQL,
  parts: [number[], number[]],
  window: PageWindow,
): Promise<number[]> {
  const [first, second] = parts;
  if (!second.length) return first.slice(window.offset, window.offset + window.limit);
  if (!first.length) return second.slice(window.offset, window.offset + window.limit);
  return selectedIds(
    db,
    sql`SELECT ${rows.id} AS id FROM ${rows.table}
      WHERE ${rows.id} = ANY(${intArray([...first, ...second])})
      ORDER BY ${order} LIMIT ${window.limit} OFFSET ${window.offset}`,
  );
}
