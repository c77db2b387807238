import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { devices, deviceSearchText } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { serviceDevices, services } from './services.table.js';
import { escapeLike } from '../../lib/text-search.js';
import { isShortTerm, searchTerm, sortPrefix, textMatches } from '../../lib/short-search.js';
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

/** "25", "25A", "25A/03", "25A/03/2026" or "/2026" style searches aim at the number itself. */
const FULL_NUMBER = /^(\d{1,7})([A-Za-z])?(?:\/(\d{1,2})(?:\/(\d{4}))?)?$/;

function numberFilter(term: string): SQL | undefined {
  const m = FULL_NUMBER.exec(term);
  if (!m) return undefined;
  const parts: SQL[] = [eq(services.number, Number(m[1]))];
  if (m[2]) parts.push(eq(services.numberExtension, m[2].toUpperCase()));
  if (m[3]) parts.push(eq(services.month, Number(m[3])));
  if (m[4]) parts.push(eq(services.year, Number(m[4])));
  const byNumber = and(...parts)!;
  // A bare number may also be an id.
  return m[2] || m[3] ? byNumber : sql`(${byNumber} OR ${services.id} = ${Number(m[1])})`;
}

/**
 * Free text over what the list shows: number, fault description, customer names, machine names
 * and the creator. A union of id sets, each found through its own index (trigram or prefix B-tree,
 * customer, creator, machine), instead of one OR that would read every event. A term of one or
 * two characters matches the start of the texts (lib/short-search.ts) and no machine names.
 */
function searchFilter(q: string | undefined): SQL | undefined {
  const term = searchTerm(q);
  if (!term) return undefined;
  const sets: SQL[] = [
    sql`SELECT ${services.id} FROM ${services} WHERE ${textMatches(services.faultDescription, term)}`,
    sql`SELECT ${services.id} FROM ${services} WHERE ${services.customerId} IN (SELECT ${customers.id} FROM ${customers}
      WHERE ${textMatches(customers.shortName, term)} OR ${textMatches(customers.fullName, term)})`,
    sql`SELECT ${services.id} FROM ${services} WHERE ${services.userCreatedId} IN (SELECT ${users.id} FROM ${users}
      WHERE ${textMatches(sql`(${users.firstName} || ' ' || ${users.lastName})`, term)})`,
  ];
  if (!isShortTerm(term)) {
    // The machines' trigram index covers their name among other fields; the name is then checked.
    const pattern = `%${escapeLike(term)}%`;
    sets.push(sql`SELECT ${serviceDevices.serviceId} FROM ${serviceDevices} WHERE ${serviceDevices.deviceId} IN
      (SELECT ${devices.id} FROM ${devices} WHERE ${deviceSearchText(devices)} ILIKE ${pattern}
        AND ${devices.name} ILIKE ${pattern})`);
  }
  const byNumber = numberFilter(term);
  if (byNumber) sets.unshift(sql`SELECT ${services.id} FROM ${services} WHERE ${byNumber}`);
  return sql`${services.id} IN (${sql.join(sets, sql` UNION `)})`;
}

function whereOf(options: ServiceListOptions): SQL | undefined {
  const conditions: (SQL | undefined)[] = [searchFilter(options.q)];
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

/** ORDER BY for a sort; full-number order (year, month, number, letter, id) always breaks ties. */
function orderOf(sort: { field: SortField; desc: boolean }): SQL {
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
export async function findServiceIds(db: DbOrTx, options: ServiceListOptions): Promise<number[]> {
  const sort = parseSort(options.sort);
  let query = db
    .select({ id: services.id })
    .from(services)
    .where(whereOf(options))
    .orderBy(orderOf(sort))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await query).map((r) => r.id);
}

/** The list's total: exact up to EXACT_TOTAL_BOUND matching events, estimated beyond. */
export function countServices(db: DbOrTx, options: ServiceListOptions, bound?: number): Promise<ListTotal> {
  return boundedTotal(db, db.select({ id: services.id }).from(services).where(whereOf(options)), bound);
}
