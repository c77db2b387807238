import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { intArray, selectedIds } from '../../lib/id-arrays.js';
import type { PageWindow } from '../../lib/paging.js';
import { devices } from './devices.table.js';
import {
  VALUE_FILTER_COLUMNS,
  type DeviceCriteria,
  type SearchedOwners,
  type ValueFilterField,
} from './devices.criteria.js';
import { loneListFilter, loneValueFilter, statusCondition } from './devices.filters.js';
import { deviceSort, WEIGHT_SORT_FIELDS, weightIdKey } from './devices.order.js';
import { hasCheckedConditions } from './devices.where.js';
import { findDevicesByIds, type DeviceRow } from './devices.repository.js';
import { knownMatchesSearch, knownMatchesWhere } from './devices.known-matches.js';

/**
 * The value walk (docs/decisions.md, "A filter's values in list order"). A family list whose only
 * condition is a text filter answered by the column's values that contain the text (a city,
 * street, zip code, power or warranty; devices.filter-values.ts: "kraków" is `city = 'Kraków'`), a
 * province filter, or a customer or category filter (its customers or categories read by id,
 * devices.owner-lookups.ts ownersNamed), has for each value a B-tree in the default order: `(type, column,
 * status_weight, id)`, or the customer's and the category's `(…_id, status_weight, id) INCLUDE
 * (type)` (devices.table.ts). In an order by the status weight (either way) a page then takes at
 * most offset + size machines of each value from its index alone, and sorts only those. Without it
 * the 1,000th page of "kraków" (26,000 machines at 1,000,000) collected every match from the table
 * and sorted them, or walked the default order's index past 400,000 machines of other cities.
 */
const WALKED_COLUMNS = {
  ...(Object.fromEntries(
    Object.entries(VALUE_FILTER_COLUMNS).map(([field, { name }]) => [field, name]),
  ) as Record<ValueFilterField, string>),
  customer: 'customer_id',
  categories: 'category_id',
  provinces: 'province',
  statusWeight: 'status_weight',
  id: 'id',
};
type WalkedField = keyof typeof WALKED_COLUMNS;

/** Up to this many values (one B-tree descent each) are walked; with more, the list's own query. */
const WALKED_VALUES_MAX = 1_000;

/** The machines of a column's values: a filter's, or one branch of a search known by id. */
export interface WalkSource {
  field: WalkedField;
  values: string[] | number[];
}

export interface ValueWalk {
  family: string;
  /** A machine matches when it is in any of them (a search's branches; a filter is one). */
  sources: WalkSource[];
  descending: boolean;
}

/** The lone filter a value walk may answer, and its values as read, or undefined. */
function filterSource(criteria: DeviceCriteria): WalkSource | undefined {
  const listed = loneListFilter(criteria);
  if (listed) {
    const { values: read, filter } = criteria;
    const values = { customer: read?.customers, categories: read?.categories, provinces: filter?.provinces }[
      listed
    ];
    return values && { field: listed, values };
  }
  const field = loneValueFilter(criteria);
  const values = field && criteria.values?.[field];
  return field && values ? { field, values } : undefined;
}

/** Whether the sort is by the status weight (either way); `descending` when so. */
function weightOrder(sort: string | undefined): { descending: boolean } | undefined {
  const { field, direction } = deviceSort(sort);
  return WEIGHT_SORT_FIELDS.has(field) ? { descending: direction === 'desc' } : undefined;
}

/**
 * The walk of a list, or undefined: a family list whose only condition is a text filter (city,
 * street, zip code, power, warranty), a province, customer or category filter answered by its
 * values (at least one, and at most WALKED_VALUES_MAX; none matches nothing, and is counted so), in
 * an order by the status weight.
 */
export function valueWalkOf(criteria: DeviceCriteria, sort: string | undefined): ValueWalk | undefined {
  const source = criteria.family ? filterSource(criteria) : undefined;
  if (!source?.values.length || source.values.length > WALKED_VALUES_MAX) return undefined;
  const order = weightOrder(sort);
  return order && { family: criteria.family!, sources: [source], ...order };
}

/** A search's branches, known by id (devices.known-matches.ts, knownMatchesWhere). */
export interface KnownBranches {
  /** The machines whose own text holds the term (a short one: whose name or serial number starts with it). */
  texts: number[];
  owners: SearchedOwners;
  /** The statuses whose name or label holds the term. */
  weights: number[];
}

/**
 * The walk of a family list searched for a term whose every branch is known by id, with no other
 * condition, in an order by the status weight ("nowak": the machines of 332 customers; "a": the
 * status "Awaria", where no machine's name or serial number starts with it); or undefined. Each
 * branch is one source, at most WALKED_VALUES_MAX values each.
 */
