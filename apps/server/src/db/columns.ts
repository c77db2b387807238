import { sql, type SQLWrapper } from 'drizzle-orm';
import { index, timestamp } from 'drizzle-orm/pg-core';

/** created/updated timestamps every table carries. */
export const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
};

/**
 * The pending list of a trigram index, in kB (PostgreSQL's default is 4 MB). New entries wait there
 * until a vacuum or until the list is full, and every search reads the whole list: at 26,000 log
 * entries, 1,237 pending ones (293 pages) turned the log search "zzzz" from the index (0.1 ms) into a
 * scan of the table (29 ms). Autovacuum comes only after a fifth of the table is new, so the list
 * would fill up between vacuums. At 256 kB (32 pages) the inserting statement merges it into the
 * index every few dozen rows, and importing 100,000 machines takes as long as with 4 MB (64 kB: 15%
 * longer). docs/decisions.md, "A trigram index's pending list".
 */
export const TRIGRAM_PENDING_LIST_KB = 256;

/** pg_trgm's GIN index on `expression`, its pending list kept short (TRIGRAM_PENDING_LIST_KB). */
export const trigramIndex = (name: string, expression: SQLWrapper) =>
  index(name)
    .using('gin', sql`${expression} gin_trgm_ops`)
    .with({ gin_pending_list_limit: TRIGRAM_PENDING_LIST_KB });
