import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, sessionOf, useTestApp } from '../../../test/test-app.js';
import {
  insertCategory,
  insertCustomer,
  insertDevice,
  insertService,
} from '../../../test/service-fixtures.js';
import { incidents } from '../incidents/incidents.table.js';
import { todos } from '../todos/todos.table.js';
import { getDashboard } from './dashboard.service.js';

const ctx = useTestApp();
const TODAY = '2025-03-10';

async function seed() {
  const db = ctx.database.db;
  const admin = await createUserAndLogin(ctx, { admin: true });
  const user = await createUserAndLogin(ctx);
  const customer = await insertCustomer(db, { shortName: 'Metalex' });
  const category = await insertCategory(db);
  const machine = (name: string, transferDate: string | null, extra = {}) =>
    insertDevice(db, {
      customerId: customer.id,
      categoryId: category.id,
      name,
      serialNumber: `SN-${name}`,
      transferDate,
      warrantyLength: 24,
      ...extra,
    });
  const m = {
    in5: await machine('Za5', '2024-09-15'),
    in20: await machine('Za20', '2024-09-30'),
    in30: await machine('Za30', '2024-10-09'),
    in31: await machine('Za31', '2024-10-10'),
    in40: await machine('Za40', '2024-10-19'),
    over3: await machine('Po3', '2024-09-07'),
    over100: await machine('Po100', '2024-05-31'), // due 2024-11-30
    off: await machine('Wylaczona', '2024-09-12', { isPeriodicInspectionEnabled: false }),
    external: await machine('Obca', '2024-09-12', { type: 'EXTERNAL' }),
    none: await machine('Nieprzekazana', null),
  };
  const service = (date: string, state: string, number = 0) =>
    insertService(db, {
      userId: user.id,
      customerId: customer.id,
      deviceIds: [],
      date,
      state,
      number,
      types: ['NAPRAWA'],
    });
  await service('2025-03-01', 'UTWORZONY');
  await service('2025-02-20', 'DODAJ_SKAN', 7);
  await service('2025-03-05', 'PODPISANY', 8);
  await service('2025-03-31', 'PODPISANY', 9);
  await service('2025-03-09', 'ODRZUCONY', 10);
  await service('2025-02-28', 'PODPISANY', 6);
  await service('2025-04-01', 'UTWORZONY');
  await db.insert(todos).values([
    { description: 'a', userCreatedId: user.id },
    { description: 'b', userCreatedId: user.id },
    { description: 'c', userCreatedId: user.id, toDoStatus: 'DONE' },
  ]);
  await db.insert(incidents).values([
    // 4 March 00:30 in Warsaw (23:30 UTC on the 3rd): the first day of the last 7.
    { deviceId: m.in5.id, date: '2025-03-03T23:30:00Z', userCreatedId: user.id },
    { deviceId: m.in5.id, date: '2025-03-10T08:00:00Z', userCreatedId: user.id },
    // 3 March 23:00 in Warsaw: too old.
    { deviceId: m.in5.id, date: '2025-03-03T22:00:00Z', userCreatedId: user.id },
    // 10 March 23:59 in Warsaw counts; 11 March 00:00 and a year typed ahead do not.
    { deviceId: m.in5.id, date: '2025-03-10T22:59:00Z', userCreatedId: user.id },
    { deviceId: m.in5.id, date: '2025-03-10T23:00:00Z', userCreatedId: user.id },
    { deviceId: m.in5.id, date: '2026-03-08T08:00:00Z', userCreatedId: user.id },
  ]);
  return { admin, user, m };
}

describe('dashboard figures', () => {
  it('counts overdue and next-30-days inspections with the five nearest, skipping what the list skips', async () => {
    const { m } = await seed();
    const board = await getDashboard(ctx.database.db, sessionOf('admin'), TODAY, 'Europe/Warsaw');
    expect(board.overdue.count).toBe(2);
    expect(board.overdue.nearest.map((x) => [x.id, x.nextInspection, x.daysLeft])).toEqual([
      [m.over3.id, '2025-03-07', -3],
      [m.over100.id, '2024-11-30', -100],
    ]);
    expect(board.upcoming.count).toBe(3);
    expect(board.upcoming.nearest).toEqual([
      {
        id: m.in5.id,
        name: 'Za5',
        serialNumber: 'SN-Za5',
        customerShortName: 'Metalex',
        nextInspection: '2025-03-15',
        daysLeft: 5,
      },
      expect.objectContaining({ id: m.in20.id, daysLeft: 20 }),
      expect.objectContaining({ id: m.in30.id, nextInspection: '2025-04-09', daysLeft: 30 }),
    ]);
  });

  it('lists protocols waiting for a signature or a scan by age, open to-dos, incidents of 7 days, the month', async () => {
    await seed();
    const board = await getDashboard(ctx.database.db, sessionOf('admin'), TODAY, 'Europe/Warsaw');
    expect(board.waitingProtocols.count).toBe(3);
    expect(board.waitingProtocols.oldest.map((p) => [p.number, p.state, p.date, p.ageDays])).toEqual([
      ['7/02/2025', 'DODAJ_SKAN', '2025-02-20', 18],
      ['(auto)', 'UTWORZONY', '2025-03-01', 9],
      ['(auto)', 'UTWORZONY', '2025-04-01', 0],
    ]);
    expect(board.openTodos).toBe(2);
    expect(board.incidentsLast7Days).toBe(3);
    // March: 2 signed + 1 created + 1 rejected issued; 2 signed.
    expect(board.month).toEqual({ issued: 4, signed: 2 });
    const employee = await getDashboard(ctx.database.db, sessionOf('user'), TODAY, 'Europe/Warsaw');
    expect(employee.month).toBeNull();
  });

  it('GET /api/dashboard answers every user in one call; the month only for admins', async () => {
    const { admin, user } = await seed();
    const asAdmin = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: as(admin) });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().month).not.toBeNull();
    const asUser = await ctx.app.inject({ method: 'GET', url: '/api/dashboard', headers: as(user) });
    expect(asUser.statusCode).toBe(200);
    expect(asUser.json()).toMatchObject({ month: null, openTodos: 2, waitingProtocols: { count: 3 } });
    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: '/api/dashboard',
      headers: { 'x-requested-with': 'XMLHttpRequest' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
