import {
  and,
  between,
  eq,
  gte,
  ilike,
  inArray,
  lte,
  or,
  sql,
  type Column,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  DEFAULT_MACHINE_ORDER,
  MACHINE_STATUSES,
  machineSortFields,
  type DeviceFilter,
  type MachineSortField,
  type MachineType,
} from '@serwis/domain';
import { parseSortParam, type SortOrder } from '../../lib/sort-param.js';
import { EXACT_TOTAL_BOUND, SEARCH_TOTAL_BOUND } from '../../lib/paging.js';
import { cleanTerm, likeContains, lowerPrefix, searchTerm, trimmedTerm } from '../../lib/text-search.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { idsAmong, parseIdArray } from '../../lib/id-arrays.js';
import { devices, deviceSearchText } from './devices.table.js';

/**
 * What one list request asks for: the family (the two machine lists) or the owning category or
 * customer (their machines of both families), the filter body and the free-text `q`.
 */
export interface DeviceCriteria {
  family?: MachineType;
  owner?: { categoryId: number } | { customerId: number };
  filter?: DeviceFilter;
  q?: string;
  /** The values of the family's text filters that match, when read (devices.filter-values.ts). */
  values?: FilterValues;
  /**
   * The customers and categories `q` names, by id, when read (withSearchedOwners): constants the
   * planner estimates from their statistics, where it takes a subquery's ids for ten of anything
   * (a category branch alone for 5 % of the machines).
   */
  searched?: SearchedOwners;
}

/**
 * A walk that takes a list's first `upTo` + 1 matches in list order, to count the list to its bound
 * and cut its first pages from (devices.routes.ts, walkedFirst): the signature walk's
 * (signatureWalkFirst) or the known-matches walk's (knownMatchesFirst). `familySize` is the family's
 * kept size, `estimate` the planner's estimate of the matches; undefined when the walk would not pay.
 */
export type FirstMatchesWalk = (
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  upTo: number,
  familySize: number,
  estimate: () => Promise<number>,
) => Promise<number[] | undefined>;

/**
 * The text filters that may be answered by their values (devices.filter-values.ts): the columns
 * whose distinct values the database keeps (device_values), each with a `(type, column, id)` B-tree
 * and a `(type, column, status_weight, id)` one (devices.value-walk.ts).
 */
export const VALUE_FILTER_COLUMNS = {
  city: { column: devices.city, name: 'city' },
  street: { column: devices.streetAddress, name: 'street_address' },
  zipCode: { column: devices.zipCode, name: 'zip_code' },
  sourcePower: { column: devices.sourcePower, name: 'source_power' },
  warranty: { column: devices.warranty, name: 'warranty' },
} as const;
export type ValueFilterField = keyof typeof VALUE_FILTER_COLUMNS;
export interface FilterValues extends Partial<Record<ValueFilterField, string[]>> {
  /** The customers the customer filter names, by id (read once, `ownersNamed`). */
  customers?: number[];
  /** The categories the category filter names, by id. */
  categories?: number[];
}
export const isValueFilterField = (field: string): field is ValueFilterField => field in VALUE_FILTER_COLUMNS;

/**
 * `devices.customer_id = ANY(ARRAY(SELECT ...))` instead of a join: the few thousand customers are
 * searched once, and the matching ids then use the devices' btree index inside a bitmap OR.
 *
 * `forEstimate`: `IN (SELECT ...)` instead, for the planner's row estimate only (deviceWhere's
 * `estimate`). It cannot see into ANY(ARRAY(subquery)) and guesses; a semi-join it estimates from
 * the customers (or categories) found and the machines' statistics of customer_id (category_id):
 * "Tokarki", 3,464 machines at 1M, was guessed above 10,000, so its 1,000th page (past the end)
 * walked the whole family to find nothing (237 ms) instead of counting 3,464 machines.
 */
function customerMatches(pattern: string, forEstimate = false): SQL {
  return idAmong(devices.customerId, customersNamed(pattern), forEstimate);
}

