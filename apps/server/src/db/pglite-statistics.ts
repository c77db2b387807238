import type { PGlite } from '@electric-sql/pglite';

/*
 * PGlite runs no autovacuum, so nothing refreshes the planner's statistics: after a migration's
 * backfill, a bulk import or months of writes it plans from figures of an empty or much smaller
 * table (issue 11 measured a one-character service search at 1,187 ms before ANALYZE, 50 ms after).
 * This does the analyse part of autovacuum's work: a table is analysed when it was never analysed,
 * when it grew by more than autovacuum's default share (10 %) since, or when an index on an
 * expression has no statistics yet (a migration added it after the last analysis: without them the
 * planner guesses that a search of `lower(left(…))` or of a trigram expression matches 0.5 % or
 * fewer rows, and walks a whole table for a term that every row holds). Growth is read from the
 * catalogue (pages now against pages at the last analysis), which survives a restart, unlike the
 * statistics counters. Rows rewritten in place (a backfill) also grow the table.
 *
 * It vacuums as it analyses (`VACUUM (ANALYZE)`), for what autovacuum's vacuum gives the lists: the
 * visibility map. Without it every index-only scan reads the table too (PGlite's 1,000th page of a
 * sorted machine list fetched 10,000 rows instead of reading 10,000 index entries). A table is also
 * taken when fewer than half its pages were all-visible at its last analysis (a table that was
 * analysed but never vacuumed, or rewritten since).
 */

/** autovacuum_analyze_scale_factor's default, and a floor so that small tables are left alone. */
const GROWTH_SHARE = 0.1;
const MIN_GROWTH_PAGES = 8;

/** How often a running server looks again (the check is one catalogue query). */
export const PGLITE_ANALYZE_INTERVAL_MS = 10 * 60_000;

const STALE_TABLES = `
  SELECT c.relname AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = 'public' AND c.relkind = 'r'
    AND pg_relation_size(c.oid) > 0
    AND (c.reltuples < 0
      OR pg_relation_size(c.oid) / current_setting('block_size')::int
         > c.relpages * (1 + ${GROWTH_SHARE}) + ${MIN_GROWTH_PAGES}
      OR c.relallvisible < c.relpages / 2
      OR EXISTS (SELECT 1 FROM pg_index i
        WHERE i.indrelid = c.oid AND i.indexprs IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM pg_statistic s WHERE s.starelid = i.indexrelid)))
  ORDER BY c.relname`;

/**
 * Vacuums and analyses every table whose statistics are missing or stale, one statement per table
 * so that requests waiting on the single PGlite session run between them. Answers the tables taken.
 */
export async function analyzeStaleTables(client: PGlite): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(STALE_TABLES);
  for (const { name } of rows) {
    await client.exec(`VACUUM (ANALYZE) "${name.replaceAll('"', '""')}"`);
  }
  return rows.map((r) => r.name);
}
