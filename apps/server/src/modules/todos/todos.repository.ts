import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TodoListFilter, TodoSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { todos } from './todos.table.js';
import { escapeLike } from '../../lib/text-search.js';
import { anyId } from '../../lib/json-stream.js';

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

function listFilter(options: Pick<TodoListOptions, 'filter' | 'q' | 'id' | 'ids'>): SQL | undefined {
  if (options.id !== undefined) return eq(todos.id, options.id);
  if (options.ids !== undefined) return anyId(todos.id, options.ids);
  const status = options.filter === 'TODO' ? eq(todos.toDoStatus, 'TODO') : undefined;
  const term = options.q?.trim();
  if (!term) return status;
  const pattern = `%${escapeLike(term)}%`;
  // Staff look a to-do up by its text, its customer or one of its machines.
  const text = sql`(${todos.id}::text = ${term} OR ${todos.description} ILIKE ${pattern}
    OR ${customers.shortName} ILIKE ${pattern}
    OR EXISTS (SELECT 1 FROM ${serviceDevices} JOIN ${devices} ON ${devices.id} = ${serviceDevices.deviceId}
      WHERE ${serviceDevices.serviceId} = ${todos.serviceId}
        AND (${devices.name} ILIKE ${pattern} OR ${devices.city} ILIKE ${pattern})))`;
  return status ? and(status, text) : text;
}

const SORT_COLUMNS = {
  id: todos.id,
  date: todos.date,
  toDoStatus: todos.toDoStatus,
  description: todos.description,
} as const;

/** A page of to-dos with their author and, when linked, the service event and its customer. */
export async function listTodos(db: DbOrTx, options: TodoListOptions) {
  const column = SORT_COLUMNS[options.sort.field];
  const order = options.sort.direction === 'desc' ? desc(column) : asc(column);
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
    .leftJoin(customers, eq(customers.id, services.customerId))
    .where(listFilter(options))
    .orderBy(order, desc(todos.id));
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}
export type TodoListRow = Awaited<ReturnType<typeof listTodos>>[number];

export async function countTodos(db: DbOrTx, options: Pick<TodoListOptions, 'filter' | 'q'>) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(todos)
    .leftJoin(services, eq(services.id, todos.serviceId))
    .leftJoin(customers, eq(customers.id, services.customerId))
    .where(listFilter(options));
  return row.n;
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