function categoryMatches(condition: SQL, forEstimate = false): SQL {
  return idAmong(devices.categoryId, categoriesWhere(condition), forEstimate);
}

/** The ids of the categories that meet `condition`, as a subquery. */
const categoriesWhere = (condition: SQL) =>
  sql`SELECT ${categories.id} FROM ${categories} WHERE ${condition}`;

/** The ids of the customers one of whose names is like `pattern`, as a subquery. */
const customersNamed = (pattern: string) =>
  sql`SELECT ${customers.id} FROM ${customers} WHERE ${customers.shortName} ILIKE ${pattern} OR ${customers.fullName} ILIKE ${pattern}`;

/** The ids of the customers whose short name starts with a short term, as a subquery. */
const customersStarting = (term: string) =>
  sql`SELECT ${customers.id} FROM ${customers} WHERE ${lowerPrefix(customers.shortName, term)}`;

/** The ids of the categories whose name is like `pattern`, as a subquery. */
const categoriesNamed = (pattern: string) => categoriesWhere(sql`${categories.name} ILIKE ${pattern}`);

/** The ids of the categories whose name starts with a short term, as a subquery. */
const categoriesStarting = (term: string) => categoriesWhere(lowerPrefix(categories.name, term));

/**
 * The customers the customer filter names (either name contains the text) and the categories the
 * category filter names (by name, case aside), by id, read once for the filters' conditions.
 */
export async function ownersNamed(
  db: DbOrTx,
  filter: DeviceFilter,
): Promise<Pick<FilterValues, 'customers' | 'categories'>> {
  const customer = cleanTerm(filter.customer);
  const categoryNames = filterCategoryNames(filter);
  if (!customer && !categoryNames.length) return {};
  const result = await db.execute(
    sql`SELECT ${customer ? sql`ARRAY(${customersNamed(likeContains(customer))})` : sql`NULL`} AS customers,
      ${categoryNames.length ? sql`ARRAY(${categoriesWhere(categoryNamed(categoryNames))})` : sql`NULL`} AS categories`,
  );
  const row = rowsOf<Record<'customers' | 'categories', string | number[] | null>>(result)[0]!;
  return {
    ...(customer ? { customers: parseIdArray(row.customers) } : {}),
    ...(categoryNames.length ? { categories: parseIdArray(row.categories) } : {}),
  };
}

/**
 * The category filter's names, cleaned as every search term (cleanTerm: a pasted NUL blanked) and
 * lower-cased as the condition compares them.
 */
const filterCategoryNames = (filter: DeviceFilter) =>
  filter.categories.map((n) => cleanTerm(n).toLocaleLowerCase('pl')).filter(Boolean);

/** A category whose name is one of `names` (lower-cased), as a condition on `categories`. */
const categoryNamed = (names: string[]) =>
  sql`lower(${categories.name}) IN (${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )})`;

/** The customers and the categories a long search term names, by id (see `longSearch`'s `owners`). */
export interface SearchedOwners {
  customers: number[];
  categories: number[];
}

/**
 * The customers and the categories a search term names, read once: whose names contain a long
 * term, or (`short`) whose short name and name start with a short one, as the search reads them.
 */
export async function searchedOwners(db: DbOrTx, term: string, short = false): Promise<SearchedOwners> {
  const pattern = likeContains(term);
  const result = await db.execute(
    sql`SELECT ARRAY(${short ? customersStarting(term) : customersNamed(pattern)}) AS customers,
      ARRAY(${short ? categoriesStarting(term) : categoriesNamed(pattern)}) AS categories`,
  );
  const row = rowsOf<Record<keyof SearchedOwners, string | number[]>>(result)[0]!;
  return { customers: parseIdArray(row.customers), categories: parseIdArray(row.categories) };
}

/**
 * The criteria with the owners their search names read beforehand (`searched`, searchedOwners by
 * the term's kind), so that every statement of the list (the estimate, the count, the walks, the
 * page) takes them by id; unchanged without a term.
 */
