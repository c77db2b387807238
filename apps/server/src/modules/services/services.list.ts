import { and, eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { devices, deviceSearchText } from '../devices/devices.table.js';
import { serialCharactersHold } from '../devices/devices.search.js';
import { users } from '../users/users.table.js';
import { serviceDevices, services } from './services.table.js';
import {
  copyTermMatches,
  isShortTerm,
  likeContains,
  nameMatches,
  sortPrefix,
  textMatches,
  trimmedTerm,
} from '../../lib/text-search.js';
import { idArraysByIndex, idsAmong, INLINE_IDS_MAX, selectedIds } from '../../lib/id-arrays.js';
import { boundedTotal, type ListTotal } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';

export const SERVICE_SORT_FIELDS = [
  'fullNumber',
  'number',
  'id',
  'date',
  'paymentType',
  'state',
  'faultDescription',
  'customer',
  'user',
] as const;
type SortField = (typeof SERVICE_SORT_FIELDS)[number];

export interface ServiceListOptions {
  /** Events whose machines belong to this family (findAllOrderInternal / External). */
  family?: MachineType;
  /** Events of one machine (the machine card's service tab). */
  deviceId?: number;
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** "25", "25A", "25A/03" or "25A/03/2026" style searches aim at the number itself. */
const FULL_NUMBER = /^(\d{1,7})([A-Za-z])?(?:\/(\d{1,2})(?:\/(\d{4}))?)?$/;
/** "12/2025", "/12/2025" or "/2025": the end of a full number, its month and year, or its year. */
const NUMBER_TAIL = /^\/?(?:(\d{1,2})\/)?(\d{4})$/;

/**
 * The events whose full number ends as typed ("12/2025": every event of December 2025), through
 * the list's order index (year, month, …). Undefined when the term is not such an ending.
 */
export function numberTailFilter(term: string): SQL | undefined {
  const m = NUMBER_TAIL.exec(term);
  if (!m || (!m[1] && !term.startsWith('/'))) return undefined;
  // Numbered events only: an event without a number has no full number yet ("(auto)").
  const parts = [eq(services.year, Number(m[2])), sql`${services.number} > 0`];
  if (m[1]) parts.push(eq(services.month, Number(m[1])));
  return and(...parts)!;
}

function numberFilter(term: string, t: ServiceColumns = services): SQL | undefined {
  const m = FULL_NUMBER.exec(term);
  if (!m) return undefined;
  const parts: SQL[] = [eq(t.number, Number(m[1]))];
  if (m[2]) parts.push(eq(t.numberExtension, m[2].toUpperCase()));
  if (m[3]) parts.push(eq(t.month, Number(m[3])));
  if (m[4]) parts.push(eq(t.year, Number(m[4])));
  const byNumber = and(...parts)!;
  // A bare number may also be an id.
  return m[2] || m[3] ? byNumber : sql`(${byNumber} OR ${t.id} = ${Number(m[1])})`;
}

/** The columns the search reads: of `services`, or of the signature walk's alias (services.signature.ts). */
export type ServiceColumns = Record<
  'id' | 'number' | 'numberExtension' | 'month' | 'year' | 'customerId' | 'userCreatedId',
  Column
>;

/**
 * Free text over what the list shows: number, fault description, customer names, creator and
 * machine names. The small tables (customers, users) and the machines (through their trigram index)
 * are looked up first, so the events' condition is one OR of index-answerable terms with constant id
 * lists: the planner then either walks the list's order index until the page is full (a frequent
 * term) or ORs bitmaps of the description's search copy, customer, creator, number and id indexes
 * (a rare one).
 * A term of one or two characters matches the start of the texts (lib/text-search.ts) and no
 * machine names. The end of a full number ("12/2025", "/2025") matches the numbers only.
 */
async function searchFilter(
  db: DbOrTx,
  q: string | undefined,
  found?: SearchLookups,
): Promise<SQL | undefined> {
  const term = trimmedTerm(q);
  if (!term) return undefined;
  // The end of a number searches the numbers alone: the index answers it, page after page.
  const byTail = numberTailFilter(term);
  if (byTail) return byTail;
  return searchBranches(services, found ?? (await lookUpSearch(db, term)), faultMatches(term));
}

/**
 * The lookups of a list's search (lookUpSearch), or undefined when it has none (no term, or the end
 * of a number): made once per call and handed to serviceListWhere and the signature walk.
 */
export async function lookUpListSearch(
  db: DbOrTx,
  options: ServiceListOptions,
): Promise<SearchLookups | undefined> {
  const term = trimmedTerm(options.q);
  if (!term || numberTailFilter(term)) return undefined;
  return lookUpSearch(db, term);
}

/** What a search found in the small tables and the machines before it reads the events. */
export interface SearchLookups {
  term: string;
  customers: number[];
  users: number[];
  /** Ids of the events of the machines named by the term (a constant list), or their subquery. */
  machines?: number[] | SQL;
}

/** The search's lookups of customers, creators and (for a long term) machines. */
export async function lookUpSearch(db: DbOrTx, term: string): Promise<SearchLookups> {
  const [named, machines] = await Promise.all([
    // The customers through their names' trigram (or prefix) indexes, not a scan of every name.
    idArraysByIndex(db, {
      customers: sql`SELECT ${customers.id} FROM ${customers}
        WHERE ${nameMatches(customers.shortName, term)} OR ${nameMatches(customers.fullName, term)}`,
      users: sql`SELECT ${users.id} FROM ${users}
        WHERE ${textMatches(sql`(${users.firstName} || ' ' || ${users.lastName})`, term)}`,
    }),
    isShortTerm(term) ? undefined : machineServiceIds(db, term),
  ]);
  return { term, ...named, machines };
}

/**
 * The search as one OR: `text` (the description), the number, the customers, the creators and the
 * machines found. `t` is `services`, or the signature walk's alias whose `text` is the bits' check.
 */
export function searchBranches(t: ServiceColumns, found: SearchLookups, text: SQL): SQL {
  return sql`(${sql.join([text, ...exactBranches(t, found)], sql` OR `)})`;
}

/**
 * The search's branches that name the events outright (number, customers, creators, machines):
 * an event one of them takes matches, whatever its description.
 */
export function exactBranches(t: ServiceColumns, found: SearchLookups): SQL[] {
  const terms: SQL[] = [];
  const byNumber = numberFilter(found.term, t);
  if (byNumber) terms.push(byNumber);
  if (found.customers.length) terms.push(idsAmong(t.customerId, found.customers));
  if (found.users.length) terms.push(idsAmong(t.userCreatedId, found.users));
  if (Array.isArray(found.machines)) terms.push(idsAmong(t.id, found.machines));
  else if (found.machines) terms.push(sql`${t.id} IN (${found.machines})`);
  return terms;
}

/**
 * Events of the machines whose name or serial number contains the term (a serial also typed with
 * other separators, serialCharactersHold): a constant id list, or a subquery if many. An auditor
 * looked for a machine's protocols by the S/N on its nameplate and found none.
 */
async function machineServiceIds(db: DbOrTx, term: string): Promise<number[] | SQL | undefined> {
  const pattern = likeContains(term);
  // The machines' trigram index covers their name and serial among other fields; those are then checked.
  const named = sql`${deviceSearchText(devices)} ILIKE ${pattern}
    AND (${devices.name} ILIKE ${pattern} OR ${devices.serialNumber} ILIKE ${pattern})`;
  const serial = serialCharactersHold(term);
  const ofMachines = sql`SELECT ${serviceDevices.serviceId} AS id FROM ${serviceDevices} WHERE ${serviceDevices.deviceId} IN
    (SELECT ${devices.id} FROM ${devices} WHERE (${named})${serial ? sql` OR ${serial}` : sql``})`;
  const found = await selectedIds(db, sql`${ofMachines} LIMIT ${INLINE_IDS_MAX + 1}`);
  if (!found.length) return undefined;
  return found.length <= INLINE_IDS_MAX ? found : ofMachines;
}

/**
 * The description's search copy, lower-cased like the pattern (by the database itself, as in
 * lib/text-search.ts): its start for a short term, "contains" otherwise.
 */
export const faultMatches = (term: string): SQL => copyTermMatches(services.faultSearch, term);

/**
 * The list's conditions (the search looks its customers, creators and machines up first, unless
 * `found` brings them: lookUpListSearch).
 */
export async function serviceListWhere(
  db: DbOrTx,
  options: ServiceListOptions,
  found?: SearchLookups,
): Promise<SQL | undefined> {
  const conditions: (SQL | undefined)[] = [await searchFilter(db, options.q, found)];
  // Bare column references, so the planner matches the partial indexes' predicates.
  if (options.family === 'INTERNAL') conditions.push(sql`${services.hasInternal}`);
  if (options.family === 'EXTERNAL') conditions.push(sql`${services.hasExternal}`);
  if (options.deviceId !== undefined) {
    conditions.push(sql`${services.id} IN (SELECT ${serviceDevices.serviceId} FROM ${serviceDevices}
      WHERE ${serviceDevices.deviceId} = ${options.deviceId})`);
  }
  return and(...conditions);
}

function parseSort(sort: string | undefined): { field: SortField; desc: boolean } {
  const order = parseSortParam(sort, SERVICE_SORT_FIELDS, { field: 'fullNumber', direction: 'desc' });
  return { field: order.field, desc: order.direction === 'desc' };
}

/**
 * A family list's search (not one machine's events), with its family's flag and its sort, for the
 * pages read in parts (services.owner-order.ts, services.description-region.ts); else undefined.
 */
export function searchedFamilyList(options: ServiceListOptions, found: SearchLookups | undefined) {
  if (!found || !options.family || options.deviceId !== undefined) return undefined;
  const family = options.family === 'INTERNAL' ? services.hasInternal : services.hasExternal;
  return { found, family, sort: parseSort(options.sort) };
}

/** ORDER BY for a sort; full-number order (year, month, number, letter, id) always breaks ties. */
export function orderOf(sort: { field: SortField; desc: boolean }): SQL {
  const dir = sql.raw(sort.desc ? 'DESC' : 'ASC');
  const fullNumber = sql`${services.year} ${dir}, ${services.month} ${dir}, ${services.number} ${dir}, ${services.numberExtension} ${dir}, ${services.id} ${dir}`;
  switch (sort.field) {
    case 'fullNumber':
    case 'number':
      return fullNumber;
    case 'id':
      return sql`${services.id} ${dir}`;
    case 'date':
      return sql`${services.date} ${dir}, ${services.id} ${dir}`;
    // Copied sort keys (services.table.ts): each order is one index of services.
    case 'customer':
      return sql`${services.customerShortName} ${dir}, ${fullNumber}`;
    case 'user':
      return sql`${services.userLastName} ${dir}, ${services.userFirstName} ${dir}, ${fullNumber}`;
    case 'faultDescription':
      return sql`${sortPrefix(services.faultDescription)} ${dir}, ${fullNumber}`;
    default:
      return sql`${services[sort.field]} ${dir}, ${fullNumber}`;
  }
}

/** Ids of one page (or of all rows when no limit), in list order. */
export async function findServiceIds(
  db: DbOrTx,
  options: ServiceListOptions,
  where?: SQL,
): Promise<number[]> {
  const sort = parseSort(options.sort);
  let query = db
    .select({ id: services.id })
    .from(services)
    .where(where ?? (await serviceListWhere(db, options)))
    .orderBy(orderOf(sort))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await query).map((r) => r.id);
}

/** The list's total: exact up to EXACT_TOTAL_BOUND matching events, estimated beyond. */
export async function countServices(
  db: DbOrTx,
  options: ServiceListOptions,
  known: { bound?: number; where?: SQL; atLeast?: number } = {},
): Promise<ListTotal> {
  const where = known.where ?? (await serviceListWhere(db, options));
  const matching = db.select({ id: services.id }).from(services).where(where);
  return boundedTotal(db, matching, known.bound, known.atLeast);
}

/** Every matching id in list order as a query: the unpaged list reads it through a cursor. */
export async function serviceIdQuery(db: DbOrTx, options: ServiceListOptions) {
  const sort = parseSort(options.sort);
  let query = db.select({ id: services.id }).from(services).$dynamic();
  if (sort.field === 'customer') query = query.innerJoin(customers, eq(customers.id, services.customerId));
  if (sort.field === 'user') query = query.innerJoin(users, eq(users.id, services.userCreatedId));
  // Wrapped in SQL: an awaited query builder would run instead of being handed to the cursor.
  return sql`${query.where(await serviceListWhere(db, options)).orderBy(orderOf(sort))}`;
}
