import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TodoListFilter, TodoSortField } from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { todoStatusCounts } from '../dashboard/todo-status-counts.table.js';
import { devices, deviceSearchText } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { todos } from './todos.table.js';
import {
  copyTermMatches,
  isShortTerm,
  likeContains,
  nameMatches,
  trimmedTerm,
} from '../../lib/text-search.js';
import { anyId } from '../../lib/json-stream.js';
import { boundedIds, boundedTotal, estimatedRows, type ListTotal } from '../../lib/paging.js';

export type TodoRow = typeof todos.$inferSelect;

export async function findTodoById(db: DbOrTx, id: number): Promise<TodoRow | undefined> {
  const rows = await db.select().from(todos).where(eq(todos.id, id)).limit(1);
  return rows[0];
}

export async function insertTodo(db: DbOrTx, values: typeof todos.$inferInsert): Promise<TodoRow> {
  const [row] = await db.insert(todos).values(values).returning();
  return row;
}

export async function updateTodo(
  db: DbOrTx,
  id: number,
  values: Pick<typeof todos.$inferInsert, 'description' | 'toDoStatus'>,
): Promise<TodoRow> {
  const [row] = await db.update(todos).set(values).where(eq(todos.id, id)).returning();
  return row;
}

export async function deleteTodo(db: DbOrTx, id: number) {
  await db.delete(todos).where(eq(todos.id, id));
}

