import { bigint, bigserial, index, pgTable, text, varchar } from 'drizzle-orm/pg-core';

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
  (t) => [index('logs_arg1_idx').on(t.arg1)],
);
