import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DeviceFilter } from '@serwis/domain';
import { cleanTerm, likeContains, lowerPrefix, searchTerm } from '../../lib/text-search.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { idsAmong, parseIdArray } from '../../lib/id-arrays.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria, FilterValues, SearchedOwners } from './devices.criteria.js';

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
export function customerMatches(pattern: string, forEstimate = false): SQL {
  return idAmong(devices.customerId, customersNamed(pattern), forEstimate);
}

export function categoryMatches(condition: SQL, forEstimate = false): SQL {
  return idAmong(devices.categoryId, categoriesWhere(condition), forEstimate);
}

/** The ids of the categories that meet `condition`, as a subquery. */
const categoriesWhere = (condition: SQL) =>
  sql`SELECT ${categories.id} FROM ${categories} WHERE ${condition}`;

/** The ids of the customers one of whose names is like `pattern`, as a subquery. */
export const customersNamed = (pattern: string) =>
  sql`SELECT ${customers.id} FROM ${customers} WHERE ${customers.shortName} ILIKE ${pattern} OR ${customers.fullName} ILIKE ${pattern}`;

/** The ids of the customers whose short name starts with a short term, as a subquery. */
export const customersStarting = (term: string) =>
  sql`SELECT ${customers.id} FROM ${customers} WHERE ${lowerPrefix(customers.shortName, term)}`;

/** The ids of the categories whose name is like `pattern`, as a subquery. */
export const categoriesNamed = (pattern: string) => categoriesWhere(sql`${categories.name} ILIKE ${pattern}`);

/** The ids of the categories whose name starts with a short term, as a subquery. */
export const categoriesStarting = (term: string) => categoriesWhere(lowerPrefix(categories.name, term));

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
export const filterCategoryNames = (filter: DeviceFilter) =>
  filter.categories.map((n) => cleanTerm(n).toLocaleLowerCase('pl')).filter(Boolean);

/** A category whose name is one of `names` (lower-cased), as a condition on `categories`. */
export const categoryNamed = (names: string[]) =>
  sql`lower(${categories.name}) IN (${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )})`;

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
export const ownersAmong = (column: SQLWrapper, known: number[] | undefined, subquery: SQL) =>
  known ? idsAmong(column, known) : idAmong(column, subquery, false);

const idAmong = (column: SQLWrapper, ids: SQL, forEstimate: boolean) =>
  forEstimate ? sql`${column} IN (${ids})` : sql`${column} = ANY(ARRAY(${ids}))`;