export interface TodoListOptions {
  filter: TodoListFilter;
  /** Only this to-do (the answer of a save). */
  id?: number;
  /** Only these to-dos (a batch of the streamed list). */
  ids?: number[];
  q?: string;
  sort: { field: TodoSortField; direction: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
}

/**
 * Staff look a to-do up by its number, its text, its customer or one of its machines: a union of
 * id sets, each read through its own index (lib/text-search.ts: a term of one or two characters
 * matches the start of the text and of the customer's name, and no machines), instead of one OR
 * over joins that would read every to-do. `status`: the list's status condition, also checked in
 * each set, so a set of open to-dos only is hashed (the 3,736 open of the 12,500 to-dos holding
 * "ofert" at 1,000,000 machines).
 */
function searchFilter(term: string, status: SQL | undefined): SQL {
  const sets: SQL[] = [
    sql`SELECT ${todos.id} FROM ${todos} WHERE ${and(status, copyTermMatches(todos.descriptionSearch, term))}`,
    sql`SELECT ${todos.id} FROM ${todos} JOIN ${services} ON ${services.id} = ${todos.serviceId}
      WHERE ${and(
        status,
        sql`${services.customerId} IN (SELECT ${customers.id} FROM ${customers}
        WHERE ${nameMatches(customers.shortName, term)})`,
      )}`,
  ];
  if (!isShortTerm(term)) {
    const pattern = likeContains(term);
    sets.push(sql`SELECT ${todos.id} FROM ${todos}
      JOIN ${serviceDevices} ON ${serviceDevices.serviceId} = ${todos.serviceId}
      WHERE ${and(
        status,
        sql`${serviceDevices.deviceId} IN (SELECT ${devices.id} FROM ${devices}
        WHERE ${deviceSearchText(devices)} ILIKE ${pattern}
          AND (${devices.name} ILIKE ${pattern} OR ${devices.city} ILIKE ${pattern}))`,
      )}`);
  }
  if (/^\d{1,9}$/.test(term)) sets.unshift(sql`SELECT ${Number(term)}::int`);
  return sql`${todos.id} IN (${sql.join(sets, sql` UNION `)})`;
}

/** The list's filter; on the to-dos table alone, so pages and counts need no join. */
function listFilter(options: Pick<TodoListOptions, 'filter' | 'q' | 'id' | 'ids'>): SQL | undefined {
  if (options.id !== undefined) return eq(todos.id, options.id);
  if (options.ids !== undefined) return anyId(todos.id, options.ids);
  // A literal, the predicate of the open to-dos' partial indexes (todos.table.ts).
  const status = options.filter === 'TODO' ? sql`${todos.toDoStatus} = 'TODO'` : undefined;
  const term = trimmedTerm(options.q);
  return and(status, term ? searchFilter(term, status) : undefined);
}

const SORT_COLUMNS = {
  id: todos.id,
  date: todos.date,
  toDoStatus: todos.toDoStatus,
  // The first 100 characters, kept in a column (todos.table.ts).
  description: todos.descriptionKey,
} as const;

/** A page of to-dos with their author and, when linked, the service event and its customer. */
export async function listTodos(db: DbOrTx, options: TodoListOptions) {
  const column = SORT_COLUMNS[options.sort.field];
  const order = options.sort.direction === 'desc' ? desc(column) : asc(column);
  const filter = listFilter(options);
  const query = db
    .select({
      id: todos.id,
      date: sql<string>`to_char(${todos.date} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      description: todos.description,
      toDoStatus: todos.toDoStatus,
      userId: users.id,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      serviceId: services.id,
      serviceDate: services.date,
      serviceNumber: services.number,
      serviceNumberExtension: services.numberExtension,
      serviceMonth: services.month,
      serviceYear: services.year,
      serviceState: services.state,
      customerId: customers.id,
      customerShortName: customers.shortName,
      customerFullName: customers.fullName,
      customerStreetAddress: customers.streetAddress,
      customerZipCode: customers.zipCode,
      customerCity: customers.city,
    })
    .from(todos)
    .innerJoin(users, eq(users.id, todos.userCreatedId))
    .leftJoin(services, eq(services.id, todos.serviceId))
    .leftJoin(customers, eq(customers.id, services.customerId));
  if (options.limit === undefined) return query.where(filter).orderBy(order, desc(todos.id));
  // Deferred join: the page's ids are cut from the to-dos' index first, then only they are joined.
  const pageIds = db
    .select({ id: todos.id })
    .from(todos)
    .where(filter)
    .orderBy(order, desc(todos.id))
    .limit(options.limit)
    .offset(options.offset ?? 0);
  return query.where(inArray(todos.id, pageIds)).orderBy(order, desc(todos.id));
}
export type TodoListRow = Awaited<ReturnType<typeof listTodos>>[number];

/** The pager's total: exact up to EXACT_TOTAL_BOUND to-dos, estimated beyond. */
export function countTodos(
  db: DbOrTx,
  options: Pick<TodoListOptions, 'filter' | 'q'>,
  bound?: number,
  atLeast?: number,
): Promise<ListTotal> {
  const matching = db.select({ id: todos.id }).from(todos).where(listFilter(options));
  return boundedTotal(db, matching, bound, atLeast);
}

/**
 * Up to `bound` + 1 ids of the to-dos matching the list's filter and search, in one statement
 * planned as the count (lib/paging.ts, boundedIds).
 */
export function boundedTodoIds(db: Db, options: Pick<TodoListOptions, 'filter' | 'q'>, bound: number) {
  const matching = db.select({ id: todos.id }).from(todos).where(listFilter(options)).getSQL();
  return boundedIds(db, matching, bound, { asCounted: true });
}

/** The planner's estimate of the to-dos matching the list's filter and search (nothing is run). */
export function estimatedTodos(db: DbOrTx, options: Pick<TodoListOptions, 'filter' | 'q'>): Promise<number> {
  return estimatedRows(db, db.select({ id: todos.id }).from(todos).where(listFilter(options)));
}

/** Every to-do, or the open ones, without a search: todo_status_counts (kept by triggers) is exact. */
export async function keptTodoTotal(db: DbOrTx, filter: TodoListFilter | undefined): Promise<ListTotal> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${todoStatusCounts.todos}), 0)::int` })
    .from(todoStatusCounts)
    .where(filter === 'TODO' ? eq(todoStatusCounts.status, 'TODO') : undefined);
  return { total: Number(row?.n ?? 0), estimated: false };
}

/** The machines of the given service events, for the to-do list's address and name columns. */
export function findServiceDevices(db: DbOrTx, serviceIds: number[]) {
  if (!serviceIds.length) return Promise.resolve([]);
  return db
    .select({
      serviceId: serviceDevices.serviceId,
      id: devices.id,
      name: devices.name,
      streetAddress: devices.streetAddress,
      zipCode: devices.zipCode,
      city: devices.city,
    })
    .from(serviceDevices)
    .innerJoin(devices, eq(devices.id, serviceDevices.deviceId))
    .where(inArray(serviceDevices.serviceId, serviceIds))
    .orderBy(asc(devices.id));
}
export type TodoServiceDeviceRow = Awaited<ReturnType<typeof findServiceDevices>>[number];

/** Every matching to-do id in list order (as `listTodos`), as a query for the streamed list's cursor. */
export function todoIdQuery(db: DbOrTx, options: Pick<TodoListOptions, 'filter' | 'q' | 'sort'>) {
  const column = SORT_COLUMNS[options.sort.field];
  const order = options.sort.direction === 'desc' ? desc(column) : asc(column);
  return db
    .select({ id: todos.id })
    .from(todos)
    .leftJoin(services, eq(services.id, todos.serviceId))
    .leftJoin(customers, eq(customers.id, services.customerId))
    .where(listFilter(options))
    .orderBy(order, desc(todos.id));
}
