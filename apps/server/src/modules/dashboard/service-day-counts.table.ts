import { date, integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';

/**
 * How many service events of each state carry each date, so the dashboard's protocols waiting for
 * a signature or a scan (all dates, two states) and the month's issued and signed protocols (at
 * most 31 days) are sums over a few rows instead of counts over hundreds of thousands of events.
 * Kept by statement-level triggers on services (hand-written in the migration that creates this
 * table), in the transaction of every write, whoever writes. Not in db/schema.ts on purpose: it
 * is derived, so a backup leaves it out and a restore rebuilds it through the triggers.
 */
export const serviceDayCounts = pgTable(
  'service_day_counts',
  {
    day: date({ mode: 'string' }).notNull(),
    state: varchar({ length: 20 }).notNull(),
    services: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.state] })],
);
