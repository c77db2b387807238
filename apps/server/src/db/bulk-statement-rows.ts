import type { Database } from './database.js';

/**
 * The rows (or machines) one statement of a bulk write takes: an import's inserts, updates and
 * lookups, and its recomputation of the inspection dates. PostgreSQL runs a statement in its own
 * process; PGlite runs it in the server's thread, so that every other request waits for it to end:
 * there 1,000, where a 5,000-row update held the server 4.5 s (0.71 s now; `bench/import.ts`,
 * "najdłuższe wstrzymanie pętli zdarzeń"), and the import itself took no longer.
 */
const ROWS: Record<Database['kind'], number> = { postgres: 5_000, pglite: 1_000 };

let rows = ROWS.postgres;

/** The number of rows a bulk statement takes on the database the server was started with. */
export const bulkStatementRows = () => rows;

/** Set once the database is known (`buildApp`). */
export function setBulkStatementRowsFor(kind: Database['kind']) {
  rows = ROWS[kind];
}
