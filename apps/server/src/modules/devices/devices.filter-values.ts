import { sql } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { likeContains } from '../../lib/text-search.js';
import {
  cleanTerm,
  loneValueFilter,
  ownersNamed,
  VALUE_FILTER_COLUMNS,
  type DeviceCriteria,
  type FilterValues,
  type ValueFilterField,
} from './devices.query.js';

/**
 * At most this many distinct values of a column are read (one B-tree descent each, 5–15 µs) to
 * answer its filter by them; a column with more, by the planner's statistics or by count, keeps
 * its `ILIKE`.
 */
export const FILTER_VALUES_CAP = 1_000;

/**
 * The criteria with what their filters name read beforehand (docs/decisions.md, "Walks in one
 * process, filters by their values"): the customers and categories by id, a constant the planner
 * estimates and a walk checks on the index entry; and a city, street, zip-code, power or warranty
 * filter that is the list's only condition, where the family's column has few distinct values, as
 * the values that contain the text ("kraków": `city = ANY(…)`, the same machines). The values are
 * read by a skip over the column's `(type, column, id)` B-tree, one descent per distinct value, and
 * checked with the filter's own `ILIKE`. Unchanged for a list of both families.
 */
export async function withFilterValues(db: DbOrTx, criteria: DeviceCriteria): Promise<DeviceCriteria> {
  const { family, filter } = criteria;
  if (!family || !filter) return criteria;
  const values: FilterValues = await ownersNamed(db, filter);
  const field = loneValueFilter(criteria);
  const found = field && (await matchingValues(db, family, field, cleanTerm(filter[field])));
  if (field && found) values[field] = found;
  return Object.keys(values).length ? { ...criteria, values } : criteria;
}

/**
 * The family's distinct values of a column that contain `term`, or undefined when the column has
 * more than FILTER_VALUES_CAP of them (the statistics say so before a step is taken, or the skip
 * reaches the cap) or the family has no machine. A column second in its B-tree (the warranty, after
 * its length) is skipped pair by pair: each distinct (length, warranty) is one step.
 */
export async function matchingValues(
  db: DbOrTx,
  family: MachineType,
  field: ValueFilterField,
  term: string,
): Promise<string[] | undefined> {
  const { name, after } = VALUE_FILTER_COLUMNS[field] as { name: string; after?: string };
  const column = sql.identifier(name);
  const lead = after ? sql.identifier(after) : undefined;
  const keyIn = (table: string) =>
    lead
      ? sql`${sql.identifier(table)}.${lead}, ${sql.identifier(table)}.${column}`
      : sql`${sql.identifier(table)}.${column}`;
  const leadIn = (table: string) => (lead ? sql`${sql.identifier(table)}.${lead}` : sql`NULL::int`);
  const cap = sql.raw(String(FILTER_VALUES_CAP));
  const result = await db.execute(sql`
    WITH RECURSIVE distinct_values(lead, value, step) AS (
      (SELECT ${leadIn('devices')}, devices.${column}, 1 FROM devices
        WHERE devices.type = ${family} AND NOT EXISTS (
          SELECT 1 FROM pg_stats s
          WHERE s.schemaname = current_schema() AND s.tablename = 'devices' AND s.attname = ${name}
            AND CASE WHEN s.n_distinct < 0
              THEN -s.n_distinct * (SELECT c.reltuples FROM pg_class c WHERE c.oid = 'devices'::regclass)
              ELSE s.n_distinct END > ${cap})
        ORDER BY ${keyIn('devices')} LIMIT 1)
      UNION ALL
      SELECT next.lead, next.value, v.step + 1
      FROM distinct_values v CROSS JOIN LATERAL (
        SELECT ${leadIn('d')} AS lead, d.${column} AS value FROM devices d
        WHERE d.type = ${family} AND ${lead ? sql`(d.${lead}, d.${column}) > (v.lead, v.value)` : sql`d.${column} > v.value`}
        ORDER BY ${keyIn('d')} LIMIT 1) AS next
      WHERE v.step <= ${cap}
    )
    SELECT max(step) AS steps,
      coalesce(json_agg(DISTINCT value ORDER BY value) FILTER (WHERE value ILIKE ${likeContains(term)}), '[]'::json)
        AS matching
    FROM distinct_values`);
  const [row] = (result as unknown as { rows: { steps: number | null; matching: string[] | string }[] }).rows;
  if (!row || row.steps === null || Number(row.steps) > FILTER_VALUES_CAP) return undefined;
  return typeof row.matching === 'string' ? (JSON.parse(row.matching) as string[]) : row.matching;
}
