import { boolean, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * How many events of each family each customer has in each month of the full number (year, month),
 * so a deep page of a search naming customers ("Szymański": 192 customers, 141,000 own events at
 * 5,000,000) starts its walk at the page's month instead of passing every earlier event
 * (services.customer-months.ts). Kept by statement-level triggers on `services` (hand-written in
 * migration 0026, as list_counts); derived, so not in db/schema.ts and not in a backup (a restore
 * writes the events, and the triggers count them again). `internal`: the row counts the own
 * machines' events (has_internal), else the third-party ones' (has_external); an event of both is
 * in both. A month whose events all left keeps its row at 0.
 */
export const serviceCustomerMonths = pgTable(
  'service_customer_months',
  {
    customerId: integer().notNull(),
    internal: boolean().notNull(),
    year: smallint().notNull(),
    month: smallint().notNull(),
    events: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.internal, t.year, t.month] })],
);
