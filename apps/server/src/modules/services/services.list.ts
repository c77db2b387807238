import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';
import { serviceDevices, services } from './services.table.js';
import { escapeLike } from '../../lib/text-search.js';
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
 * and the creator. A union of id sets, each found through its own index (trigram, customer,
 * creator, machine), instead of one OR that would read every event.
 */
function searchFilter(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  const sets: SQL[] = [
    sql`SELECT ${services.id} FROM ${services} WHERE ${services.faultDescription} ILIKE ${pattern}`,
    sql`SELECT ${services.id} FROM ${services} WHERE ${services.customerId} IN (SELECT ${customers.id} FROM ${customers}
      WHERE ${customers.shortName} ILIKE ${pattern} OR ${customers.fullName} ILIKE ${pattern})`,
    sql`SELECT ${services.id} FROM ${services} WHERE ${services.userCreatedId} IN (SELECT ${users.id} FROM ${users}
      WHERE (${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern})`,
    sql`SELECT ${serviceDevices.serviceId} FROM ${serviceDevices} WHERE ${serviceDevices.deviceId} IN
      (SELECT ${devices.id} FROM ${devices} WHERE ${devices.name} ILIKE ${pattern})`,
  ];
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
    case 'customer':
      return sql`${customers.shortName} ${dir}, ${fullNumber}`;
    case 'user':
      return sql`${users.lastName} ${dir}, ${users.firstName} ${dir}, ${fullNumber}`;
    default:
      return sql`${services[sort.field]} ${dir}, ${fullNumber}`;
  }
}

/** Ids of one page (or of all rows when no limit), in list order. */
export async function findServiceIds(db: DbOrTx, options: ServiceListOptions): Promise<number[]> {
  const sort = parseSort(options.sort);
  let query = db.select({ id: services.id }).from(services).$dynamic();
  if (sort.field === 'customer') query = query.innerJoin(customers, eq(customers.id, services.customerId));
  if (sort.field === 'user') query = query.innerJoin(users, eq(users.id, services.userCreatedId));
  query = query.where(whereOf(options)).orderBy(orderOf(sort));
  if (options.limit !== undefined) query = query.limit(options.limit).offset(options.offset ?? 0);
  return (await query).map((r) => r.id);
}

export async function countServices(db: DbOrTx, options: ServiceListOptions): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(whereOf(options));
  return row.n;
}

/** Every matching id in list order as a query: the unpaged list reads it through a cursor. */
export function serviceIdQuery(db: DbOrTx, options: ServiceListOptions) {
  const sort = parseSort(options.sort);
  let query = db.select({ id: services.id }).from(services).$dynamic();
  if (sort.field === 'customer') query = query.innerJoin(customers, eq(customers.id, services.customerId));
  if (sort.field === 'user') query = query.innerJoin(users, eq(users.id, services.userCreatedId));
  return query.where(whereOf(options)).orderBy(orderOf(sort));
}
