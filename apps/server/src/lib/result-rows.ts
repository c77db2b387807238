/**
 * The rows of a `db.execute` result, whichever the driver (node-postgres and PGlite both answer
 * `{ rows }`; Drizzle's type for it differs by driver), typed as the query selects them.
 */
export const rowsOf = <T = Record<string, unknown>>(result: unknown): T[] => (result as { rows: T[] }).rows;
