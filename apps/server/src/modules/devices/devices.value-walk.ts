import { sql } from 'drizzle-orm';
import { machineSortFields } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import type { PageWindow } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { devices } from './devices.table.js';
import { loneOwnerFilter, loneValueFilter, type DeviceCriteria } from './devices.query.js';
import { findDevicesByIds, type DeviceRow } from './devices.repository.js';

/**
 * The value walk (docs/decisions.md, "A filter's values in list order"). A family list whose only
 * condition is a city, power or warranty filter answered by the column's values that contain the
 * text (devices.filter-values.ts: "kraków" is `city = 'Kraków'`), or a customer or category filter
 * (its customers or categories read by id, devices.query.ts ownersNamed), has for each value a
 * B-tree in the default order: `(type, column, status_weight, id)`, or the customer's and the
 * category's `(…_id, status_weight, id) INCLUDE (type)` (devices.table.ts). In an order by the
 * status weight (either way) a page then takes at most offset + size machines of each value from
 * its index alone, and sorts only those. Without it the 1,000th page of "kraków" (26,000 machines
 * at 1,000,000) collected every match from the table and sorted them, or walked the default
 * order's index past 400,000 machines of other cities.
 */
const WALKED_COLUMNS = {
  city: 'city',
  sourcePower: 'source_power',
  warranty: 'warranty',
  customer: 'customer_id',
  categories: 'category_id',
} as const;
type WalkedField = keyof typeof WALKED_COLUMNS;

/** The sort fields whose key is the status weight (the default order). */
const WEIGHT_SORTS = new Set(['status', 'statusWeight']);

/** Up to this many values (one B-tree descent each) are walked; with more, the list's own query. */
export const WALKED_VALUES_MAX = 1_000;

export interface ValueWalk {
  family: string;
  field: WalkedField;
  values: string[] | number[];
  descending: boolean;
}

/** The lone filter a value walk may answer, and its values as read, or undefined. */
function walkedValues(criteria: DeviceCriteria): Pick<ValueWalk, 'field' | 'values'> | undefined {
  const owner = loneOwnerFilter(criteria);
  if (owner) {
    const values = owner === 'customer' ? criteria.values?.customers : criteria.values?.categories;
    return values && { field: owner, values };
  }
  const field = loneValueFilter(criteria);
  const values = field && criteria.values?.[field];
  return field && field in WALKED_COLUMNS && values ? { field: field as WalkedField, values } : undefined;
}

/**
 * The walk of a list, or undefined: a family list whose only condition is a city, power, warranty,
 * customer or category filter answered by its values (at least one, and at most WALKED_VALUES_MAX;
 * none matches nothing, and is counted so), in an order by the status weight.
 */
export function valueWalkOf(criteria: DeviceCriteria, sort: string | undefined): ValueWalk | undefined {
  const walked = criteria.family ? walkedValues(criteria) : undefined;
  if (!walked?.values.length || walked.values.length > WALKED_VALUES_MAX) return undefined;
  const { field: sortField, direction } = parseSortParam(sort, machineSortFields, {
    field: 'statusWeight',
    direction: 'asc',
  });
  if (!WEIGHT_SORTS.has(sortField)) return undefined;
  return { family: criteria.family!, ...walked, descending: direction === 'desc' };
}

/**
 * The page's ids: for each value, its first offset + size machines of the family in list order
 * (one descent of its B-tree, read from the index alone), then those sorted and the page cut.
 */
export function valueWalkIdsQuery(walk: ValueWalk, window: PageWindow) {
  const column = sql.identifier(WALKED_COLUMNS[walk.field]);
  const dir = walk.descending ? sql`DESC` : sql`ASC`;
  const type = typeof walk.values[0] === 'number' ? sql`int[]` : sql`text[]`;
  const values = sql`ARRAY[${sql.join(
    walk.values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${type}`;
  return sql`SELECT picked.id FROM unnest(${values}) AS wanted(value)
    CROSS JOIN LATERAL (
      SELECT d.id, d.status_weight FROM ${devices} AS d
      WHERE d.${column} = wanted.value AND d.type = ${walk.family}
      ORDER BY d.status_weight ${dir}, d.id ${dir}
      LIMIT ${window.offset + window.limit}
    ) AS picked
    ORDER BY picked.status_weight ${dir}, picked.id ${dir}
    LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/** The page of a value walk's list. */
export async function valueWalkPage(db: Db, walk: ValueWalk, window: PageWindow): Promise<DeviceRow[]> {
  const result = await db.execute(valueWalkIdsQuery(walk, window));
  const ids = (result as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
  return findDevicesByIds(db, ids);
}
