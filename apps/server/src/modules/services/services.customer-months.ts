import { and, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { idsAmong } from '../../lib/id-arrays.js';
import { boundedIds, SEARCH_TOTAL_BOUND, type ListTotal, type PageWindow } from '../../lib/paging.js';
import { walkedIds } from '../../lib/trigram-signature.js';
import { exactBranches, type SearchLookups, type ServiceListOptions } from './services.list.js';
import { serviceCustomerMonths } from './service-customer-months.table.js';
import { knownDescriptions, walkedList } from './services.signature.js';
import { services } from './services.table.js';

/**
 * Deep pages of a search that names customers ("Szymański": 192 customers, 141,000 of 3,860,000 own
 * events at 5,000,000), by the months their events are counted in (service_customer_months,
 * migration 0026): the months before the page are added up, not walked, and the walk starts at the
 * page's own month. The 1,000th page of "Szymański" passed 407,000 index entries to reach its
 * 15,000th match; now at most the page's month. The list's other matches (descriptions holding the
 * term, creators, machines, a number) must be few and are known by id first; else, or with too many
 * customers, undefined, and the signature walk or the sort serves the page.
 */

/** Up to this many customers a search's months are added up (a row per customer and month). */
const CUSTOMERS_MAX = 1_000;
/** Up to this many events of other customers may match the search, known by id. */
const OTHERS_MAX = 2_000;

/** A searched family list's matches per month, added up from its customers' months. */
export interface CustomerMonths {
  family: 'INTERNAL' | 'EXTERNAL';
  customers: number[];
  /** The family's matching events of other customers, by id. */
  others: number[];
  /** Newest month first. */
  months: Month[];
  /** The list's exact total, in any order. */
  total: number;
}

/**
 * The months of a searched family list in any order, where the customers' months serve it (a term
 * that names customers and few other events); else undefined. Their sum is the list's exact total:
 * cheaper than counting 1,001 of its matches ("Szymański": a scan of 34,000 events to find 1,001 of
 * them), and exact where the count stops at "ponad 1 000".
 */
export async function customerMonths(
  db: Db,
  options: ServiceListOptions,
  found: SearchLookups | undefined,
): Promise<CustomerMonths | undefined> {
  const list = walkedList({ ...options, sort: undefined });
  const customers = found?.customers ?? [];
  if (!found || !list || !customers.length || customers.length > CUSTOMERS_MAX) return undefined;
  const others = await otherMatches(db, list.family, found, customers);
  if (!others) return undefined;
  const months = await monthsOf(db, list.family === 'INTERNAL', customers, others);
  const total = months.reduce((sum, m) => sum + m.events, 0);
  return { family: list.family, customers, others, months, total };
}

/**
 * One page of a list in its default order (either way) past the search's bound, and the exact
 * total, or undefined when the months do not serve it. `counted`: how the caller asks for the list's
 * months once per call (customerMonths).
 */
export async function customerMonthsPage(
  db: Db,
  options: ServiceListOptions,
  window: PageWindow,
  found: SearchLookups | undefined,
  counted: () => Promise<CustomerMonths | undefined> = () => customerMonths(db, options, found),
): Promise<{ ids: number[]; total: ListTotal } | undefined> {
  const list = walkedList(options);
  if (!list || window.offset + window.limit <= SEARCH_TOTAL_BOUND) return undefined;
  const months = await counted();
  if (!months) return undefined;
  const { customers, others, total } = months;
  const start = startOf(list.descending ? months.months : [...months.months].reverse(), window.offset);
  if (!start) return { ids: [], total: { total, estimated: false } };
  const family = months.family === 'INTERNAL' ? services.hasInternal : services.hasExternal;
  const from = list.descending
    ? sql`(${services.year}, ${services.month}) <= (${start.year}, ${start.month})`
    : sql`(${services.year}, ${services.month}) >= (${start.year}, ${start.month})`;
  const matches = others.length
    ? sql`(${idsAmong(services.customerId, customers)} OR ${idsAmong(services.id, others)})`
    : idsAmong(services.customerId, customers);
  const dir = list.direction;
  const page = sql`SELECT ${services.id} AS id FROM ${services}
    WHERE ${and(sql`${family}`, from, matches)}
    ORDER BY ${services.year} ${dir}, ${services.month} ${dir}, ${services.number} ${dir},
      ${services.numberExtension} ${dir}, ${services.id} ${dir}
    LIMIT ${window.limit} OFFSET ${start.skip}`;
  const ids = await walkedIds(db, page);
  return { ids, total: { total, estimated: false } };
}

/**
 * The family's events of other customers that match the search (a description holding the term, a
 * creator, a machine, a number), by id; undefined when there may be more than OTHERS_MAX.
 */
async function otherMatches(
  db: Db,
  family: 'INTERNAL' | 'EXTERNAL',
  found: SearchLookups,
  customers: number[],
): Promise<number[] | undefined> {
  const descriptions = await knownDescriptions(db, family, found.term);
  if (!descriptions) return undefined;
  const branches = [
    ...(descriptions.length ? [idsAmong(services.id, descriptions)] : []),
    ...exactBranches(services, { ...found, customers: [] }),
  ];
  if (!branches.length) return [];
  const ofFamily = family === 'INTERNAL' ? services.hasInternal : services.hasExternal;
  const ids = await boundedIds(
    db,
    sql`SELECT ${services.id} FROM ${services} WHERE ${ofFamily}
      AND NOT ${idsAmong(services.customerId, customers)} AND (${sql.join(branches, sql` OR `)})`,
    OTHERS_MAX,
  );
  return ids.length > OTHERS_MAX ? undefined : ids;
}

interface Month {
  year: number;
  month: number;
  events: number;
}

/** The family's matching events per month of the full number, newest first. */
async function monthsOf(db: Db, internal: boolean, customers: number[], others: number[]): Promise<Month[]> {
  const t = serviceCustomerMonths;
  const ofOthers = others.length
    ? sql`UNION ALL SELECT ${services.year}, ${services.month}, count(*)::int FROM ${services}
        WHERE ${idsAmong(services.id, others)} GROUP BY 1, 2`
    : sql``;
  const result = await db.execute(
    sql`SELECT year, month, sum(events)::int AS events FROM (
        SELECT ${t.year} AS year, ${t.month} AS month, ${t.events} AS events FROM ${t}
        WHERE ${idsAmong(t.customerId, customers)} AND ${t.internal} = ${internal}
        ${ofOthers}) AS m
      GROUP BY year, month HAVING sum(events) > 0 ORDER BY year DESC, month DESC`,
  );
  return rowsOf<Month>(result).map((m) => ({
    year: Number(m.year),
    month: Number(m.month),
    events: Number(m.events),
  }));
}

/** The month the page starts in and how many of its matches come before the page; none past the end. */
export function startOf(months: Month[], offset: number) {
  let before = 0;
  for (const m of months) {
    if (offset < before + m.events) return { year: m.year, month: m.month, skip: offset - before };
    before += m.events;
  }
  return undefined;
}
