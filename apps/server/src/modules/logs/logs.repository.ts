import { asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { boundedTotal, estimatedRows, growingTableTotal, type ListTotal } from '../../lib/paging.js';
import { phraseMatches } from '../../lib/phrase-search.js';
import { prefixKey, prefixPattern, searchTerm } from '../../lib/text-search.js';
import { anyId, inIdOrder } from '../../lib/json-stream.js';
import { logSearchText, logs } from './logs.table.js';

/** The record of an entry: a kind and its id, as `audit` writes it ("device:7", "service:12"). */
const RECORD_REF = /^[a-z][a-z-]*:\d{1,10}$/;

/**
 * Message, user or record containing the term, through the trigram index on the three joined (a
 * phrase through its rarest word, lib/phrase-search.ts); a term of one or two characters matches the
 * start of the message (lib/text-search.ts). A number of up to nine digits is also the entry's Nr
 * (its event id), as the list shows it.
 */
export async function logSearch(db: DbOrTx, q?: string): Promise<SQL | undefined> {
  // A record as the "Rekord" column names it ("hotel:1"): its entries only, not hotel 10–199's.
  const record = q?.trim();
  if (record && RECORD_REF.test(record)) return eq(logs.arg1, record);
  const search = searchTerm(q);
  if (search.kind === 'none') return undefined;
  const text =
    search.kind === 'short'
      ? sql`${prefixKey(logs.formattedMessage)} LIKE ${prefixPattern(search.term)}`
      : await phraseMatches(logSearchText(logs), search.term, (condition) =>
          estimatedRows(db, sql`SELECT 1 FROM ${logs} WHERE ${condition}`),
        );
  return search.id === undefined ? text : or(eq(logs.eventId, search.id), text);
}

/** The log's order: by Nr, newest first unless asked otherwise (`logSortFields`). */
export type LogDirection = 'asc' | 'desc';

const byEventId = (direction: LogDirection) => (direction === 'asc' ? asc : desc)(logs.eventId);

/**
 * `fewMatches`: the search is known to match at most EXACT_TOTAL_BOUND entries. They are then found
 * through the search's index and sorted (`event_id + 0` keeps the planner from walking the primary
 * key newest first and testing every entry, which a rare or absent term would cost the whole log).
 */
export async function findLogs(
  db: DbOrTx,
  options: { where?: SQL; limit?: number; offset?: number; fewMatches?: boolean; direction?: LogDirection },
) {
  const direction = options.direction ?? 'desc';
  const order = options.fewMatches
    ? sql`${logs.eventId} + 0 ${sql.raw(direction.toUpperCase())}`
    : byEventId(direction);
  const query = db.select().from(logs).where(options.where).orderBy(order);
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

/**
 * The pager's total: exact up to EXACT_TOTAL_BOUND rows, estimated beyond. The whole log, asked
 * without a bound of the page's own, takes the planner's estimate first: entries are never deleted,
 * so it follows the log's size (lib/paging.ts, growingTableTotal).
 */
export function countLogs(db: DbOrTx, where?: SQL, bound?: number, atLeast?: number): Promise<ListTotal> {
  const matching = db.select({ id: logs.eventId }).from(logs).where(where);
  if (!where && bound === undefined && atLeast === undefined) return growingTableTotal(db, matching);
  return boundedTotal(db, matching, bound, atLeast);
}

/** Every matching event id in the list's order (as `findLogs`), as a query for the streamed list's cursor. */
export function logIdQuery(db: DbOrTx, where?: SQL, direction: LogDirection = 'desc') {
  return db.select({ id: logs.eventId }).from(logs).where(where).orderBy(byEventId(direction));
}

/** The entries of `ids`, in that order. */
export async function findLogsByIds(db: DbOrTx, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(logs)
    .where(anyId(logs.eventId, ids, 'bigint'));
  return inIdOrder(ids, rows, (row) => row.eventId);
}
