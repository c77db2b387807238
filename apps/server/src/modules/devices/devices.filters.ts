import { and, between, eq, gte, ilike, inArray, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import { MACHINE_STATUSES, partKey, type DeviceFilter } from '@serwis/domain';
import { parts, partKeyText } from '../parts/parts.table.js';
import { cleanTerm, likeContains, trimmedTerm } from '../../lib/text-search.js';
import { idsAmong } from '../../lib/id-arrays.js';
import { devices, deviceSearchText } from './devices.table.js';
import { serialCharactersHold } from './devices.search.js';
import {
  isValueFilterField,
  VALUE_FILTER_COLUMNS,
  type DeviceCriteria,
  type FilterValues,
  type ValueFilterField,
} from './devices.criteria.js';
import {
  categoryMatches,
  categoryNamed,
  customerMatches,
  filterCategoryNames,
} from './devices.owner-lookups.js';

/**
 * `prefilter: false` leaves out the search text's trigram check in front of a column's own check
 * (`searched` below): it adds no condition (the column is part of the text), but the planner would
 * multiply its selectivity in as if it did — "door-to-door" is in 17 % of the warranties, and the
 * two checks together were estimated at 3 %.
 */
export function filterConditions(
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
    // A number typed with other separators too, as the search box finds it (serialCharactersHold).
    serialNumber: or(
      contains(devices.serialNumber, filter.serialNumber),
      serialCharactersHold(cleanTerm(filter.serialNumber)),
    ),
    sourcePower: amongValues('sourcePower', contains(devices.sourcePower, filter.sourcePower)),
    dateFrom: filter.dateFrom ? gte(devices.transferDate, filter.dateFrom) : undefined,
    dateTo: filter.dateTo ? lte(devices.transferDate, filter.dateTo) : undefined,
    warranty: amongValues('warranty', searched(devices.warranty, filter.warranty)),
    street: amongValues('street', searched(devices.streetAddress, filter.street)),
    // Its own trigram index (devices_zip_trgm): the search text's would match nearly every machine.
    zipCode: amongValues('zipCode', contains(devices.zipCode, filter.zipCode)),
    city: amongValues('city', contains(devices.city, filter.city)),
    provinces: filter.provinces.length ? inArray(devices.province, filter.provinces) : undefined,
    part: partHolders(filter.part),
  };
}

/**
 * The machines holding a part whose texts have the term's letters and digits ("4WE 6", "zawor",
 * "R9011" for "Zawór 4WE6 Bosch Rexroth, R901130005"), found through the parts' key index
 * (parts_key_trgm); the schema asks for three letters or digits at least, a trigram.
 */
function partHolders(text: string): SQL | undefined {
  const key = partKey(text);
  if (!key) return undefined;
  return sql`${devices.id} IN (SELECT ${parts.deviceId} FROM ${parts} WHERE ${partKeyText(parts)} LIKE ${`%${key}%`})`;
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

export function ownerCondition(owner: NonNullable<DeviceCriteria['owner']>): SQL {
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
