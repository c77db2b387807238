import { sql } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { cleanTerm, likeContains } from '../../lib/text-search.js';
import { deviceValues } from './device-values.table.js';
import {
  VALUE_FILTER_COLUMNS,
  type DeviceCriteria,
  type FilterValues,
  type ValueFilterField,
} from './devices.criteria.js';
import { loneValueFilter } from './devices.filters.js';
import { ownersNamed } from './devices.owner-lookups.js';

/**
 * At most this many values containing a filter's text are read to answer it by them; with more,
 * the filter keeps its `ILIKE`.
 */
export const FILTER_VALUES_CAP = 1_000;

/**
 * The criteria with what their filters name read beforehand (docs/decisions.md, "Walks in one
 * process, filters by their values", "A filter's values in list order"): the customers and
 * categories by id, a constant the planner estimates and a walk checks on the index entry; and a
 * city, street, zip-code, power or warranty filter that is the list's only condition as the
 * family's values of the column that contain the text ("kraków": `city = ANY(…)`, the same
 * machines), read from the kept list of values (device_values). Unchanged for a list of both
 * families.
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
 * The family's values of a column that contain `term` (the filter's own `ILIKE`), held by at least
 * one machine, in order, read from device_values through its trigram index; undefined when more
 * than FILTER_VALUES_CAP match.
 */
export async function matchingValues(
  db: DbOrTx,
  family: MachineType,
  field: ValueFilterField,
  term: string,
): Promise<string[] | undefined> {
  const { name } = VALUE_FILTER_COLUMNS[field];
  const result = await db.execute(sql`
    SELECT coalesce(json_agg(v.value ORDER BY v.value), '[]'::json) AS matching, count(*)::int AS found
    FROM (SELECT ${deviceValues.value} AS value FROM ${deviceValues}
      WHERE ${deviceValues.type} = ${family} AND ${deviceValues.field} = ${name} AND ${deviceValues.machines} > 0
        AND ${deviceValues.value} ILIKE ${likeContains(term)}
      LIMIT ${FILTER_VALUES_CAP + 1}) AS v`);
  const [row] = rowsOf<{ matching: string[] | string; found: number }>(result);
  if (!row || Number(row.found) > FILTER_VALUES_CAP) return undefined;
  return typeof row.matching === 'string' ? (JSON.parse(row.matching) as string[]) : row.matching;
}
