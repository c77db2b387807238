import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * How many rows each whole list has (machines and events of each family, listed and actual
 * inspections), so the pager of an unfiltered list shows an exact total, at a million machines too,
 * from one row. Kept by statement-level triggers on the listed tables (hand-written in the migration
 * that creates this table); derived, so not in db/schema.ts and not in a backup (a restore rebuilds
 * it through the triggers).
 */
export const listCounts = pgTable('list_counts', {
  list: varchar({ length: 40 }).primaryKey(),
  rows: bigint({ mode: 'number' }).notNull().default(0),
});
