import { asc, desc, eq, ne, or, sql, and, type SQL } from 'drizzle-orm';
import { CUSTOMER_TEXT_FIELDS, type CustomerDependants } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { devices } from '../devices/devices.table.js';
import { services } from '../services/services.table.js';
import { customerNumbersText, customerSearchText, customers } from './customers.table.js';
import {
  SHORT_TERM_MAX,
  hasLetterOrDigit,
  likeContains,
  lowerPrefix,
  numberDigits,
  searchTerm,
} from '../../lib/text-search.js';
import { boundedTotal, type ListTotal } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { anyId, inIdOrder } from '../../lib/json-stream.js';

export type CustomerRow = typeof customers.$inferSelect;
export type NewCustomerRow = typeof customers.$inferInsert;

export const CUSTOMER_SORT_FIELDS = ['id', ...CUSTOMER_TEXT_FIELDS] as const;

/**
 * `q` by the rule of lib/text-search.ts: 1–2 characters match the short name by prefix (its
 * `lower(short_name) text_pattern_ops` index) and the exact id; longer terms, with or without a
 * trigram, "contain" in any column,
 * through the trigram index of the columns' joined text (customers_search_trgm). A term that reads as
 * a number (numberDigits) also finds a NIP, REGON or phone holding its digits, however separated
 * (customers_numbers_trgm).
 */
function searchFilter(q?: string): SQL | undefined {
  const search = searchTerm(q);
  if (search.kind === 'none') return undefined;
  const byId = search.id !== undefined ? eq(customers.id, search.id) : undefined;
  const prefix = search.kind === 'short' ? lowerPrefix(customers.shortName, search.term) : undefined;
  // One or two characters match the start only. A longer term without three letters or digits in a
  // row ("Sp. z o.o.", "25-9", "s.c.") gives the trigram index little to go on, but the customers are
  // few (5,000 in the largest register measured): it is looked for inside every column all the same,
  // when it has a letter or digit for the index to start from ("---" has none: a scan of the table).
  const withoutTrigram = [...search.term].length <= SHORT_TERM_MAX || !hasLetterOrDigit(search.term);
  if (search.kind === 'short' && withoutTrigram) return or(prefix, byId);
  const digits = numberDigits(search.term);
  const byNumber = digits ? sql`${customerNumbersText(customers)} LIKE ${likeContains(digits)}` : undefined;
  const contains = likeContains(search.term);
  return or(sql`${customerSearchText(customers)} ILIKE ${contains}`, prefix, byNumber, byId);
}

export interface CustomerListOptions {
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** Newest first unless another order is asked for; id breaks ties so pages never overlap. */
export async function findCustomers(db: DbOrTx, options: CustomerListOptions = {}): Promise<CustomerRow[]> {
  const sort = parseSortParam(options.sort, CUSTOMER_SORT_FIELDS, { field: 'id', direction: 'desc' });
  const column = customers[sort.field];
  const order = [sort.direction === 'desc' ? desc(column) : asc(column), desc(customers.id)];
  const query = db
    .select()
    .from(customers)
    .where(searchFilter(options.q))
    .orderBy(...order);
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

/** The list's total: exact up to EXACT_TOTAL_BOUND customers, estimated beyond. */
export function countCustomers(db: DbOrTx, q?: string): Promise<ListTotal> {
  const where = searchFilter(q) ?? sql`TRUE`;
  return boundedTotal(db, sql`SELECT ${customers.id} FROM ${customers} WHERE ${where}`);
}

export async function findCustomerById(db: DbOrTx, id: number): Promise<CustomerRow | undefined> {
  const rows = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return rows[0];
}

/** Another customer already using this short name, compared case-insensitively like the unique index. */
export async function findCustomerByShortName(
  db: DbOrTx,
  shortName: string,
  exceptId?: number,
): Promise<CustomerRow | undefined> {
  const sameName = sql`lower(${customers.shortName}) = ${shortName.trim().toLowerCase()}`;
  const rows = await db
    .select()
    .from(customers)
    .where(exceptId === undefined ? sameName : and(sameName, ne(customers.id, exceptId)))
    .limit(1);
  return rows[0];
}

export async function insertCustomer(db: DbOrTx, values: NewCustomerRow): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(values).returning();
  return row;
}

export async function updateCustomer(
  db: DbOrTx,
  id: number,
  values: Partial<NewCustomerRow>,
): Promise<CustomerRow | undefined> {
  const [row] = await db.update(customers).set(values).where(eq(customers.id, id)).returning();
  return row;
}

export async function deleteCustomer(db: DbOrTx, id: number) {
  await db.delete(customers).where(eq(customers.id, id));
}

/** Machines (both families) and service events that name the customer and block its deletion. */
export async function countCustomerDependants(db: DbOrTx, id: number): Promise<number> {
  const { machines, services: events } = await customerDependants(db, id);
  return machines + events;
}

/** The customer's machines and service events, which keep it (the delete's confirmation names them). */
export async function customerDependants(db: DbOrTx, id: number): Promise<CustomerDependants> {
  const [machines] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(devices)
    .where(eq(devices.customerId, id));
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(services)
    .where(eq(services.customerId, id));
  return { machines: Number(machines.n), services: Number(events.n) };
}

/** Every matching id in list order (as `findCustomers`), as a query for the streamed list's cursor. */
export function customerListIdQuery(db: DbOrTx, options: Pick<CustomerListOptions, 'q' | 'sort'>) {
  const sort = parseSortParam(options.sort, CUSTOMER_SORT_FIELDS, { field: 'id', direction: 'desc' });
  const column = customers[sort.field];
  const order = [sort.direction === 'desc' ? desc(column) : asc(column), desc(customers.id)];
  return db
    .select({ id: customers.id })
    .from(customers)
    .where(searchFilter(options.q))
    .orderBy(...order);
}

/** The customers of `ids`, in that order. */
export async function findCustomersByIds(db: DbOrTx, ids: number[]): Promise<CustomerRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(customers).where(anyId(customers.id, ids));
  return inIdOrder(ids, rows, (row) => row.id);
}
