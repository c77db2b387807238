import { desc, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { logs } from './logs.table.js';
import { escapeLike } from '../../lib/text-search.js';
import { anyId, inIdOrder } from '../../lib/json-stream.js';

function textFilter(q?: string) {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(ilike(logs.formattedMessage, pattern), ilike(logs.arg0, pattern), ilike(logs.arg1, pattern));
}

export async function findLogs(db: DbOrTx, options: { q?: string; limit?: number; offset?: number }) {
  const query = db.select().from(logs).where(textFilter(options.q)).orderBy(desc(logs.eventId));
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

export async function countLogs(db: DbOrTx, q?: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(logs)
    .where(textFilter(q));
  return row.n;
}

/** Every matching event id, newest first (as `findLogs`), as a query for the streamed list's cursor. */
export function logIdQuery(db: DbOrTx, q?: string) {
  return db.select({ id: logs.eventId }).from(logs).where(textFilter(q)).orderBy(desc(logs.eventId));
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
