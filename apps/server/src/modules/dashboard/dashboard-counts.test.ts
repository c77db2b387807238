import { asc, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, sessionOf, useTestApp } from '../../../test/test-app.js';
import { insertService } from '../../../test/service-fixtures.js';
import { addDevice, deviceBody, seedReferences } from '../devices/devices.fixtures.js';
import {
  deleteService,
  postService,
  serviceAction,
  serviceJson,
  updateService,
} from '../services/services.fixtures.js';
import { services } from '../services/services.table.js';
import { todos } from '../todos/todos.table.js';
import { getDashboard } from './dashboard.service.js';
import { serviceDayCounts } from './service-day-counts.table.js';
import { todoStatusCounts } from './todo-status-counts.table.js';

const ctx = useTestApp();

/** The kept per-day counts against the direct count over the events. */
async function expectCountsFollowServices() {
  const db = ctx.database.db;
  const direct = await db
    .select({ day: services.date, state: services.state, n: sql<number>`count(*)::int` })
    .from(services)
    .groupBy(services.date, services.state)
    .orderBy(asc(services.date), asc(services.state));
  const kept = await db
    .select({ day: serviceDayCounts.day, state: serviceDayCounts.state, n: serviceDayCounts.services })
    .from(serviceDayCounts)
    .where(ne(serviceDayCounts.services, 0))
    .orderBy(asc(serviceDayCounts.day), asc(serviceDayCounts.state));
  expect(kept).toEqual(direct);
  expect(kept.every((r) => r.n > 0)).toBe(true);
}

describe('service day counts follow every write of the events', () => {
  it('add, sign, print for a scan, reject, change the date, delete; the dashboard agrees', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const event = (date: string) => serviceJson(refs.kowalski, [device.id], { type: ['NAPRAWA'], date });
    const ids: number[] = [];
    for (const date of ['2025-03-31', '2025-03-01', '2025-02-28', '2025-04-01'])
      ids.push((await postService(ctx, user, event(date))).json().id);
    await expectCountsFollowServices();
    expect((await serviceAction(ctx, user, 'sign', ids[0])).statusCode).toBe(200);
    expect((await serviceAction(ctx, user, 'printForScan', ids[1])).statusCode).toBe(200);
    await expectCountsFollowServices();
    expect((await serviceAction(ctx, admin, 'reject', ids[0])).statusCode).toBe(200);
    expect((await updateService(ctx, user, { ...event('2025-03-15'), id: ids[2] })).statusCode).toBe(200);
    await expectCountsFollowServices();
    expect((await deleteService(ctx, admin, ids[3])).statusCode).toBe(200);
    // Written around the services module (as the generator and older tests do).
    await insertService(ctx.database.db, {
      userId: user.id,
      customerId: refs.kowalski,
      deviceIds: [],
      date: '2025-03-20',
      state: 'PODPISANY',
      number: 5,
      types: ['NAPRAWA'],
    });
    await expectCountsFollowServices();

    const board = await getDashboard(ctx.database.db, sessionOf('admin'), '2025-03-31', 'Europe/Warsaw');
    // Waiting: 03-01 (DODAJ_SKAN), 03-15 (UTWORZONY). March: the rejected 03-31, 03-01, 03-15, 03-20.
    expect(board.waitingProtocols.count).toBe(2);
    expect(board.month).toEqual({ issued: 4, signed: 1 });
    const [direct] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(services)
      .where(sql`${services.state} IN ('UTWORZONY', 'DODAJ_SKAN')`);
    expect(board.waitingProtocols.count).toBe(direct.n);
  });
});

describe('to-do status counts follow every write of the to-dos', () => {
  const expectCountsFollowTodos = async () => {
    const db = ctx.database.db;
    const direct = await db
      .select({ status: todos.toDoStatus, n: sql<number>`count(*)::int` })
      .from(todos)
      .groupBy(todos.toDoStatus)
      .orderBy(asc(todos.toDoStatus));
    const kept = await db
      .select({ status: todoStatusCounts.status, n: todoStatusCounts.todos })
      .from(todoStatusCounts)
      .where(ne(todoStatusCounts.todos, 0))
      .orderBy(asc(todoStatusCounts.status));
    expect(kept).toEqual(direct);
  };

  it('added, done, opened again, deleted; the dashboard counts the open ones', async () => {
    const user = await createUserAndLogin(ctx);
    const board = async () =>
      (await getDashboard(ctx.database.db, sessionOf('user'), '2025-03-31', 'Europe/Warsaw')).openTodos;
    expect(await board()).toBe(0);
    const rows = await ctx.database.db
      .insert(todos)
      .values(['a', 'b', 'c'].map((description) => ({ description, userCreatedId: user.id })))
      .returning({ id: todos.id });
    await expectCountsFollowTodos();
    expect(await board()).toBe(3);
    await ctx.database.db
      .update(todos)
      .set({ toDoStatus: 'DONE' })
      .where(sql`${todos.id} <> ${rows[0].id}`);
    await expectCountsFollowTodos();
    expect(await board()).toBe(1);
    await ctx.database.db
      .update(todos)
      .set({ toDoStatus: 'TODO' })
      .where(sql`${todos.id} = ${rows[1].id}`);
    await ctx.database.db.delete(todos).where(sql`${todos.id} = ${rows[0].id}`);
    await expectCountsFollowTodos();
    expect(await board()).toBe(1);
  });
});
