import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns.js';

export const categories = pgTable(
  'categories',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
    /** JSON-encoded list of operation strings with the @dodatkowePola marker (spec §3). */
    serviceReviewOperationsList: text().notNull().default('[]'),
    /**
     * Machines (both families) in the category, kept by a statement trigger on `devices` in the
     * writing transaction, so the category list's counts do not read a million machines.
     */
    machineCount: integer().notNull().default(0),
    ...timestamps,
  },
  (t) => [uniqueIndex('categories_name_lower_uq').on(sql`lower(${t.name})`)],
);