export async function withSearchedOwners(db: DbOrTx, criteria: DeviceCriteria): Promise<DeviceCriteria> {
  const search = searchTerm(criteria.q);
  if (search.kind === 'none') return criteria;
  return { ...criteria, searched: await searchedOwners(db, search.term, search.kind === 'short') };
}

/** The owners' ids already read (`known`, constant), or else their subquery, run by the statement. */
const ownersAmong = (column: SQLWrapper, known: number[] | undefined, subquery: SQL) =>
  known ? idsAmong(column, known) : idAmong(column, subquery, false);

const idAmong = (column: SQLWrapper, ids: SQL, forEstimate: boolean) =>
  forEstimate ? sql`${column} IN (${ids})` : sql`${column} = ANY(ARRAY(${ids}))`;

/** Weights of the statuses whose enum name or Polish label contains (or, short, starts with) the term. */
export function statusWeightsMatching(term: string, short: boolean) {
  const wanted = term.toLocaleLowerCase('pl');
  const matches = (text: string) => (short ? text.startsWith(wanted) : text.includes(wanted));
  return MACHINE_STATUSES.filter(
    (s) => matches(s.name.toLowerCase()) || matches(s.label.toLocaleLowerCase('pl')),
  ).map((s) => s.weight);
}

/**
 * Free-text search (spec §5) over the list's columns; every branch is index-backed. A term of 1–2
 * characters (lib/text-search.ts, searchTerm) matches the exact id (and, in a family list, the warranty
 * length) and, by prefix, the name, the serial number, the customer's short name, the category and the
 * status: a trigram index cannot serve it.
 */
function searchCondition(
  family: MachineType | undefined,
  q: string,
  searched?: SearchedOwners,
  options: FamilyBranchOptions = {},
): SQL | undefined {
  const search = searchTerm(q);
  if (search.kind === 'none') return undefined;
  if (search.kind === 'long') {
    return longSearch(
      devices,
      family,
      search.term,
      sql`${deviceSearchText(devices)} ILIKE ${search.contains}`,
      searched,
      options,
    );
  }
  return shortSearch(family, search, searched, undefined, options);
}

/**
 * `familyInFront`: the family list states its family once, in front of the search, and its
 * branches leave it out (`familyBranch`).
 */
export interface FamilyBranchOptions {
  familyInFront?: boolean;
}

/**
 * A branch of a family list's search that holds machines of every family (a status, a warranty
 * length), with the family stated too: the `(type, …)` index then serves it in the branches' bitmap.
 * It is left out where no bitmap is built (`familyInFront`): in the form written for the planner's
 * estimate, which would count the family's share twice (the third-party machines' "a", the 12,600
 * broken ones, were estimated at 3,100 and sorted as few), and in a walk of the family's index, which
 * would compare it on every entry for nothing (0.25 against 0.16 µs an entry).
 */
const familyBranch = (
  type: Column,
  family: MachineType | undefined,
  condition: SQL,
  { familyInFront = false }: FamilyBranchOptions,
) => and(family && !familyInFront ? eq(type, family) : undefined, condition)!;

/**
 * A term of one or two characters: the exact id (and, in a family list, the warranty length), the
 * start of the name or the serial number, of the customer's short name, of the category's name,
 * of the status. `owners`: the customers and categories already read (searchedOwners, `short`), as
 * constant ids. `own`, how the machine's own row is checked (the known-matches walk's, which checks
 * the index entry): `start`, a check it passes whenever its name or serial number starts with the
 * term (the signature's bits), put in front of them; `ids`, the machines whose name or serial number
 * starts with the term, read beforehand (devices.known-matches.ts, `startingMachines`).
 */
