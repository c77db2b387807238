import { sql, type Column, type SQL } from 'drizzle-orm';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { PgDialect } from 'drizzle-orm/pg-core';
import { DB_CASING, type DbOrTx } from '../db/database.js';

/** The columns of a prebuilt select, each under the key its rows carry it by. */
export type PrebuiltSelection = Record<string, Column>;

/** One row of a prebuilt select, typed as drizzle types the same selection. */
export type PrebuiltRow<S extends PrebuiltSelection> = SelectResultFields<S>;

export interface PrebuiltSelect<S extends PrebuiltSelection> {
  /** The rows of `SELECT <columns> FROM <from> <rest>`, `rest` being the WHERE, ORDER BY and LIMIT. */
  rows(db: DbOrTx, rest: SQL): Promise<PrebuiltRow<S>[]>;
}

/**
 * A wide select whose column list and joins are written once, when first asked for, instead of on
 * every statement. drizzle writes a select anew on each call, checking every column of it, and for
 * the machine page (26 columns, a join) that took 0.2 ms when measured alone and about 0.5 ms within
 * a list call: as long as PostgreSQL takes to read a 1,000th page (docs/decisions.md, "A wide
 * select written once"). Here drizzle writes only the rest of the statement.
 *
 * Each column is selected under its key (`AS "customerShortName"`) and its value read as drizzle
 * reads it for a select (the column's `mapFromDriverValue`; NULL stays NULL), so the rows equal those
 * of `db.select(selection)` with the same joins. The drivers parse the values by the same parsers
 * for both (dates and timestamps stay text).
 */
export function prebuiltSelect<S extends PrebuiltSelection>(selection: S, from: SQL): PrebuiltSelect<S> {
  const entries = Object.entries(selection);
  let head: SQL | undefined;
  const writtenHead = () => {
    const columns = entries.map(([key, column]) => sql`${column} AS ${sql.identifier(key)}`);
    const text = new PgDialect({ casing: DB_CASING }).sqlToQuery(
      sql`SELECT ${sql.join(columns, sql`, `)} FROM ${from}`,
    );
    if (text.params.length) throw new Error('A prebuilt select takes no values in its columns or joins');
    return sql.raw(text.sql);
  };
  return {
    async rows(db, rest) {
      head ??= writtenHead();
      const result = await db.execute(sql`${head} ${rest}`);
      return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((raw) => {
        const row: Record<string, unknown> = {};
        for (const [key, column] of entries) {
          const value = raw[key];
          row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
        }
        return row as PrebuiltRow<S>;
      });
    },
  };
}
