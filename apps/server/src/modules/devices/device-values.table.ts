import { integer, pgTable, primaryKey, text, varchar } from 'drizzle-orm/pg-core';
import { trigramIndex } from '../../db/columns.js';

/**
 * The distinct values of the machines' text filter columns (city, street, zip code, power, warranty)
 * in each family, with how many machines hold each: what a text filter typed into one of them
 * matches is read here, value by value ("hutnicza": the 150 streets of 2,700 that contain it), and
 * the list then takes each value's machines from its own index (devices.filter-values.ts,
 * devices.value-walk.ts). Kept by statement-level triggers on `devices` (hand-written in migration
 * device_values, as list_counts); derived, so not in db/schema.ts and not in a backup (a restore
 * writes the machines, and the triggers count them again). `field` is the column's name. A value
 * whose machines all left keeps its row at 0.
 */
export const deviceValues = pgTable(
  'device_values',
  {
    type: varchar({ length: 10 }).notNull(),
    field: varchar({ length: 20 }).notNull(),
    value: text().notNull(),
    machines: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.type, t.field, t.value] }),
    // A filter's text anywhere in the value (ILIKE), as the filter compares the column.
    trigramIndex('device_values_value_trgm', t.value),
  ],
);
