import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable } from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.table.js';

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
  },
  (t) => [
    // The lists' default order (days to next inspection ascending, no date last, ties by id) read
    // straight from an index, one per mode, so a page costs a few index entries and joins.
    index('inspection_summaries_all_idx')
      .on(t.nextInspection.asc().nullsLast(), t.deviceId)
      .where(sql`${t.listed}`),
    index('inspection_summaries_actual_idx')
      .on(t.nextInspection.asc().nullsLast(), t.deviceId)
      .where(sql`${t.actual}`),
  ],
);
