import { and, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_MACHINE_ORDER, machineSortFields, type MachineSortField } from '@serwis/domain';
import { parseSortParam, type SortOrder } from '../../lib/sort-param.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { statusCondition } from './devices.filters.js';
import { deviceWhere, hasCheckedConditions } from './devices.where.js';

/** ORDER BY over `devices` alone: the machine carries copies of its customer's and category's names. */
export interface DeviceOrder {
  by: SQL[];
}

/** The sort keys of each field; numbers and dates are `numeric`, the rest text. */
const SORT_COLUMNS: Record<MachineSortField, { column: SQL; numeric?: boolean }[]> = {
  id: [],
  status: [{ column: sql`${devices.statusWeight}`, numeric: true }],
  statusWeight: [{ column: sql`${devices.statusWeight}`, numeric: true }],
  name: [{ column: sql`${devices.name}` }],
  customer: [{ column: sql`${devices.customerShortName}` }],
  category: [{ column: sql`${devices.categoryName}` }],
  serialNumber: [{ column: sql`${devices.serialNumber}` }],
  sourcePower: [{ column: sql`${devices.sourcePower}` }],
  transferDate: [{ column: sql`${devices.transferDate}`, numeric: true }],
  warranty: [{ column: sql`${devices.warrantyLength}`, numeric: true }, { column: sql`${devices.warranty}` }],
  warrantyLength: [{ column: sql`${devices.warrantyLength}`, numeric: true }],
  streetAddress: [{ column: sql`${devices.streetAddress}` }],
  zipCode: [{ column: sql`${devices.zipCode}` }],
  city: [{ column: sql`${devices.city}` }],
  province: [{ column: sql`${devices.province}` }],
};

/**
 * What a family list's plain page states so that the narrow twin of the default order's index may
 * serve it (`devices_type_weight_narrow_idx`, partial on this condition, which every machine
 * meets; devices.table.ts): its entries hold no INCLUDE columns, so a page past thousands of
 * machines in the status weight's order passes a sixth of the index pages. Walks leave it out: they
 * read the wide index's INCLUDE columns on the entry.
 */
const NARROW_WEIGHT_INDEX = sql`${devices.id} > 0`;

/**
 * The WHERE of a page of a family, owner or status list (no text condition), in `sort`'s order: the
 * narrow index's too when the order is the status weight's. Any other order leaves the condition
 * out: its index would check it on each entry it passes, and the planner weigh it against every
 * index (the 1,000th page by name at 1M: planned in 0.45 ms against 0.52, run in 1.0 against 1.1).
 */
export const indexedPageWhere = (criteria: DeviceCriteria, sort: string | undefined): SQL =>
  WEIGHT_SORT_FIELDS.has(deviceSort(sort).field)
    ? and(deviceWhere(criteria), NARROW_WEIGHT_INDEX)!
    : deviceWhere(criteria);

/**
 * A machine list's `sort` read against `machineSortFields` (anything else → 400), the domain's
 * default order (DEFAULT_MACHINE_SORT: the status weight ascending) when the request names none.
 */
export const deviceSort = (sort: string | undefined): SortOrder<MachineSortField> =>
  parseSortParam(sort, machineSortFields, DEFAULT_MACHINE_ORDER);

/** The sort fields whose key is the status weight (the default order's). */
export const WEIGHT_SORT_FIELDS: ReadonlySet<MachineSortField> = new Set(['status', 'statusWeight']);

/** The sort fields an owner's own B-trees hold in order: (owner, status_weight, id) and (owner, name, id). */
const OWNER_ORDERED_FIELDS: ReadonlySet<MachineSortField> = new Set([...WEIGHT_SORT_FIELDS, 'name']);

/**
 * Whether a category's or customer's machines (both families, no other condition) are held in
 * `sort`'s order by one of the owner's indexes (devices.table.ts). A page then walks that index and
 * reads no more entries than the page's end, where sorting the owner's few thousand machines by a
 * column outside the index reads each of their rows (a category's 4,722 by name: 11 ms against 0.1).
 */
export function ownerIndexHoldsOrder(criteria: DeviceCriteria, sort: string | undefined): boolean {
  if (
    !criteria.owner ||
    criteria.family ||
    statusCondition(criteria.filter) ||
    hasCheckedConditions(criteria)
  ) {
    return false;
  }
  return OWNER_ORDERED_FIELDS.has(deviceSort(sort).field);
}

/**
 * The default order's key of a machine as one bigint: its status weight above its id (both positive,
 * the id under 2^32), in the same order as the pair. A sort of a few thousand matches by this one
 * number takes two thirds of the time it takes by the pair (18,000 machines handed over in a quarter
 * at 1M: 8.8 → 6.0 ms), and three times less in the value walk's union (devices.value-walk.ts).
 */
export const weightIdKey = (weight: SQL, id: SQL): SQL => sql`(((${weight})::int8 << 32) | ${id})`;

/**
 * `field,asc|desc` over `machineSortFields` (anything else → 400); default status weight ascending.
 * The id in the same direction breaks ties, so pages never overlap. Every field of a family list has
 * its `(type, key, id)` index (devices.table.ts), so a page is an index walk.
 *
 * `fewRows`: the caller knows the filter matches few machines. Walking an index in sort order and
 * discarding non-matching rows would then read most of the table (the planner cannot tell: the
 * search's ANY(ARRAY(subquery)) branches have no statistics), so the keys are wrapped in a no-op
 * (`+ 0`, `|| ''`) that no index matches: the matches are fetched through the filter's own indexes
 * and sorted.
 */
export function deviceOrder(sort: string | undefined, options: { fewRows?: boolean } = {}): DeviceOrder {
  const { field, direction } = deviceSort(sort);
  const dir = direction === 'desc' ? sql`DESC` : sql`ASC`;
  // A machine without a handover date goes last in both directions.
  const nulls = field === 'transferDate' ? sql` NULLS LAST` : sql``;
  const key = ({ column, numeric }: { column: SQL; numeric?: boolean }) => {
    if (!options.fewRows) return column;
    return numeric ? sql`(${column} + 0)` : sql`(${column} || '')`;
  };
  if (options.fewRows && WEIGHT_SORT_FIELDS.has(field)) {
    // One number to sort by, which no index holds either: the weight and id as one bigint.
    return {
      by: [sql`${weightIdKey(sql`${devices.statusWeight}`, sql`${devices.id}`)} ${dir}`],
    };
  }
  return {
    by: [
      ...SORT_COLUMNS[field].map((part) => sql`${key(part)} ${dir}${nulls}`),
      sql`${key({ column: sql`${devices.id}`, numeric: true })} ${dir}`,
    ],
  };
}
