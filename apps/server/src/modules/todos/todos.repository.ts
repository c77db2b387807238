import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TodoListFilter, TodoSortField } from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { todoStatusCounts } from '../dashboard/todo-status-counts.table.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { todos } from './todos.table.js';
import { searchCondition, searchSets, walkedMatch, type TodoSearch } from './todos.search.js';
import { anyId } from '../../lib/json-stream.js';
import {
  boundedTotal,
  estimatedRows,
  EXACT_TOTAL_BOUND,
  boundedIds,
  type ListTotal,
  type PageWindow,
} from '../../lib/paging.js';

export type TodoRow = typeof todos.$inferSelect;

export async function findTodoById(db: DbOrTx, id: number): Promise<TodoRow | undefined> {
  const rows = await db.select().from(todos).where(eq(todos.id, id)).limit(1);
  return rows[0];
}

/**
 * The to-do as it is now, held until the transaction ends: ten ticks of "done" at once are logged as
 * one change of status and nine edits, not ten changes.
 */
export async function lockTodo(db: DbOrTx, id: number): Promise<TodoRow | undefined> {
  const rows = await db.select().from(todos).where(eq(todos.id, id)).for('update');
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
  /** The search, looked up once per call (todos.search.ts, lookUpTodoSearch). */
  search?: TodoSearch;
  sort: { field: TodoSortField; direction: 'asc' | 'desc' };
  limit?: number;
  offset?: number;
  /**
   * A searched page looked for by walking the list's order (`walkedPageIds`): fewer rows than
   * `limit` when the walk did not reach the page's end.
   */
  walked?: boolean;
}

/** A literal, the predicate of the open to-dos' partial indexes (todos.table.ts). */
const statusCondition = (filter: TodoListFilter | undefined) =>
  filter === 'TODO' ? sql`${todos.toDoStatus} = 'TODO'` : undefined;

/** The list's filter; on the to-dos table alone, so pages and counts need no join. */
function listFilter(options: Pick<TodoListOptions, 'filter' | 'search' | 'id' | 'ids'>): SQL | undefined {
  if (options.id !== undefined) return eq(todos.id, options.id);
  if (options.ids !== undefined) return anyId(todos.id, options.ids);
  const status = statusCondition(options.filter);
  return and(status, options.search ? searchCondition(options.search, status) : undefined);
}

/**
 * The matching to-dos' ids as a count up to `bound` reads them (lib/paging.ts, boundedTotal's
 * `counted`): the search's union with the description's set cut at bound + 1 rows. Past it, so is
 * the union; and the union no longer reads every description that holds a common term before its
 * first row (the 12,500 to-dos holding "ofert" at 1,000,000 machines: 12 ms counted whole, 2 cut).
 * Undefined without a term (the list's own query is counted).
 */
function countedMatches(options: Pick<TodoListOptions, 'filter' | 'search'>, bound: number): SQL | undefined {
  if (!options.search) return undefined;
  const sets = searchSets(options.search, statusCondition(options.filter), bound + 1);
  return sql`SELECT found.id FROM (${sets}) AS found(id)`;
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
  // As an array (`= ANY(ARRAY(…))`), not an `IN` the planner would weigh as one more join (a page
  // at 100,000 to-dos: planned in 0.68 ms instead of 0.86).
  const window = { limit: options.limit, offset: options.offset ?? 0 };
  const pageIds = options.walked
    ? walkedPageIds(options, window)
    : db
        .select({ id: todos.id })
        .from(todos)
        .where(filter)
        .orderBy(order, desc(todos.id))
        .limit(window.limit)
        .offset(window.offset);
  return query.where(sql`${todos.id} = ANY(ARRAY(${pageIds}))`).orderBy(order, desc(todos.id));
}
export type TodoListRow = Awaited<ReturnType<typeof listTodos>>[number];

/**
 * The pager's total: exact up to `bound` to-dos, estimated beyond; a search is counted with its
 * description's set cut at the bound (`countedMatches`).
 */
export function countTodos(
  db: DbOrTx,
  options: Pick<TodoListOptions, 'filter' | 'search'>,
  bound = EXACT_TOTAL_BOUND,
  atLeast?: number,
  estimate?: () => Promise<number>,
): Promise<ListTotal> {
  const matching = db.select({ id: todos.id }).from(todos).where(listFilter(options));
  return boundedTotal(db, matching, bound, atLeast, countedMatches(options, bound), estimate);
}

