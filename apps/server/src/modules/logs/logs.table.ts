import { sql, type SQLWrapper } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { prefixIndexExpression } from '../../lib/text-search.js';
import { trigramIndex } from '../../db/columns.js';

/**
 * The searched text of a log row: message, user and record in one string (chr(31) between them,
 * which no search term contains), so one trigram index answers a search of the three columns.
 */
export const logSearchText = (t: { formattedMessage: SQLWrapper; arg0: SQLWrapper; arg1: SQLWrapper }) =>
  sql`(${t.formattedMessage} || chr(31) || coalesce(${t.arg0}, '') || chr(31) || coalesce(${t.arg1}, ''))`;

/** Audit log; column names follow the old system's API (timestmp, arg0, arg1). */
export const logs = pgTable(
  'logs',
  {
    eventId: bigserial({ mode: 'number' }).primaryKey(),
    timestmp: bigint({ mode: 'number' }).notNull(),
    formattedMessage: text().notNull(),
    /** E-mail of the acting user. */
    arg0: varchar({ length: 254 }),
    /** The record, e.g. device:42. */
    arg1: varchar({ length: 100 }),
  },
  (t) => [
    index('logs_arg1_idx').on(t.arg1),
    trigramIndex('logs_search_trgm', logSearchText(t)),
    // A one- or two-character search matches the start of the message (its author's name).
    index('logs_message_prefix_idx').on(prefixIndexExpression(t.formattedMessage)),
  ],
);