export function knownSearchWalk(
  criteria: DeviceCriteria,
  sort: string | undefined,
  branches: KnownBranches,
): ValueWalk | undefined {
  const order = knownSearchWalkable(criteria, sort);
  const sources = (
    [
      { field: 'id', values: branches.texts },
      { field: 'customer', values: branches.owners.customers },
      { field: 'categories', values: branches.owners.categories },
      { field: 'statusWeight', values: branches.weights },
    ] satisfies WalkSource[]
  ).filter((source) => source.values.length);
  if (!order || !sources.length || sources.some((s) => s.values.length > WALKED_VALUES_MAX)) return undefined;
  return { family: criteria.family!, sources, ...order };
}

/**
 * Whether a searched list may be walked by its known branches (knownSearchWalk), before they are
 * looked up: a family list with no condition but the search, in an order by the status weight.
 */
function knownSearchWalkable(
  { family, owner, filter }: DeviceCriteria,
  sort: string | undefined,
): { descending: boolean } | undefined {
  if (!family || owner || statusCondition(filter) || hasCheckedConditions({ family, filter }))
    return undefined;
  return weightOrder(sort);
}

/**
 * The page's ids: for each value, its first offset + size machines of the family in list order
 * (one descent of its B-tree, read from the index alone; the known ids as they are), then those of
 * every source together, each machine once, sorted, and the page cut. They are sorted by one
 * 64-bit key, the weight above the id (`listKey`): a sort of one number, where the pair took three
 * times as long (332 customers of "nowak", 46,000 machines: 20 → 7 ms).
 */
function valueWalkIdsQuery(walk: ValueWalk, window: PageWindow) {
  const dir = walk.descending ? sql`DESC` : sql`ASC`;
  const merged = mergedValuesQuery(walk, dir, window);
  if (merged) return merged;
  const picked = walk.sources.map((source) => sourceQuery(walk, source, dir, window.offset + window.limit));
  // A machine in two sources (a customer's, whose own text holds the term too) is taken once.
  const together = sql.join(picked, walk.sources.length > 1 ? sql` UNION ` : sql` UNION ALL `);
  const mask = sql.raw(String(ID_MASK));
  if (window.offset + window.limit <= WHOLE_SORT_FROM) {
    return sql`SELECT (picked.key & ${mask})::int AS id FROM (${together}) AS picked
      ORDER BY picked.key ${dir}
      LIMIT ${window.limit} OFFSET ${window.offset}`;
  }
  // A deep page: every key sorted as one array, and the page's slice of it.
  const from = window.offset + 1;
  const to = window.offset + window.limit;
  return sql`SELECT (page.key & ${mask})::int AS id
    FROM unnest((SELECT (array_agg(picked.key ORDER BY picked.key ${dir}))[${from}::int:${to}::int]
      FROM (${together}) AS picked)) WITH ORDINALITY AS page(key, place)
    ORDER BY page.place`;
}

/**
 * A deep page of a lone filter of few values (two provinces, one city, a category or two): each
 * value's machines in list order from its B-tree, merged (PostgreSQL's Merge Append), which reads
 * only as far as the page's end in all of them together and sorts nothing, where the array form
 * takes offset + size of each and sorts them all. Two provinces' 1,000th page at 1,000,000 machines:
 * 5.0 → 1.7 ms, eight provinces' 19.6 → 2.6 ms (in psql, planning included). Each value is one
 * statement to plan (about 0.07 ms), so many values, or a first page, keep the array form.
 */