export function shortSearch(
  family: MachineType | undefined,
  search: { term: string; id?: number },
  owners?: SearchedOwners,
  own?: { start: SQL } | { ids: number[] },
  options: FamilyBranchOptions = {},
): SQL {
  const weights = statusWeightsMatching(search.term, true);
  // A one- or two-digit number is also a warranty length, found on the (type, warranty_length) index;
  // not 0, which the list shows as no months at all ("0" found 240 machines showing no 0).
  const byWarranty =
    search.id !== undefined && search.id > 0 && family
      ? familyBranch(devices.type, family, eq(devices.warrantyLength, search.id), options)
      : undefined;
  const starts = or(lowerPrefix(devices.name, search.term), lowerPrefix(devices.serialNumber, search.term))!;
  const ownStarts = !own ? starts : 'ids' in own ? idsAmong(devices.id, own.ids) : and(own.start, starts);
  return or(
    search.id !== undefined ? eq(devices.id, search.id) : undefined,
    byWarranty,
    ownStarts,
    ownersAmong(devices.customerId, owners?.customers, customersStarting(search.term)),
    ownersAmong(devices.categoryId, owners?.categories, categoriesStarting(search.term)),
    weights.length
      ? familyBranch(devices.type, family, inArray(devices.statusWeight, weights), options)
      : undefined,
  )!;
}

/**
 * A term of three or more characters: `text` (the machine's own columns), or its customer's names,
 * its category's name or its status. `t` is `devices`, or the signature walk's alias of it
 * (devices.signature.ts), whose `text` is the signature's check. `owners`: the customers and
 * categories the term names, already read (searchedOwners), as constant ids instead of subqueries.
 */
export function longSearch(
  t: Record<'customerId' | 'categoryId' | 'type' | 'statusWeight', Column>,
  family: MachineType | undefined,
  term: string,
  text: SQL,
  owners?: SearchedOwners,
  options: FamilyBranchOptions = {},
): SQL {
  const pattern = likeContains(term);
  const weights = statusWeightsMatching(term, false);
  return or(
    text,
    ownersAmong(t.customerId, owners?.customers, customersNamed(pattern)),
    ownersAmong(t.categoryId, owners?.categories, categoriesNamed(pattern)),
    weights.length ? familyBranch(t.type, family, inArray(t.statusWeight, weights), options) : undefined,
  )!;
}

/**
 * `prefilter: false` leaves out the search text's trigram check in front of a column's own check
 * (`searched` below): it adds no condition (the column is part of the text), but the planner would
 * multiply its selectivity in as if it did — "door-to-door" is in 17 % of the warranties, and the
 * two checks together were estimated at 3 %.
 */
function filterConditions(
  filter: DeviceFilter,
  options: { prefilter?: boolean; forEstimate?: boolean; values?: FilterValues } = {},
): (SQL | undefined)[] {
  return Object.values(filterConditionsByField(filter, options));
}

/**
 * Each filter field's condition, undefined when the field is empty. A text filter whose matching
 * values were read beforehand (`values`, devices.filter-values.ts) is the list of those values, which
 * the column's B-tree serves and the planner estimates from its statistics.
 */
