import { sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DB_CASING, type DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';

/** The columns of a prebuilt select, each under the key its rows carry it by. */
export type PrebuiltSelection = Record<string, Column>;

/** One row of a prebuilt select, typed as drizzle types the same selection. */
export type PrebuiltRow<S extends PrebuiltSelection> = SelectResultFields<S>;

export interface PrebuiltSelect<S extends PrebuiltSelection> {
  /** The rows of `SELECT <columns> FROM <from> <rest>`, `rest` being the WHERE, ORDER BY and LIMIT. */
  rows(db: DbOrTx, rest: SQL): Promise<PrebuiltRow<S>[]>;
  /**
   * The same rows, and values of the statement as a whole (each a scalar subquery, selected beside
   * the columns) as the driver reads them, taken from the first row: one statement where two would
   * be sent. Without rows, `values` is undefined and the caller asks them alone.
   */
  rowsWith<K extends string>(
    db: DbOrTx,
    rest: SQL,
    values: Record<K, SQL>,
  ): Promise<{ rows: PrebuiltRow<S>[]; values?: Record<K, unknown> }>;
}

/**
 * A wide select whose column list and joins are written once, when first asked for, instead of on
 * every statement. drizzle writes a select anew on each call, checking every column of it, and for
 * the machine page (26 columns, a join) that took 0.2 ms when measured alone and about 0.5 ms within
 * a list call, a quarter of what PostgreSQL takes to read its 1,000th page at 1,000,000 machines
 * (docs/decisions.md, "A wide select written once"). Here drizzle writes only the rest of the
 * statement.
 *
 * Each column is selected under its key (`AS "customerShortName"`) and its value read as drizzle
 * reads it for a select (the column's `mapFromDriverValue`; NULL stays NULL), so the rows equal those
 * of `db.select(selection)` with the same joins. The drivers parse the values by the same parsers
 * for both (dates and timestamps stay text).
 */
export function prebuiltSelect<S extends PrebuiltSelection>(selection: S, from: SQL): PrebuiltSelect<S> {
  const entries = Object.entries(selection);
  let written: { columns: SQL; from: SQL } | undefined;
  const raw = (part: SQL) => {
    const text = new PgDialect({ casing: DB_CASING }).sqlToQuery(part);
    if (text.params.length) throw new Error('A prebuilt select takes no values in its columns or joins');
    return sql.raw(text.sql);
  };
  const write = () => ({
    columns: raw(
      sql.join(
        entries.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`),
        sql`, `,
      ),
    ),
    from: raw(from),
  });
  const read = async (db: DbOrTx, rest: SQL, values: [string, SQL][]) => {
    written ??= write();
    const extra = values.map(([key, value]) => sql`, ${value} AS ${sql.identifier(key)}`);
    const result = await db.execute(
      sql`SELECT ${written.columns}${sql.join(extra)} FROM ${written.from} ${rest}`,
    );
    return rowsOf<Record<string, unknown>>(result);
  };
  const toRow = (driverRow: Record<string, unknown>) => {
    const row: Record<string, unknown> = {};
    for (const [key, column] of entries) {
      const value = driverRow[key];
      row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as PrebuiltRow<S>;
  };
  return {
    async rows(db, rest) {
      return (await read(db, rest, [])).map(toRow);
    },
    async rowsWith<K extends string>(db: DbOrTx, rest: SQL, values: Record<K, SQL>) {
      const keys = Object.keys(values) as K[];
      if (keys.some((key) => key in selection)) throw new Error('A value is named as a column');
      const found = await read(db, rest, Object.entries<SQL>(values));
      const first = found[0];
      return {
        rows: found.map(toRow),
        values: first && (Object.fromEntries(keys.map((key) => [key, first[key]])) as Record<K, unknown>),
      };
    },
  };
}
