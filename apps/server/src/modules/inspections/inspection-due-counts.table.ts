import { date, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * How many machines of the "only current" inspection list (inspection_summaries.actual) fall due
 * on each day, so the dashboard counts the overdue and next-30-days machines by adding up a few
 * hundred rows instead of counting hundreds of thousands of summaries. Kept by statement-level
 * triggers on inspection_summaries (hand-written in the migration that creates this table), so
 * every write of the summaries, including a machine's cascaded delete, adjusts it in its own
 * transaction. Days whose count drops to 0 keep their row (one row per day ever used). Not in
 * db/schema.ts on purpose: it is derived, so a backup leaves it out and a restore rebuilds it
 * through the triggers.
 */
export const inspectionDueCounts = pgTable('inspection_due_counts', {
  dueDate: date({ mode: 'string' }).primaryKey(),
  machines: integer().notNull().default(0),
});