function filterConditionsByField(
  filter: DeviceFilter,
  {
    prefilter = true,
    forEstimate = false,
    values = {},
  }: { prefilter?: boolean; forEstimate?: boolean; values?: FilterValues } = {},
): Partial<Record<keyof DeviceFilter, SQL>> {
  const contains = (column: Parameters<typeof ilike>[0], value: string) => {
    const term = cleanTerm(value);
    return term ? ilike(column, likeContains(term)) : undefined;
  };
  /**
   * A column that is part of the search text: the text's trigram index (devices_search_trgm) finds
   * the candidates, the column's own check keeps the right ones, so such a column needs no trigram
   * index of its own. Shorter than a trigram, the term is checked on the column alone.
   */
  const searched = (column: Parameters<typeof ilike>[0], value: string) => {
    const term = cleanTerm(value);
    if (!term) return undefined;
    const own = ilike(column, likeContains(term));
    return [...term].length < 3 || !prefilter
      ? own
      : and(sql`${deviceSearchText(devices)} ILIKE ${likeContains(term)}`, own);
  };
  const amongValues = (field: ValueFilterField, otherwise: SQL | undefined) => {
    const known = values[field];
    if (!otherwise || !known) return otherwise;
    return known.length ? inArray(VALUE_FILTER_COLUMNS[field].column, known) : sql`FALSE`;
  };
  const categoryNames = filterCategoryNames(filter);
  const customer = cleanTerm(filter.customer);
  return {
    id: filter.id !== null ? eq(devices.id, filter.id) : undefined,
    customer: !customer
      ? undefined
      : values.customers
        ? idsAmong(devices.customerId, values.customers)
        : customerMatches(likeContains(customer), forEstimate),
    categories: !categoryNames.length
      ? undefined
      : values.categories
        ? idsAmong(devices.categoryId, values.categories)
        : categoryMatches(categoryNamed(categoryNames), forEstimate),
    serialNumber: contains(devices.serialNumber, filter.serialNumber),
    sourcePower: amongValues('sourcePower', contains(devices.sourcePower, filter.sourcePower)),
    dateFrom: filter.dateFrom ? gte(devices.transferDate, filter.dateFrom) : undefined,
    dateTo: filter.dateTo ? lte(devices.transferDate, filter.dateTo) : undefined,
    warranty: amongValues('warranty', searched(devices.warranty, filter.warranty)),
    street: amongValues('street', searched(devices.streetAddress, filter.street)),
    // Its own trigram index (devices_zip_trgm): the search text's would match nearly every machine.
    zipCode: amongValues('zipCode', contains(devices.zipCode, filter.zipCode)),
    city: amongValues('city', contains(devices.city, filter.city)),
    provinces: filter.provinces.length ? inArray(devices.province, filter.provinces) : undefined,
  };
}

/**
 * The filter fields a family list checks, when it checks nothing else (no owner, status or `q`);
 * undefined otherwise.
 */
function activeFilterFields({
  family,
  owner,
  filter,
  q,
}: DeviceCriteria): (keyof DeviceFilter)[] | undefined {
  if (!family || owner || !filter || trimmedTerm(q) || statusCondition(filter)) return undefined;
  return (Object.entries(filterConditionsByField(filter)) as [keyof DeviceFilter, SQL | undefined][])
    .filter(([, condition]) => condition !== undefined)
    .map(([field]) => field);
}

/**
 * The text filter a family list checks alone (nothing else but the family), if it is one whose
 * values may be read (devices.filter-values.ts). Combined with another condition, the filter keeps
 * its `ILIKE`: as a list of values, the planner would find a city through its trigram index (which
 * answers `=` too) and intersect, where it reads the category's few machines and checks each.
 */
export function loneValueFilter(criteria: DeviceCriteria): ValueFilterField | undefined {
  const active = activeFilterFields(criteria);
  const [only] = active ?? [];
  return active?.length === 1 && only && isValueFilterField(only) ? only : undefined;
}

/**
 * The customer, category or province filter, when a family list checks it alone (nothing else but
 * the family): its customers or categories are read by id beforehand (ownersNamed), the provinces
 * are named, and each one's machines are in list order on its B-tree (`(customer_id | category_id,
 * status_weight, id) INCLUDE (type)`, `(type, province, status_weight, id)`; devices.value-walk.ts).
 */
export function loneListFilter(
  criteria: DeviceCriteria,
): 'customer' | 'categories' | 'provinces' | undefined {
  const active = activeFilterFields(criteria);
  const [only] = active ?? [];
  return active?.length === 1 && (only === 'customer' || only === 'categories' || only === 'provinces')
    ? only
    : undefined;
}

