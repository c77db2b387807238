import {
  MSG,
  todoSortFields,
  type SessionUser,
  type TodoListQuery,
  type TodoSave,
  shortenText,
  todoStatusLabel,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { runsSideBySide } from '../../db/database.js';
import { conflict, notFound } from '../../lib/app-error.js';
import type { FastifyReply } from 'fastify';
import { inIdOrder, streamList } from '../../lib/json-stream.js';
import { pageWindow, pageWithTotal, totalBoundFor, type PageWindow } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import {
  boundedTodoIds,
  countTodos,
  estimatedTodos,
  keptTodoTotal,
  deleteTodo,
  findServiceDevices,
  findTodoById,
  lockTodo,
  insertTodo,
  listTodos,
  todoIdQuery,
  todoPageWalkable,
  updateTodo,
  type TodoListOptions,
  type TodoListRow,
} from './todos.repository.js';
import { groupByService, toTodo } from './todos.mapper.js';
import { lookUpTodoSearch } from './todos.search.js';

async function loadTodos(db: DbOrTx, options: TodoListOptions) {
  return withDevices(db, await listTodos(db, options));
}

/** The rows as the API shows them, with the machines of their service events. */
async function withDevices(db: DbOrTx, rows: TodoListRow[]) {
  const serviceIds = [...new Set(rows.map((r) => r.serviceId).filter((id): id is number => id !== null))];
  const devicesByService = groupByService(await findServiceDevices(db, serviceIds));
  return rows.map((row) => toTodo(row, devicesByService));
}

/**
 * A page of the list. A searched page that ends among the first to-dos is looked for by walking the
 * list's order first (`walked`, todos.repository.ts), and the matches are collected and sorted only
 * when the walk does not fill it.
 */
async function loadTodoPage(db: DbOrTx, options: TodoListOptions, page: PageWindow) {
  if (options.search && todoPageWalkable(page)) {
    const rows = await listTodos(db, { ...options, ...page, walked: true });
    if (rows.length === page.limit) return withDevices(db, rows);
  }
  return loadTodos(db, { ...options, ...page });
}

/** TODO → open ones, ALL → every one; newest id first unless another sort is asked for. */
export async function listTodoViews(db: Db, query: TodoListQuery) {
  const sort = parseSortParam(query.sort, todoSortFields, { field: 'id', direction: 'desc' });
  const window = pageWindow(query);
  const search = await lookUpTodoSearch(db, query.q);
  const options: TodoListOptions = { filter: query.toDoStatus, search, sort, ...window };
  if (!window) {
    const todos = await loadTodos(db, options);
    return { todos, total: todos.length, paged: false };
  }
  // The count beside the page, or left out past the exact bound (lib/paging.ts).
  const bound = totalBoundFor(query.q);
  const sideBySide = runsSideBySide(db);
  const withinBound = window.offset + window.limit <= bound;
  // One statement at a time (PGlite), a search's page within the bound: its matches' ids first, up
  // to the bound, so the search runs once, not for the page and again for the count.
  const found = search && !sideBySide && withinBound ? await boundedTodoIds(db, options, bound) : undefined;
  if (found && found.length <= bound) {
    const todos =
      window.offset < found.length ? await loadTodos(db, { ...options, ids: found, ...window }) : [];
    return { todos, total: { total: found.length, estimated: false }, paged: true };
  }
  // A deep page asks the planner before it is read, and its total past the bound asks the same:
  // asked once.
  const estimate = search ? once(() => estimatedTodos(db, options)) : undefined;
  const { rows: todos, total } = await pageWithTotal(
    window,
    (page) => loadTodoPage(db, options, page),
    (atLeast, upTo = bound) =>
      // Without a search the size is kept by triggers (todo_status_counts): exact, and one row read.
      // More than the bound found above: only the estimate is left to ask.
      search
        ? countTodos(db, options, upTo, found ? Math.max(atLeast ?? 0, found.length) : atLeast, estimate)
        : keptTodoTotal(db, options.filter),
    { sideBySide, bound, estimate, kept: !search },
  );
  return { todos, total, paged: true };
}

/** `ask` run on its first call only; later calls share its answer. */
function once<T>(ask: () => Promise<T>): () => Promise<T> {
  let asked: Promise<T> | undefined;
  return () => (asked ??= ask());
}

const quote = (text: string) => `„${shortenText(text, 60)}”`;

/**
 * New (no id) or an edit of a stand-alone to-do. A to-do that belongs to a service event is
 * changed through that event (PATCH /api/service/changeTodoStatus), so saving it here is refused.
 * An edit keeps the creation date: the list's "Data" says when the task was written down.
 */
export async function saveTodo(db: Db, actor: SessionUser, input: TodoSave) {
  return inTransaction(db, async (tx) => {
    let id: number;
    let created = false;
    if (input.id !== null) {
      const existing = await lockTodo(tx, input.id);
      if (!existing) throw notFound(MSG.todoNotFound);
      if (existing.serviceId !== null) throw conflict(MSG.todoLinkedToService, 'LINKED_TO_SERVICE');
      const toDoStatus = input.toDoStatus ?? existing.toDoStatus;
      await updateTodo(tx, existing.id, { description: input.description, toDoStatus });
      id = existing.id;
      const done =
        existing.toDoStatus !== toDoStatus ? ` (${todoStatusLabel(toDoStatus).toLowerCase()})` : '';
      await audit(tx, actor, `edycja zadania nr ${id} ${quote(input.description)}${done}`, `todo:${id}`);
    } else {
      const row = await insertTodo(tx, {
        description: input.description,
        toDoStatus: input.toDoStatus ?? 'TODO',
        userCreatedId: actor.id,
        ...(input.date ? { date: input.date } : {}),
      });
      id = row.id;
      created = true;
      await audit(tx, actor, `dodanie zadania nr ${id} ${quote(input.description)}`, `todo:${id}`);
    }
    const [todo] = await loadTodos(tx, { filter: 'ALL', id, sort: { field: 'id', direction: 'desc' } });
    return { todo, created };
  });
}

export async function removeTodo(db: Db, actor: SessionUser, id: number) {
  await inTransaction(db, async (tx) => {
    const existing = await findTodoById(tx, id);
    if (!existing) throw notFound(MSG.todoNotFound);
    if (existing.serviceId !== null) throw conflict(MSG.todoLinkedDelete, 'LINKED_TO_SERVICE');
    await deleteTodo(tx, id);
    await audit(tx, actor, `usunięcie zadania nr ${id} ${quote(existing.description)}`, `todo:${id}`);
  });
}

/** The unpaged list as a JSON stream: ids from a cursor in list order, to-dos a batch at a time. */
export async function streamTodoViews(db: Db, reply: FastifyReply, query: TodoListQuery) {
  const sort = parseSortParam(query.sort, todoSortFields, { field: 'id', direction: 'desc' });
  const options = { filter: query.toDoStatus, search: await lookUpTodoSearch(db, query.q), sort };
  const load = async (ids: number[]) =>
    inIdOrder(ids, await loadTodos(db, { ...options, filter: 'ALL', ids }), (todo) => todo.id);
  return streamList(reply, db, todoIdQuery(db, options), load);
}
