import { sql } from 'drizzle-orm';
import { date, integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';

/**
 * How many service events each employee created per month, by state, payment type and set of
 * service types: the statistics screen's table and charts over whole months add up these rows
 * (a few hundred a month) instead of counting every event of the range (seconds at 500,000 events
 * on PGlite for the screen's default, open range). Kept by statement-level triggers on services
 * (hand-written in the migration that creates this table), in the transaction of every write.
 * Derived, like service_day_counts: a backup leaves it out and a restore rebuilds it through the
 * triggers. A row whose events were all deleted or moved stays with 0.
 */
export const serviceMonthCounts = pgTable(
  'service_month_counts',
  {
    /** The first day of the month. */
    month: date({ mode: 'string' }).notNull(),
    userCreatedId: integer().notNull(),
    state: varchar({ length: 20 }).notNull(),
    paymentType: varchar({ length: 30 }).notNull(),
    types: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    services: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.userCreatedId, t.state, t.paymentType, t.types] })],
);