/**
 * The B-tree the bounded count can read alone, entry by entry, when the list's only condition
 * beyond its family is one such index's: a province list, a handover date range, a text filter
 * answered by its values (`(type, column, id)`), customers or categories read by id
 * (`(customer_id | category_id, status_weight, id) INCLUDE (type)`), or those owners with a city
 * or provinces filter (`(customer_id | category_id, name, id) INCLUDE (type, city, province)`,
 * the city's `ILIKE` checked on the entry). The planner, assuming an even spread, prefers reading
 * the table for a LIMIT of 10,001 (the provinces "śląskie, opolskie" at 1,000,000 machines: 18 ms,
 * against 3 ms on the index), and for an owner with a city it intersects the city's trigram
 * entries with the owner's ("kraków" in "Tokarki": 35,013 with 4,722).
 */
export function countsOnOneIndex(criteria: DeviceCriteria): boolean {
  const { values } = criteria;
  const active = activeFilterFields(criteria);
  if (!active?.length) return false;
  const dates = active.every((field) => field === 'dateFrom' || field === 'dateTo');
  const ownerRead = (field: keyof DeviceFilter) =>
    (field === 'customer' && values?.customers !== undefined) ||
    (field === 'categories' && values?.categories !== undefined);
  const [only] = active;
  const oneIndexed =
    active.length === 1 &&
    (only === 'provinces' || (isValueFilterField(only!) && values?.[only] !== undefined) || ownerRead(only!));
  const places = active.filter((field) => !ownerRead(field));
  const ownerInPlaces =
    places.length === active.length - 1 &&
    places.length > 0 &&
    places.every((field) => OWNER_ENTRY_PLACES.has(field));
  return dates || oneIndexed || ownerInPlaces;
}

/** The filters an owner's name index carries on its entries (INCLUDE, migration owner_name_places). */
const OWNER_ENTRY_PLACES = new Set<keyof DeviceFilter>(['city', 'provinces']);

function ownerCondition(owner: NonNullable<DeviceCriteria['owner']>): SQL {
  return 'categoryId' in owner
    ? eq(devices.categoryId, owner.categoryId)
    : eq(devices.customerId, owner.customerId);
}

/**
 * The status filter as a range of weights, plus the list when the statuses are not neighbours:
 * the range keeps a walk of the (type, status_weight, id) index in order (PostgreSQL 15 drops the
 * order for `= ANY` on a second index column), the list then picks the wanted weights inside it.
 * Neighbours ("Usterka" and "Awaria", or all the trouble states) are the range alone: with the list
 * as well the planner multiplies the two selectivities, and took 82,000 machines for 9,700 (a sort
 * of all of them instead of a walk of the index, 20 ms instead of 2 for the 1,000th page).
 */
export function statusCondition(
  filter: DeviceFilter | undefined,
  column: Column = devices.statusWeight,
): SQL | undefined {
  const weights = [
    ...new Set((filter?.statuses ?? []).map((name) => MACHINE_STATUSES.find((s) => s.name === name)!.weight)),
  ];
  if (!weights.length) return undefined;
  const [lowest, highest] = [Math.min(...weights), Math.max(...weights)];
  const range = between(column, lowest, highest);
  return highest - lowest + 1 === weights.length ? range : and(range, inArray(column, weights));
}

/** The whole family, nothing else checked: its size is kept by triggers (list_counts), not counted. */
export function isWholeFamily(
  criteria: DeviceCriteria,
): criteria is DeviceCriteria & { family: MachineType } {
  return (
    criteria.family !== undefined &&
    !criteria.owner &&
    !statusCondition(criteria.filter) &&
    !hasCheckedConditions(criteria)
  );
}

/** The filter fields a user types text into: each matches where the column contains it. */
const TEXT_FILTER_FIELDS = [
  'customer',
  'serialNumber',
  'sourcePower',
  'warranty',
  'street',
  'zipCode',
  'city',
] as const;

/**
 * The exact-total bound of a list (lib/paging.ts): SEARCH_TOTAL_BOUND with `q`, or with a text filter
 * the planner expects more than EXACT_TOTAL_BOUND machines to match (a street, city, customer… typed
 * in is a search on one column, and counting 10,001 of its matches reads as much as a deep page:
 * docs/decisions.md, "A text filter counts to 1,000"); EXACT_TOTAL_BOUND otherwise, where the
 * count's ids then serve the page (a zip code's 1,605 machines). `estimate`: the planner's estimate
 * of the matches, asked only for a text filter.
 */
