import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { bulkStatementRows } from '../../db/bulk-statement-rows.js';

/** One JSON text parameter: any number of values in one statement, the same on PGlite and pg. */
export const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
export const textList = (values: string[]) => sql`(SELECT jsonb_array_elements_text(${jsonParam(values)}))`;
/** `IN` list of ids, as one JSON parameter. */
export const idList = (ids: number[]) => sql`(SELECT (jsonb_array_elements_text(${jsonParam(ids)}))::int)`;

export const rows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));

/**
 * A name as the import compares it (as `nameKey` in the service): any case, runs of spaces as one,
 * so that "ZPH  Jankowski" typed with two spaces is the register's "ZPH Jankowski".
 */
export const nameKey = (column: string) =>
  sql.raw(`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`);

/** Told the number of rows each statement of a write has written (the import's progress). */
export type OnChunk = (rows: number) => Promise<void>;
export const noChunks: OnChunk = async () => undefined;

/**
 * The SET list of the given import fields (those with no column of their own are left out), and
 * the condition that one of them changes: a row the file gives as it already is stays untouched
 * (its `updated_at` too) and is not counted as updated.
 */
export function updateOf(
  sets: Record<string, Record<string, string>>,
  alias: string,
  fields: Iterable<string>,
) {
  const columns = [...new Set(fields)].flatMap((field) => Object.entries(sets[field] ?? {}));
  const assignments = [...columns.map(([column, value]) => `${column} = ${value}`), 'updated_at = now()'];
  const changes = columns.map(([column, value]) => `${alias}.${column} IS DISTINCT FROM ${value}`);
  return { set: sql.raw(assignments.join(', ')), changed: sql.raw(changes.join(' OR ') || 'false') };
}

/** A table an import updates: its rows as the import sends them (`record`), what each field sets. */
export interface ImportedTable {
  table: 'devices' | 'customers';
  record: SQL;
  sets: Record<string, Record<string, string>>;
}

const aliasOf = (target: ImportedTable) => (target.table === 'devices' ? 'd' : 'c');

/**
 * `columns` over the records that `list` (rows that update a record, by `id`) would update, each
 * beside the file's values (`v`), `bulkStatementRows()` rows a statement; the one row each statement answers.
 */
async function overUpdatedRecords<T>(
  db: DbOrTx,
  target: ImportedTable,
  list: { id?: number }[],
  columns: SQL,
  where: SQL = sql``,
): Promise<T[]> {
  const alias = sql.raw(aliasOf(target));
  const answers: T[] = [];
  const chunk = bulkStatementRows();
  for (let start = 0; start < list.length; start += chunk) {
    const [found] = await rows<T>(
      db,
      sql`SELECT ${columns} FROM ${sql.raw(target.table)} AS ${alias}
          JOIN jsonb_to_recordset(${jsonParam(list.slice(start, start + chunk))}) AS v(id int, ${target.record})
          ON ${alias}.id = v.id ${where}`,
    );
    if (found) answers.push(found);
  }
  return answers;
}

/**
 * The ids of the records that `list` (rows that update a record, by `id`) would leave as they are:
 * the preview's "bez zmian" (their count, and the rows it shows), by the same comparison as the
 * update's.
 */
export async function unchangedOf(
  db: DbOrTx,
  target: ImportedTable,
  list: { id?: number }[],
  fields: Iterable<string>,
): Promise<number[]> {
  const { changed } = updateOf(target.sets, aliasOf(target), fields);
  const found = await overUpdatedRecords<{ ids: number[] }>(
    db,
    target,
    list,
    sql`coalesce(array_agg(${sql.raw(aliasOf(target))}.id), '{}') AS ids`,
    sql`WHERE NOT (${changed})`,
  );
  return found.flatMap((chunk) => chunk.ids.map(Number));
}

/**
 * Of `list` (rows that update a record, by `id`), how many records each given field would empty: a
 * cell left empty in the file clears a stored value (that is how a value is cleared), which the
 * preview names so that it is not done by mistake. Fields with no count are left out.
 */
export async function clearedOf(
  db: DbOrTx,
  target: ImportedTable,
  list: { id?: number }[],
  fields: Iterable<string>,
): Promise<{ field: string; records: number }[]> {
  const alias = aliasOf(target);
  const checked = [...new Set(fields)].filter((field) => target.sets[field]);
  if (!checked.length || !list.length) return [];
  // Empty: no value, blanks, or 0 (a warranty of 0 months is none).
  const empties = (text: string) => `nullif(nullif(btrim((${text})::text), ''), '0') IS NULL`;
  const counts = checked.map((field, i) => {
    const emptied = Object.entries(target.sets[field]!).map(
      ([column, value]) => `(${empties(value)} AND NOT ${empties(`${alias}.${column}`)})`,
    );
    return `count(*) FILTER (WHERE ${emptied.join(' OR ')})::int AS f${i}`;
  });
  const found = await overUpdatedRecords<Record<string, number>>(
    db,
    target,
    list,
    sql.raw(counts.join(', ')),
  );
  return checked.flatMap((field, i) => {
    const records = found.reduce((sum, chunk) => sum + Number(chunk[`f${i}`] ?? 0), 0);
    return records ? [{ field, records }] : [];
  });
}
