import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';

/** `'{1,2,3}'::int[]`: a constant the planner can estimate, and hashes in `= ANY` from nine ids on. */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/**
 * Up to this many ids a search's lookup found (machines, events) are handed to the list's later
 * statements as one constant array (`idsAmong`); more stay the lookup's own query, a subquery.
 */
export const INLINE_IDS_MAX = 5_000;

/** `column = ANY(the ids)`, the ids as one constant array (`intArray`). */
export const idsAmong = (column: SQLWrapper, ids: number[]): SQL => sql`${column} = ANY(${intArray(ids)})`;

/** The ids a query of `SELECT … AS id` answers, in its order. */
export const selectedIds = async (db: DbOrTx, query: SQL): Promise<number[]> =>
  rowsOf<{ id: number }>(await db.execute(query)).map((row) => Number(row.id));

/** An int[] as the drivers hand it over: node-postgres parses it into numbers, others may send '{1,2,3}'. */
export function parseIdArray(value: string | number[] | null): number[] {
  if (value === null) return [];
  return typeof value === 'string'
    ? value.slice(1, -1).split(',').filter(Boolean).map(Number)
    : value.map(Number);
}

/**
 * The ids each query selects (its first column), read in one statement through the tables' indexes:
 * the planner would scan a table of a few thousand rows instead, and a scan compares every row's
 * text with the pattern (the customers' names for "Szymański": 8–13 ms by a scan of 5,000, against
 * 0.4–2 ms through their trigram indexes; a Polish letter makes each ILIKE lower-case the whole text).
 * Where no index serves a query, it is still scanned. Inside a caller's transaction the setting is
 * put back as the statement ends.
 */
export async function idArraysByIndex<K extends string>(
  db: DbOrTx,
  queries: Record<K, SQL>,
): Promise<Record<K, number[]>> {
  const keys = Object.keys(queries) as K[];
  if (!keys.length) return {} as Record<K, number[]>;
  return db.transaction(async (tx) => {
    const set = await tx.execute(
      sql`SELECT current_setting('enable_seqscan') AS was, set_config('enable_seqscan', 'off', true)`,
    );
    const was = rowsOf<{ was: string }>(set)[0]!.was;
    const columns = keys.map((key) => sql`ARRAY(${queries[key]}) AS ${sql.identifier(key)}`);
    const result = await tx.execute(
      sql`SELECT ${sql.join(columns, sql`, `)}, set_config('enable_seqscan', ${was}, true) AS was`,
    );
    const row = rowsOf<Record<K, string | number[] | null>>(result)[0]!;
    return Object.fromEntries(keys.map((key) => [key, parseIdArray(row[key])])) as Record<K, number[]>;
  });
}
