import { sql } from 'drizzle-orm';
import { prefixIndexExpression } from '../../lib/text-search.js';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  varchar,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.table.js';
import { trigramIndex } from '../../db/columns.js';

type Keyed = { deviceId: ExtraConfigColumn; listed: ExtraConfigColumn; actual: ExtraConfigColumn };

const sortIndexes = (name: string, key: ExtraConfigColumn, t: Keyed) => [
  index(`inspection_summaries_${name}_asc_idx`).on(key.asc().nullsLast(), t.deviceId, t.listed, t.actual),
  index(`inspection_summaries_${name}_desc_idx`).on(key.desc().nullsLast(), t.deviceId, t.listed, t.actual),
];

/**
 * One row per machine: what the inspection list needs from its counted inspections, kept up to
 * date in the transaction of every write that can change it (inspection-summaries.ts), so the list
 * pages through an index instead of aggregating 1,000,000 service events per request. Nothing here
 * depends on "today"; the days are computed when the list is read.
 */
export const inspectionSummaries = pgTable(
  'inspection_summaries',
  {
    deviceId: integer()
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    /** Largest period among the counted inspections; -1 when none. */
    lastPeriod: integer().notNull().default(-1),
    lastInspection: date({ mode: 'string' }),
    /** transfer_date + (max(lastPeriod, 0) + 6) months, month ends clamped; null without a transfer date. */
    nextInspection: date({ mode: 'string' }),
    /**
     * On the "all" list: an own (INTERNAL) machine with inspections enabled. Copied from the machine
     * because a partial index can only filter on its own table's columns.
     */
    listed: boolean().notNull().default(false),
    /** On the "onlyActual" list: listed, handed over, and the last warranty inspection not done. */
    actual: boolean().notNull().default(false),
    /**
     * The list's other sort keys, copied from the machine, its customer and its category by the
     * database in the writing transaction (migration inspection_list_keys: a BEFORE trigger on this
     * table, AFTER triggers on devices, customers and categories), so every sort pages through an
     * index of this table. Never written by the application.
     */
    deviceName: varchar({ length: 255 }).notNull().default(''),
    city: varchar({ length: 100 }).notNull().default(''),
    statusWeight: smallint().notNull().default(1),
    transferDate: date({ mode: 'string' }),
    warrantyEnd: date({ mode: 'string' }),
    customerShortName: varchar({ length: 100 }).notNull().default(''),
    categoryName: varchar({ length: 100 }).notNull().default(''),
    /**
     * What the list's search reads: machine name, city, customer and category, lower-cased and
     * joined with chr(31), which no search term contains. Kept by the same BEFORE trigger (migration
     * inspection_search_text). One trigram index answers a search of the four for a term of 2+
     * characters (inspections.repository.ts); LIKE against a lower-cased pattern costs a third of
     * ILIKE (docs/decisions.md, "The search copies").
     */
    searchText: text().notNull().default(''),
  },
  (t) => [
    // The lists' default order (days to next inspection ascending, no date last, ties by id) read
    // straight from an index, one per mode, so a page costs a few index entries and joins. Both
    // carry the search copy (INCLUDE (search_text), built by hand in migration
    // inspection_search_text: Drizzle cannot declare it), so a search walks the index alone.
    index('inspection_summaries_all_idx')
      .on(t.nextInspection.asc().nullsLast(), t.deviceId)
      .where(sql`${t.listed}`),
    index('inspection_summaries_actual_idx')
      .on(t.nextInspection.asc().nullsLast(), t.deviceId)
      .where(sql`${t.actual}`),
    // The same key descending (no date still last), for both modes: a page sorted by the next
    // inspection or the days to it, latest first, read all 1,000,000 summaries and sorted them.
    index('inspection_summaries_next_desc_idx').on(
      t.nextInspection.desc().nullsLast(),
      t.deviceId,
      t.listed,
      t.actual,
    ),
    // Every other sort: `key ASC NULLS LAST, device_id` and `key DESC NULLS LAST, device_id` (the
    // list breaks ties by ascending id in both directions), the mode flags riding along.
    // Search (inspections.repository.ts): 3+ characters anywhere, 1–2 at the start of a text.
    trigramIndex('inspection_summaries_search_trgm', t.searchText),
    index('inspection_summaries_name_prefix_idx').on(prefixIndexExpression(t.deviceName)),
    index('inspection_summaries_city_prefix_idx').on(prefixIndexExpression(t.city)),
    index('inspection_summaries_customer_prefix_idx').on(prefixIndexExpression(t.customerShortName)),
    index('inspection_summaries_category_prefix_idx').on(prefixIndexExpression(t.categoryName)),
    ...sortIndexes('last', t.lastInspection, t),
    ...sortIndexes('status', t.statusWeight, t),
    ...sortIndexes('name', t.deviceName, t),
    ...sortIndexes('category', t.categoryName, t),
    ...sortIndexes('customer', t.customerShortName, t),
    ...sortIndexes('city', t.city, t),
    ...sortIndexes('transfer', t.transferDate, t),
    ...sortIndexes('warranty_end', t.warrantyEnd, t),
  ],
);
