import { integer, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * How many to-dos each status has (two rows), so the dashboard's open to-dos is one row read
 * rather than a count over tens of thousands of index entries. Kept by statement-level triggers
 * on todos (hand-written in the migration that creates this table); derived, so not in
 * db/schema.ts and not in a backup (a restore rebuilds it through the triggers).
 */
export const todoStatusCounts = pgTable('todo_status_counts', {
  status: varchar({ length: 10 }).primaryKey(),
  todos: integer().notNull().default(0),
});