export async function deviceTotalBound(
  { filter, q }: DeviceCriteria,
  estimate: () => Promise<number>,
): Promise<number> {
  if (trimmedTerm(q)) return SEARCH_TOTAL_BOUND;
  const typed = filter !== undefined && TEXT_FILTER_FIELDS.some((field) => cleanTerm(filter[field]));
  return typed && (await estimate()) > EXACT_TOTAL_BOUND ? SEARCH_TOTAL_BOUND : EXACT_TOTAL_BOUND;
}

/** Whether the criteria check anything beyond family, owner and status (a text filter or `q`). */
export function hasCheckedConditions({ family, filter, q }: DeviceCriteria): boolean {
  return and(...(filter ? filterConditions(filter) : []), searchCondition(family, q ?? '')) !== undefined;
}

/**
 * The WHERE of every list, count and CSV query; it touches only `devices` (no joins needed).
 *
 * `walk`: the page is to be read by walking the sort order's index and checking each machine (many
 * machines match, so the first page's are met early). The filter and search conditions are then
 * wrapped in `IS TRUE`, which no index serves, so the planner cannot prefer collecting every match
 * through the filters' own indexes and sorting them (it cannot tell how many the ANY(ARRAY(subquery))
 * branches match). The family, owner and status conditions stay indexable: they bound the walk.
 * A walk checks each column on its own, without the search text's trigram prefilter (no index reads
 * it there, it would only cost a long text per machine and skew the planner's estimate), and the
 * search's status and warranty branches without the family again (`familyBranch`).
 *
 * `estimate`: the same machines, written for the planner's row estimate (no redundant prefilter,
 * see filterConditions; the family stated once, `familyBranch`); never to be executed, it would not
 * use the trigram index.
 *
 * `entry`: checked on the signature walk's index entry (devices.signature.ts, `verdictOf`), where a
 * street, city or warranty longer than its short copy is NULL: no `IS TRUE`, so a condition that
 * depends on it stays unknown (NULL), and no prefilter.
 */
export function deviceWhere(criteria: DeviceCriteria, options: WhereForm = {}): SQL {
  const checked = checkedConditions(criteria, options);
  return (
    and(walkBounds(criteria), checked && options.walk ? sql`(${checked}) IS TRUE` : checked) ?? sql`TRUE`
  );
}

type WhereForm = { walk?: boolean; estimate?: boolean; entry?: boolean };

/** The filter and search conditions (deviceWhere), undefined for none. */
function checkedConditions({ family, filter, q, values, searched }: DeviceCriteria, options: WhereForm) {
  return and(
    ...(filter
      ? filterConditions(filter, {
          prefilter: !options.estimate && !options.walk && !options.entry,
          forEstimate: options.estimate,
          values,
        })
      : []),
    searchCondition(family, q ?? '', searched, { familyInFront: options.estimate || options.walk }),
  );
}

/** The family, owner and status conditions: what bounds a walk (its index serves them). */
const walkBounds = ({ family, owner, filter }: DeviceCriteria) =>
  and(
    family ? eq(devices.type, family) : undefined,
    owner ? ownerCondition(owner) : undefined,
    statusCondition(filter),
  );

/**
 * A walk's conditions apart (devices.capped-walk.ts): `bounds`, which its index serves, and
 * `checked`, each machine's check as `deviceWhere`'s walk writes it, true or not (never NULL).
 */
export function deviceWalkParts(criteria: DeviceCriteria): { bounds: SQL; checked: SQL } {
  const checked = checkedConditions(criteria, { walk: true });
  return {
    bounds: walkBounds(criteria) ?? sql`TRUE`,
    checked: checked ? sql`(${checked}) IS TRUE` : sql`TRUE`,
  };
}

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