/**
 * Up to `bound` + 1 ids of the to-dos matching the list's filter and search (the search's union
 * with the description's set cut there, `countedMatches`), in one statement planned as the count
 * (lib/paging.ts, boundedIds).
 */
export function boundedTodoIds(db: Db, options: Pick<TodoListOptions, 'filter' | 'search'>, bound: number) {
  const matching =
    countedMatches(options, bound) ??
    db.select({ id: todos.id }).from(todos).where(listFilter(options)).getSQL();
  return boundedIds(db, matching, bound, { asCounted: true });
}

/**
 * A walk passes at most this many to-dos per row up to the page's end (`walkedPageIds`): it fills
 * the page when at least one in 20 of them matches.
 */
const TODO_WALK_ROWS_PER_ROW = 20;

/** The longest walk (`walkedPageIds`): 2,000 to-dos, 1.5–2.5 ms at 1,000,000 machines. */
const TODO_WALK_MAX_ROWS = 2_000;

/** Whether a searched page may be walked (`walked`): its walk stays within TODO_WALK_MAX_ROWS. */
export const todoPageWalkable = (window: PageWindow) =>
  (window.offset + window.limit) * TODO_WALK_ROWS_PER_ROW <= TODO_WALK_MAX_ROWS;

/**
 * The ids of a searched page, found by walking the list's order and checking the search on each
 * to-do (docs/decisions.md, "A broad to-do search walks its order"): where many match, the page's
 * end lies among the first few to-dos, and collecting and sorting every match reads them all (the
 * 12,500 holding "ofert" at 1,000,000 machines: 13 ms for the first page, against 1 walked). The
 * walk passes at most TODO_WALK_ROWS_PER_ROW to-dos per row up to the page's end, so a search
 * matching few costs it a few hundred to-dos passed; fewer ids than the page's size when they hold
 * fewer matches than its end (the matches are then collected and sorted). A full page is right
 * whatever the total: the walked to-dos are the list's first, in its order.
 */
function walkedPageIds(
  options: Pick<TodoListOptions, 'filter' | 'search' | 'sort'>,
  window: PageWindow,
): SQL {
  const found = options.search ? walkedMatch(options.search) : sql`TRUE`;
  const column = SORT_COLUMNS[options.sort.field];
  const order = options.sort.direction === 'desc' ? desc(column) : asc(column);
  const rows = sql.raw(String((window.offset + window.limit) * TODO_WALK_ROWS_PER_ROW));
  // The walk's LIMIT keeps the planner to the order's index and the check to the rows passed.
  return sql`SELECT walked.id FROM (
      SELECT ${todos.id} AS id, ${found} AS hit FROM ${todos}
      WHERE ${statusCondition(options.filter) ?? sql`TRUE`}
      ORDER BY ${order}, ${desc(todos.id)} LIMIT ${rows}) AS walked
    WHERE walked.hit LIMIT ${sql.raw(String(window.limit))} OFFSET ${sql.raw(String(window.offset))}`;
}

/** The planner's estimate of the to-dos matching the list's filter and search (nothing is run). */
export function estimatedTodos(
  db: DbOrTx,
  options: Pick<TodoListOptions, 'filter' | 'search'>,
): Promise<number> {
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
      type: devices.type,
      streetAddress: devices.streetAddress,
      zipCode: devices.zipCode,
      city: devices.city,
      customerId: devices.customerId,
      customerShortName: devices.customerShortName,
    })
    .from(serviceDevices)
    .innerJoin(devices, eq(devices.id, serviceDevices.deviceId))
    .where(inArray(serviceDevices.serviceId, serviceIds))
    .orderBy(asc(devices.id));
}
export type TodoServiceDeviceRow = Awaited<ReturnType<typeof findServiceDevices>>[number];

/** Every matching to-do id in list order (as `listTodos`), as a query for the streamed list's cursor. */
export function todoIdQuery(db: DbOrTx, options: Pick<TodoListOptions, 'filter' | 'search' | 'sort'>) {
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
