/**
 * Bulk INSERTs for the generator: one `INSERT … SELECT FROM unnest(arrays)` per batch, each column
 * passed as ONE array literal, so 10,000 rows cost one statement with a parameter per column (the
 * same on PostgreSQL and PGlite, which has no COPY from the client).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database.js';

type Value = string | number | boolean | null;

/** A PostgreSQL array literal: texts quoted, NULL bare. */
function arrayLiteral(values: readonly Value[]): string {
  const items = values.map((v) => {
    if (v === null) return 'NULL';
    if (typeof v === 'string') return `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
    return String(v);
  });
  return `{${items.join(',')}}`;
}

/** Column name in the table and the array element type (int, text, date, bool, float8, …). */
export type ColumnSpec = readonly [column: string, type: string];

/** Inserts `rows` (objects keyed by column name) into `table` in one statement. */
export async function insertUnnest(
  db: Db,
  table: string,
  columns: readonly ColumnSpec[],
  rows: readonly Record<string, Value>[],
) {
  if (rows.length === 0) return;
  const names = columns.map(([c]) => `"${c}"`).join(', ');
  const arrays = columns.map(
    ([column, type]) => sql`${arrayLiteral(rows.map((r) => r[column] ?? null))}::${sql.raw(type)}[]`,
  );
  await db.execute(
    sql`INSERT INTO ${sql.identifier(table)} (${sql.raw(names)}) SELECT * FROM unnest(${sql.join(arrays, sql`, `)})`,
  );
}

/** Moves a serial column's sequence past the ids the generator gave. */
export async function continueSequence(db: Db, table: string, column = 'id') {
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), (SELECT coalesce(max(${sql.identifier(column)}), 1) FROM ${sql.identifier(table)}))`,
  );
}
