import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  INCIDENT_DATE_FIRST_YEAR,
  MSG,
  TODO_DESCRIPTION_MAX,
  incidentDateLastYear,
  todoDateOutOfRange,
} from '@serwis/domain';
import {
  as,
  createUserAndLogin,
  recordStatements,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { runsSideBySide } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import {
  auditEntriesFor,
  insertCustomer,
  insertMachine,
  insertService,
} from '../../../test/service-fixtures.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { services } from '../services/services.table.js';
import { todos } from './todos.table.js';
import { countTodos } from './todos.repository.js';
import { lookUpTodoSearch } from './todos.search.js';
import { INLINE_IDS_MAX } from '../../lib/id-arrays.js';

const ctx = useTestApp();

const save = (user: TestUser, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: '/api/todo/save', headers: as(user), payload });
const remove = (user: TestUser, id: number | string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/todo/delete?id=${id}`, headers: as(user) });
const list = (user: TestUser, query = 'toDoStatus=TODO') =>
  ctx.app.inject({ method: 'GET', url: `/api/todo/get?${query}`, headers: as(user) });

async function todoRow(id: number) {
  const [row] = await ctx.database.db.select().from(todos).where(eq(todos.id, id));
  return row;
}

/** A to-do that belongs to a service event, as the services module writes it. */
async function linkedTodo(author: TestUser) {
  const { device, customer } = await insertMachine(ctx.database.db, {
    name: 'Prasa P-100',
    city: 'Kalisz',
    streetAddress: 'Polna 1',
  });
  const service = await insertService(ctx.database.db, {
    userId: author.id,
    customerId: customer.id,
    deviceIds: [device.id],
    date: '2026-03-05',
    types: ['NAPRAWA'],
    number: 25,
    numberExtension: 'A',
  });
  const [row] = await ctx.database.db
    .insert(todos)
    .values({ description: 'Wymienić uszczelkę', serviceId: service.id, userCreatedId: author.id })
    .returning();
  return { row, service, device, customer };
}

describe('to-do permissions', () => {
  it('lets an employee read but not add, edit or delete (403 with the spec message)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const created = (await save(admin, { description: 'Zamówić części', toDoStatus: 'TODO' })).json();

    expect((await list(user)).statusCode).toBe(200);
    const add = await save(user, { description: 'Nowe', toDoStatus: 'TODO' });
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(MSG.forbidden);
    // Permission is checked before the body: an invalid body from a user is still a 403.
    expect((await save(user, { description: '' })).statusCode).toBe(403);
    const edit = await save(user, { id: created.id, description: 'Zmiana', toDoStatus: 'DONE' });
    expect(edit.statusCode).toBe(403);
    const del = await remove(user, created.id);
    expect(del.statusCode).toBe(403);
    expect(del.json().message).toBe(MSG.forbidden);
    expect(await todoRow(created.id)).toMatchObject({ description: 'Zamówić części', toDoStatus: 'TODO' });
  });
});

describe('POST /api/todo/save', () => {
  it('creates a to-do (201) authored by the admin, with an audit entry', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await save(admin, {
      description: '  Zadzwonić do klienta  ',
      toDoStatus: 'TODO',
      date: '2026-03-28T23:30:00.000Z',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      date: '2026-03-28T23:30:00.000Z',
      description: 'Zadzwonić do klienta',
      toDoStatus: 'TODO',
      userCreated: { id: admin.id, fullName: 'Anna Nowak' },
      service: null,
    });
    const row = await todoRow(body.id);
    expect(row).toMatchObject({
      userCreatedId: admin.id,
      serviceId: null,
      description: 'Zadzwonić do klienta',
    });
    const entries = await auditEntriesFor(ctx.database.db, `todo:${body.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0].arg0).toBe(admin.email);
    expect(entries[0].formattedMessage).toContain('dodanie zadania');
  });

  it('treats id 0 as new and takes the server time when no date is sent', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const before = Date.now();
    const response = await save(admin, { id: 0, description: 'Bez daty' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.toDoStatus).toBe('TODO');
    expect(Date.parse(body.date)).toBeGreaterThanOrEqual(before - 5_000);
    expect(Date.parse(body.date)).toBeLessThanOrEqual(Date.now() + 5_000);
  });

  it('edits a stand-alone to-do: text and status change, the creation date stays', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const created = (
      await save(admin, { description: 'Sprawdzić', toDoStatus: 'TODO', date: '2026-01-10T08:00:00Z' })
    ).json();
    const response = await save(admin, {
      id: created.id,
      description: 'Sprawdzone',
      toDoStatus: 'DONE',
      date: '2026-03-01T10:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: created.id,
      description: 'Sprawdzone',
      toDoStatus: 'DONE',
      date: '2026-01-10T08:00:00.000Z',
    });
    expect(await todoRow(created.id)).toMatchObject({ description: 'Sprawdzone', toDoStatus: 'DONE' });
    // Without a status the edit keeps the current one.
    const textOnly = await save(admin, { id: created.id, description: 'Sprawdzone dwa razy' });
    expect(textOnly.json()).toMatchObject({ description: 'Sprawdzone dwa razy', toDoStatus: 'DONE' });
    const entries = await auditEntriesFor(ctx.database.db, `todo:${created.id}`);
    expect(entries.map((e) => e.formattedMessage.includes('edycja zadania'))).toEqual([false, true, true]);
  });

  it('logs one change of status when several employees tick the same to-do at once (on PostgreSQL)', async () => {
    const admins = await Promise.all(
      Array.from({ length: 8 }, () => createUserAndLogin(ctx, { admin: true })),
    );
    const created = (await save(admins[0]!, { id: null, description: 'Wymienić filtr' })).json();
    const answers = await Promise.all(
      admins.map((admin) =>
        save(admin, { id: created.id, description: 'Wymienić filtr', toDoStatus: 'DONE' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const entries = await auditEntriesFor(ctx.database.db, `todo:${created.id}`);
    expect(entries.filter((e) => e.formattedMessage.includes('(zakończone)'))).toHaveLength(1);
  });

  it('refuses to save a to-do that belongs to a service event (409), leaving it unchanged', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { row } = await linkedTodo(admin);
    const response = await save(admin, { id: row.id, description: 'Inaczej', toDoStatus: 'DONE' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(MSG.todoLinkedToService);
    expect(await todoRow(row.id)).toMatchObject({ description: 'Wymienić uszczelkę', toDoStatus: 'TODO' });
    expect(await auditEntriesFor(ctx.database.db, `todo:${row.id}`)).toEqual([]);
  });

  it('validates the body with Polish messages', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const empty = await save(admin, { description: '   ', toDoStatus: 'TODO' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(MSG.todoDescriptionRequired);
    const long = await save(admin, { description: 'x'.repeat(TODO_DESCRIPTION_MAX + 1) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/najwyżej 5000 znaków/);
    const status = await save(admin, { description: 'Ok', toDoStatus: 'MAYBE' });
    expect(status.statusCode).toBe(400);
    expect(status.json().message).toBe(MSG.todoStatusInvalid);
    // Without a zone; a day February has not; a zone no place uses.
    for (const wrong of [
      '2026-03-01T10:00',
      '2026-02-30T10:00:00Z',
      '2026-04-31T10:00+02:00',
      '2026-12-06T10:00:00+23:59',
    ]) {
      const date = await save(admin, { description: 'Ok', date: wrong });
      expect(date.statusCode, wrong).toBe(400);
      expect(date.json().message).toBe(MSG.todoDateInvalid);
    }
    // A moment outside the years, also one whose zone takes it there.
    const last = incidentDateLastYear();
    for (const far of ['9999-12-31T23:59:00Z', '1899-12-31T10:00:00Z', `${last}-12-31T23:30:00-05:00`]) {
      const date = await save(admin, { description: 'Ok', date: far });
      expect(date.statusCode, far).toBe(400);
      expect(date.json().message).toBe(todoDateOutOfRange(INCIDENT_DATE_FIRST_YEAR, last));
    }
    const missing = await save(admin, { id: 987654, description: 'Ok' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.todoNotFound);
    expect(await ctx.database.db.select().from(todos)).toEqual([]);
  });
});

describe('DELETE /api/todo/delete', () => {
  it('deletes a stand-alone to-do with an audit entry', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const created = (await save(admin, { description: 'Do usunięcia' })).json();
    const response = await remove(admin, created.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.todoDeleted);
    expect(await todoRow(created.id)).toBeUndefined();
    const entries = await auditEntriesFor(ctx.database.db, `todo:${created.id}`);
    expect(entries.at(-1)?.formattedMessage).toContain('usunięcie zadania');
  });

  it('refuses a to-do linked to a service event (409) and unknown ids (404)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { row } = await linkedTodo(admin);
    const linked = await remove(admin, row.id);
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toBe(MSG.todoLinkedDelete);
    expect(await todoRow(row.id)).toBeDefined();
    expect((await remove(admin, 555555)).statusCode).toBe(404);
    expect((await remove(admin, 'abc')).statusCode).toBe(400);
  });
});

describe('GET /api/todo/get', () => {
  it('lists open to-dos for TODO and every one for ALL, newest id first', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const first = (await save(admin, { description: 'Pierwsze' })).json();
    const done = (await save(admin, { description: 'Zrobione', toDoStatus: 'DONE' })).json();
    const third = (await save(admin, { description: 'Trzecie' })).json();

    const open = await list(user, 'toDoStatus=TODO');
    expect(open.json().map((t: { id: number }) => t.id)).toEqual([third.id, first.id]);
    const all = await list(user, 'toDoStatus=ALL');
    expect(all.json().map((t: { id: number }) => t.id)).toEqual([third.id, done.id, first.id]);
    // Without the parameter the list shows open ones, as the screen's default does.
    expect((await list(user, '')).json()).toEqual(open.json());
    const bad = await list(user, 'toDoStatus=DONE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.todoListStatusInvalid);
  });

  it('shows the linked service event with its number, customer and machines', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { row, service, device, customer } = await linkedTodo(admin);
    const [todo] = (await list(admin, 'toDoStatus=ALL')).json();
    expect(todo).toMatchObject({
      id: row.id,
      description: 'Wymienić uszczelkę',
      toDoStatus: 'TODO',
      userCreated: { fullName: 'Anna Nowak' },
      service: {
        id: service.id,
        fullNumber: '25A/03/2026',
        date: '2026-03-05',
        customer: { id: customer.id, shortName: customer.shortName },
        devices: [
          {
            id: device.id,
            name: 'Prasa P-100',
            // Which card a link opens.
            type: 'INTERNAL',
            city: 'Kalisz',
            streetAddress: 'Polna 1',
            customer: { id: customer.id, shortName: customer.shortName },
          },
        ],
      },
    });
    // Sold on since: the event stays the first customer's, its machine names where it is now.
    const [buyer] = await ctx.database.db.insert(customers).values({ shortName: 'Nabywca' }).returning();
    await ctx.database.db.update(devices).set({ customerId: buyer!.id }).where(eq(devices.id, device.id));
    const [after] = (await list(admin, 'toDoStatus=ALL')).json();
    expect(after.service.customer).toMatchObject({ id: customer.id });
    expect(after.service.devices[0].customer).toEqual({ id: buyer!.id, shortName: 'Nabywca' });
  });

  it('pages, sorts and searches on the server', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const description of ['Alfa', 'Beta', 'Gamma', 'Delta']) await save(admin, { description });
    await linkedTodo(admin);
    const page = await list(admin, 'toDoStatus=ALL&page=1&size=2');
    expect(page.headers['x-total-count']).toBe('5');
    expect(page.json()).toHaveLength(2);
    const sorted = await list(admin, 'toDoStatus=ALL&sort=description,asc');
    expect(sorted.json().map((t: { description: string }) => t.description)).toEqual([
      'Alfa',
      'Beta',
      'Delta',
      'Gamma',
      'Wymienić uszczelkę',
    ]);
    const byText = await list(admin, 'toDoStatus=ALL&q=amm&page=1&size=10');
    expect(byText.json().map((t: { description: string }) => t.description)).toEqual(['Gamma']);
    expect(byText.headers['x-total-count']).toBe('1');
    const byMachine = await list(admin, 'toDoStatus=ALL&q=p-100');
    expect(byMachine.json().map((t: { description: string }) => t.description)).toEqual([
      'Wymienić uszczelkę',
    ]);
    expect((await list(admin, 'sort=userCreatedId,asc')).statusCode).toBe(400);
  });

  it('keeps each sort in its old order on every page, ties by id descending (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const texts = ['Beta', 'alfa', 'Beta', 'Gamma', 'alfa', 'Delta', 'Beta'];
    for (const [i, description] of texts.entries()) {
      await save(admin, { description, toDoStatus: i % 3 ? 'TODO' : 'DONE' });
    }
    await linkedTodo(admin);
    const db = ctx.database.db;
    for (const field of ['id', 'date', 'toDoStatus', 'description'] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const column = { id: 'id', date: 'date', toDoStatus: 'to_do_status', description: 'description' }[
          field
        ];
        // The order before issue 11: the column, then id descending.
        const expected = rowsOf<{ id: number }>(
          await db.execute(sql.raw(`SELECT id FROM todos ORDER BY ${column} ${dir}, id DESC`)),
        ).map((r) => r.id);
        const pages = [];
        for (const page of [1, 2, 3]) {
          const response = await list(admin, `toDoStatus=ALL&sort=${field},${dir}&page=${page}&size=3`);
          pages.push(...response.json().map((t: { id: number }) => t.id));
        }
        expect(pages, `${field},${dir}`).toEqual(expected);
      }
    }
  });

  it('finds a to-do by its event’s customer, also after the event is given another customer', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const db = ctx.database.db;
    const linked = await linkedTodo(admin);
    const free = (await save(admin, { description: 'Zamówić katalog' })).json();
    const found = async (q: string) =>
      (await list(admin, `toDoStatus=ALL&page=1&size=10&q=${encodeURIComponent(q)}`))
        .json()
        .map((t: { id: number }) => t.id);
    expect((await todoRow(linked.row.id))!.customerId).toBe(linked.customer.id);
    expect((await todoRow(free.id))!.customerId).toBeNull();
    expect(await found(linked.customer.shortName)).toEqual([linked.row.id]);

    const other = await insertCustomer(db, { shortName: 'Kwarcownia Bełchatów' });
    await db.update(services).set({ customerId: other.id }).where(eq(services.id, linked.service.id));
    expect((await todoRow(linked.row.id))!.customerId).toBe(other.id);
    expect(await found('kwarcownia')).toEqual([linked.row.id]);
    expect(await found('kw')).toEqual([linked.row.id]);
    expect(await found(linked.customer.shortName)).toEqual([]);

    // The copy is the database's: a value written to it is replaced by the event's customer.
    await db.update(todos).set({ customerId: linked.customer.id }).where(eq(todos.id, linked.row.id));
    expect((await todoRow(linked.row.id))!.customerId).toBe(other.id);
  });

  it('searches short terms at the start, longer ones anywhere, by customer too; totals bounded', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const description of ['Oddzwonić do klienta', 'Wysłać ofertę', 'Umówić szkolenie']) {
      await save(admin, { description });
    }
    const linked = await linkedTodo(admin);
    const texts = async (q: string) =>
      (await list(admin, `toDoStatus=ALL&page=1&size=10&q=${encodeURIComponent(q)}`))
        .json()
        .map((t: { description: string }) => t.description);
    expect(await texts('wy')).toEqual(['Wymienić uszczelkę', 'Wysłać ofertę']);
    expect(await texts('of')).toEqual([]); // inside "ofertę" only
    expect(await texts('ofert')).toEqual(['Wysłać ofertę']);
    expect(await texts(String(linked.row.id))).toEqual(['Wymienić uszczelkę']);
    expect(await texts(linked.customer.shortName)).toEqual(['Wymienić uszczelkę']);
    expect(await texts(linked.customer.shortName.slice(0, 2))).toEqual(['Wymienić uszczelkę']);
    expect(await countTodos(ctx.database.db, { filter: 'ALL' })).toEqual({ total: 4, estimated: false });
    const estimated = await countTodos(ctx.database.db, { filter: 'ALL' }, 2);
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(3);
  });
  it('pages a search in its order with the exact total, and beyond 1,000 matches an estimate (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await ctx.database.db.execute(sql`INSERT INTO todos (description, to_do_status, user_created_id)
      SELECT 'Przygotować ofertę nr ' || g, 'TODO', ${admin.id} FROM generate_series(1, 1003) g`);
    const invoices = [
      'Wysłać fakturę E',
      'Wysłać fakturę A',
      'Wysłać fakturę D',
      'Wysłać fakturę B',
      'Wysłać fakturę C',
    ];
    for (const [i, description] of invoices.entries()) {
      await save(admin, { description, toDoStatus: i < 2 ? 'DONE' : 'TODO' });
    }
    const page = (query: string) => list(admin, `sort=description,asc&q=faktur&${query}`);
    // The search runs once where statements run one at a time (its matches' ids, then their page);
    // on a pool the page and the count run it side by side, the page after walking the first 40
    // to-dos in vain (offers, before the invoices by description).
    const statements = recordStatements(ctx.database);
    const first = await page('toDoStatus=ALL&page=1&size=2').finally(statements.stop);
    const searches = statements.sent.filter((text) => text.includes('"description_search"'));
    expect(searches).toHaveLength(runsSideBySide(ctx.database.db) ? 3 : 1);
    expect(first.headers['x-total-count']).toBe('5');
    const shown: string[] = first.json().map((t: { description: string }) => t.description);
    for (const n of [2, 3]) {
      const response = await page(`toDoStatus=ALL&page=${n}&size=2`);
      expect(response.headers['x-total-count']).toBe('5');
      expect(response.headers['x-total-count-estimated']).toBeUndefined();
      shown.push(...response.json().map((t: { description: string }) => t.description));
    }
    expect(shown).toEqual([...invoices].sort());
    const past = await page('toDoStatus=ALL&page=4&size=2');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
    const open = await page('toDoStatus=TODO&page=1&size=2');
    expect(open.json().map((t: { description: string }) => t.description)).toEqual([
      'Wysłać fakturę B',
      'Wysłać fakturę C',
    ]);
    expect(open.headers['x-total-count']).toBe('3');
    // 1,003 offers: a full page, newest first, and a total that is the planner's, at least 1,001.
    const offers = await list(admin, 'toDoStatus=ALL&q=ofert&page=1&size=10');
    expect(offers.json().map((t: { description: string }) => t.description)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Przygotować ofertę nr ${1003 - i}`),
    );
    expect(offers.headers['x-total-count-estimated']).toBe('true');
    expect(Number(offers.headers['x-total-count'])).toBeGreaterThanOrEqual(1001);
  });

  it('walks the order for a search that many match, and sorts the matches of one few match (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const linked = await linkedTodo(admin); // "Wymienić uszczelkę", its machine "Prasa P-100"
    // 3,000 to-dos, every other one an offer (1,500: more than the search's bound of 1,000, also
    // among the open ones), a quarter done, dates shuffled.
    await ctx.database.db.execute(sql`INSERT INTO todos (description, to_do_status, date, user_created_id)
      SELECT CASE WHEN g % 2 = 0 THEN 'Przygotować ofertę nr ' || g ELSE 'Zadanie ' || g END,
        CASE WHEN g % 4 = 1 THEN 'DONE' ELSE 'TODO' END,
        timestamptz '2026-01-01' + ((g * 37) % 500) * interval '1 minute', ${admin.id}
      FROM generate_series(1, 3000) g`);
    const columns = { id: 'id', date: 'date', toDoStatus: 'to_do_status', description: 'description_key' };
    /** The list's ids in its order, and which of them hold `like`. */
    const listed = async (filter: 'ALL' | 'TODO', field: keyof typeof columns, dir: string, like: string) =>
      rowsOf<{ id: number; hit: boolean }>(
        await ctx.database.db.execute(
          sql.raw(`SELECT id, description ILIKE '${like}' AS hit FROM todos
            ${filter === 'TODO' ? "WHERE to_do_status = 'TODO'" : ''}
            ORDER BY ${columns[field]} ${dir}, id DESC`),
        ),
      );
    const pageStatements = (sent: string[]) =>
      sent
        .filter((text) => text.startsWith('select "todos"."id", to_char'))
        .map((text) => text.includes('walked'));
    let walkedPages = 0;
    for (const filter of ['ALL', 'TODO'] as const) {
      for (const field of Object.keys(columns) as (keyof typeof columns)[]) {
        for (const dir of ['asc', 'desc'] as const) {
          const order = await listed(filter, field, dir, '%ofert%');
          const want = order.filter((row) => row.hit).map((row) => row.id);
          for (const page of [1, 3, 30]) {
            const query = `toDoStatus=${filter}&q=ofert&sort=${field},${dir}&page=${page}&size=5`;
            const statements = recordStatements(ctx.database);
            const response = await list(admin, query).finally(statements.stop);
            expect(
              response.json().map((t: { id: number }) => t.id),
              query,
            ).toEqual(want.slice((page - 1) * 5, page * 5));
            expect(response.headers['x-total-count-estimated'], query).toBe('true');
            // A page ending within the first 100 rows is walked through 20 to-dos per row, in one
            // statement with its rows; the walk fills it when they hold its matches (the done
            // to-dos first, none of them an offer, do not), else the matches are sorted. The 30th
            // page ends past 100 rows (TODO_WALK_MAX_ROWS) and is sorted at once.
            const end = page * 5;
            const fills = order.slice(0, end * 20).filter((row) => row.hit).length >= end;
            const expectedPath = page === 30 ? [false] : fills ? [true] : [true, false];
            expect(pageStatements(statements.sent), query).toEqual(expectedPath);
            if (fills && page < 30) walkedPages++;
          }
        }
      }
    }
    expect(walkedPages).toBeGreaterThan(20);
    // Found through its machine alone, one among 3,001: the walk of the first 100 passes it by, and
    // the page is sorted from the matches (on PGlite their ids are collected first, no walk at all).
    const statements = recordStatements(ctx.database);
    const prasa = await list(admin, 'toDoStatus=ALL&q=prasa&page=1&size=5').finally(statements.stop);
    expect(prasa.json().map((t: { id: number }) => t.id)).toEqual([linked.row.id]);
    expect(prasa.headers['x-total-count']).toBe('1');
    expect(pageStatements(statements.sent)).toEqual(
      runsSideBySide(ctx.database.db) ? [true, false] : [false],
    );
    // A number is a to-do that exists and is in the list: none, and a done one not among the open.
    // "Zadanie 1" is done; its id has one digit, so no description holds it (a term of one or two
    // characters matches a description's start) and the number alone finds it.
    const none = await list(admin, 'toDoStatus=ALL&q=99999&page=1&size=5');
    expect([none.json(), none.headers['x-total-count']]).toEqual([[], '0']);
    const done = (await listed('ALL', 'id', 'desc', 'Zadanie 1')).find((row) => row.hit)!.id;
    expect(done).toBeLessThan(10);
    for (const [filter, total] of [
      ['ALL', '1'],
      ['TODO', '0'],
    ]) {
      const byNumber = await list(admin, `toDoStatus=${filter}&q=${done}&page=1&size=5`);
      expect(byNumber.headers['x-total-count'], filter).toBe(total);
    }
  });

  it('looks the search’s customers and machines up once a call, and a term naming none is the description alone (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const linked = await linkedTodo(admin); // "Wymienić uszczelkę", customer, "Prasa P-100" in Kalisz
    await ctx.database.db.execute(sql`INSERT INTO todos (description, to_do_status, user_created_id)
      SELECT 'Przygotować ofertę nr ' || g, 'TODO', ${admin.id} FROM generate_series(1, 1500) g`);
    /** The call's statements besides the lookup (which runs in a transaction of its own). */
    const call = async (query: string) => {
      const statements = recordStatements(ctx.database);
      const response = await list(admin, `toDoStatus=ALL&${query}`).finally(statements.stop);
      const searching = statements.sent.filter((text) => text.includes('"description_search"'));
      return { response, searching };
    };
    const lookedUpAgain = (text: string) => /FROM "(customers|devices)"/.test(text);

    // Found through its machine and through its customer: the page and the count take the ids.
    for (const q of ['prasa', linked.customer.shortName]) {
      const { response, searching } = await call(`q=${encodeURIComponent(q)}&page=1&size=5`);
      expect(
        response.json().map((t: { id: number }) => t.id),
        q,
      ).toEqual([linked.row.id]);
      expect(response.headers['x-total-count'], q).toBe('1');
      expect(searching.length, q).toBeGreaterThan(0);
      expect(searching.filter(lookedUpAgain), q).toEqual([]);
    }
    // "ofert" names no customer and no machine: every statement holds the description's match
    // alone, not as a set of ids, no union, no machines; the 1,500 offers in their order.
    for (const page of [1, 50, 120]) {
      const { response, searching } = await call(`q=ofert&page=${page}&size=10`);
      const want = Array.from(
        { length: 10 },
        (_, i) => `Przygotować ofertę nr ${1500 - (page - 1) * 10 - i}`,
      );
      expect(
        response.json().map((t: { description: string }) => t.description),
        `page ${page}`,
      ).toEqual(want);
      expect(searching.length, `page ${page}`).toBeGreaterThan(0);
      for (const text of searching) {
        expect(text).not.toMatch(/UNION|service_devices|"customers"\."id" FROM|"todos"\."id" IN \(SELECT/);
      }
      // Page 120 lies past the search's bound of 1,000: the planner is asked before the page is
      // read and for the total past the bound, once for both.
      if (page === 120) {
        expect(searching.filter((text) => text.startsWith('EXPLAIN'))).toHaveLength(1);
        expect(response.headers['x-total-count-estimated']).toBe('true');
      }
    }
  });

  it('hands more machines than it lists as ids to the statements as their query (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const linked = await linkedTodo(admin); // its machine is in Kalisz
    await ctx.database.db
      .execute(sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, city)
      SELECT 'INTERNAL', 'Tokarka ' || g, ${linked.device.categoryId}, ${linked.customer.id}, 'K-' || g, 'Kalisz'
      FROM generate_series(1, ${INLINE_IDS_MAX}) g`);
    const found = await lookUpTodoSearch(ctx.database.db, 'kalisz');
    expect(Array.isArray(found?.machines)).toBe(false);
    const few = await lookUpTodoSearch(ctx.database.db, 'prasa');
    expect(few?.machines).toEqual([linked.device.id]);

    const statements = recordStatements(ctx.database);
    const response = await list(admin, 'toDoStatus=ALL&q=kalisz&page=1&size=5').finally(statements.stop);
    expect(response.json().map((t: { id: number }) => t.id)).toEqual([linked.row.id]);
    expect(response.headers['x-total-count']).toBe('1');
    const searching = statements.sent.filter((text) => text.includes('"description_search"'));
    expect(searching.some((text) => text.includes('IN (SELECT "devices"."id" FROM "devices"'))).toBe(true);
  });

  it('searches a lower-cased copy the database keeps through every write (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const texts = async (q: string) =>
      (await list(admin, `toDoStatus=ALL&page=1&size=10&q=${encodeURIComponent(q)}`))
        .json()
        .map((t: { description: string }) => t.description);
    const saved = (await save(admin, { description: 'ZAMÓWIĆ Łożysko u ŻÓŁWIA' })).json();
    const copy = async (id: number) => (await todoRow(id))!.descriptionSearch;
    expect(await copy(saved.id)).toBe('zamówić łożysko u żółwia');
    // Either case of the Polish letters, anywhere from three characters, at the start below.
    expect(await texts('łożysko')).toEqual(['ZAMÓWIĆ Łożysko u ŻÓŁWIA']);
    expect(await texts('ŻÓŁW')).toEqual(['ZAMÓWIĆ Łożysko u ŻÓŁWIA']);
    expect(await texts('za')).toEqual(['ZAMÓWIĆ Łożysko u ŻÓŁWIA']);
    expect(await texts('Ło')).toEqual([]); // not at the start

    // An edit through the API moves the copy with the text.
    await save(admin, { id: saved.id, description: 'Odebrać Wałek', toDoStatus: 'TODO' });
    expect(await copy(saved.id)).toBe('odebrać wałek');
    expect(await texts('łożysko')).toEqual([]);
    expect(await texts('WAŁEK')).toEqual(['Odebrać Wałek']);
    // A page far past the end of a search: empty, with the exact total.
    const deep = await list(admin, 'toDoStatus=TODO&page=1000&size=15&q=wa%C5%82ek');
    expect(deep.json()).toEqual([]);
    expect(deep.headers['x-total-count']).toBe('1');
    expect(deep.headers['x-total-count-estimated']).toBeUndefined();

    // Whatever a statement writes into the copy, the trigger puts the description back in it.
    await ctx.database.db
      .update(todos)
      .set({ descriptionSearch: 'inny tekst' })
      .where(eq(todos.id, saved.id));
    expect(await copy(saved.id)).toBe('odebrać wałek');
    const [inserted] = await ctx.database.db
      .insert(todos)
      .values({ description: 'Sprawdzić ŚRUBY', descriptionSearch: 'nic', userCreatedId: admin.id })
      .returning();
    expect(inserted!.descriptionSearch).toBe('sprawdzić śruby');
    expect(await texts('śruby')).toEqual(['Sprawdzić ŚRUBY']);
    // A change of status alone leaves the copy as it is.
    await ctx.database.db.update(todos).set({ toDoStatus: 'DONE' }).where(eq(todos.id, inserted!.id));
    expect(await copy(inserted!.id)).toBe('sprawdzić śruby');
  });

  it('sorts by a kept key of the description’s first 100 characters (issue 11)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const long = `Zamówić ${'części '.repeat(20)}`.trim();
    const descriptions = ['Oddzwonić', long, 'Wymienić olej', `${long} i jeszcze`, 'Łożyska', 'ankieta'];
    const ids: number[] = [];
    for (const description of descriptions) ids.push((await save(admin, { description })).json().id);
    const key = async (id: number) => (await todoRow(id))!.descriptionKey;
    expect(await key(ids[1]!)).toBe(long.slice(0, 100));
    expect(await key(ids[3]!)).toBe(long.slice(0, 100));
    expect(await key(ids[2]!)).toBe('Wymienić olej');

    // The list's order is the database's order of the first 100 characters, ties by id descending
    // in both directions.
    const orderOf = async (direction: 'ASC' | 'DESC') => {
      const result = await ctx.database.db.execute(
        sql`SELECT id FROM todos ORDER BY left(description, 100) ${sql.raw(direction)}, id DESC`,
      );
      return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
    };
    const sorted = (await list(admin, 'toDoStatus=ALL&page=1&size=10&sort=description,asc'))
      .json()
      .map((t: { id: number }) => t.id);
    expect(sorted).toEqual(await orderOf('ASC'));
    const byPages = [];
    for (const page of [1, 2, 3]) {
      const rows = await list(admin, `toDoStatus=TODO&page=${page}&size=2&sort=description,desc`);
      byPages.push(...rows.json().map((t: { id: number }) => t.id));
    }
    expect(byPages).toEqual(await orderOf('DESC'));
    // The two texts alike in their first 100 characters are a tie, broken by the id.
    const descending = await orderOf('DESC');
    expect(descending.indexOf(ids[3]!) + 1).toBe(descending.indexOf(ids[1]!));

    // An edit moves the key; a statement writing it directly is overridden.
    await save(admin, { id: ids[0]!, description: 'Zadzwonić', toDoStatus: 'TODO' });
    expect(await key(ids[0]!)).toBe('Zadzwonić');
    await ctx.database.db.update(todos).set({ descriptionKey: 'aaa' }).where(eq(todos.id, ids[0]!));
    expect(await key(ids[0]!)).toBe('Zadzwonić');
  });
});