function mergedValuesQuery(walk: ValueWalk, dir: SQL, window: PageWindow): SQL | undefined {
  const [only] = walk.sources;
  const upTo = window.offset + window.limit;
  if (walk.sources.length !== 1 || !only || only.field === 'id') return undefined;
  if (only.values.length > MERGED_VALUES_MAX || upTo < WHOLE_SORT_FROM) return undefined;
  // One machine has one value of a column, so the values' machines never repeat: UNION ALL.
  const column = sql.identifier(WALKED_COLUMNS[only.field]);
  const each = only.values.map(
    (value) => sql`(SELECT d.id, d.status_weight FROM ${devices} AS d
      WHERE d.${column} = ${value} AND d.type = ${walk.family}
      ORDER BY d.status_weight ${dir}, d.id ${dir}
      LIMIT ${upTo})`,
  );
  return sql`SELECT merged.id FROM (${sql.join(each, sql` UNION ALL `)}) AS merged
    ORDER BY merged.status_weight ${dir}, merged.id ${dir}
    LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/** At most this many values are merged (`mergedValuesQuery`): 16 statements, about 1.2 ms to plan. */
const MERGED_VALUES_MAX = 16;

/**
 * From how far down the page ends its keys are sorted whole, as one array, rather than by a sort
 * that keeps the first offset + size (PostgreSQL's top-N heap). Keeping 10,001 of 46,700 keys (the
 * 332 customers of "nowak", page 1,000) took 10 ms; sorting all of them as one array of numbers,
 * 5 ms. For a first page the heap keeps a handful and wins.
 */
const WHOLE_SORT_FROM = 1_000;

/** The low 32 bits of `listKey`: the id. */
const ID_MASK = 0xffffffff;

/** The list order's key of a machine as one bigint: the status weight, then the id (both positive). */
const listKey = (alias: string) =>
  sql`${weightIdKey(sql`${sql.identifier(alias)}.status_weight`, sql`${sql.identifier(alias)}.id`)} AS key`;

/**
 * A source's values as an array: ids as one `int[]` parameter (a short term's starting machines
 * are up to 2,000 of them: as many parameters, binding them took longer than the walk), texts as
 * `text[]`.
 */
function valuesArray(source: WalkSource): SQL {
  if (typeof source.values[0] === 'number') return intArray(source.values as number[]);
  return sql`ARRAY[${sql.join(
    source.values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** One source's first `upTo` machines of each value, in list order. */
function sourceQuery(walk: ValueWalk, source: WalkSource, dir: SQL, upTo: number) {
  const values = valuesArray(source);
  if (source.field === 'id') {
    return sql`(SELECT ${listKey('d')} FROM ${devices} AS d
      WHERE d.id = ANY(${values}) AND d.type = ${walk.family})`;
  }
  const column = sql.identifier(WALKED_COLUMNS[source.field]);
  return sql`(SELECT ${listKey('each')} FROM unnest(${values}) AS wanted(value)
    CROSS JOIN LATERAL (
      SELECT d.id, d.status_weight FROM ${devices} AS d
      WHERE d.${column} = wanted.value AND d.type = ${walk.family}
      ORDER BY d.status_weight ${dir}, d.id ${dir}
      LIMIT ${upTo}
    ) AS each)`;
}

/**
 * How many machines the walk's sources hold, counted up to `upTo` + 1 (more means more than
 * `upTo`): one source through its index alone, value by value, stopping there; several in one
 * condition, their indexes' bitmaps ORed (a machine in two sources counts once).
 */
export async function valueWalkCount(db: Db, walk: ValueWalk, upTo: number): Promise<number> {
  const limit = sql.raw(String(upTo + 1));
  const [only] = walk.sources;
  const matching =
    walk.sources.length === 1 && only!.field !== 'id'
      ? sql`SELECT 1 FROM unnest(${valuesArray(only!)}) AS wanted(value)
          CROSS JOIN LATERAL (
            SELECT 1 FROM ${devices} AS d
            WHERE d.${sql.identifier(WALKED_COLUMNS[only!.field])} = wanted.value AND d.type = ${walk.family}
          ) AS each`
      : sql`SELECT d.id FROM ${devices} AS d WHERE d.type = ${walk.family} AND (${sql.join(
          walk.sources.map(
            (source) => sql`d.${sql.identifier(WALKED_COLUMNS[source.field])} = ANY(${valuesArray(source)})`,
          ),
          sql` OR `,
        )})`;
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM (${matching} LIMIT ${limit}) AS bounded`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

/**
 * The walk of a family list searched for a term whose branches are all known by id, with no other
 * condition, in an order by the status weight (knownSearchWalk), or undefined; the branches are
 * looked up here (devices.known-matches.ts, knownMatchesWhere). A short term is looked up only when
 * the planner expects clearly more matches than the list counts (`countedUpTo`), by more than its
 * estimate of the names' starts errs (SHORT_ESTIMATE_EXCESS): fewer are counted and sorted at once,
 * where the lookup costs two statements more ("to" at 10,000 machines, 537 matches estimated at
 * 1,300: 10 → 15 ms).
 */
export async function knownSearchWalkOf(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  expected: { estimate: () => Promise<number>; countedUpTo: number },
): Promise<ValueWalk | undefined> {
  if (!knownSearchWalkable(criteria, sort)) return undefined;
  const search = knownMatchesSearch(criteria, sort);
  if (!search) return undefined;
  if (search.short && (await expected.estimate()) <= expected.countedUpTo * SHORT_ESTIMATE_EXCESS) {
    return undefined;
  }
  const known = await knownMatchesWhere(db, criteria, search, { branchesOnly: true });
  return known?.branches && knownSearchWalk(criteria, sort, known.branches);
}

/**
 * How many times too many the planner expects of the names' and serial numbers' starts (the
 * prefixes' OR: "to", 134,000 estimated for 53,000 at 1,000,000 machines; devices.known-matches.ts).
 */
const SHORT_ESTIMATE_EXCESS = 2.5;

/** The page of a value walk's list. */
export async function valueWalkPage(db: Db, walk: ValueWalk, window: PageWindow): Promise<DeviceRow[]> {
  return findDevicesByIds(db, await selectedIds(db, valueWalkIdsQuery(walk, window)));
}
