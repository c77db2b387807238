import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { insertMachine, insertService } from '../../../test/service-fixtures.js';
import { insertUser } from '../users/users.repository.js';

const ctx = useTestApp();

const stats = (user: TestUser, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/statistics/servicesUsers${query}`, headers: as(user) });

async function seed() {
  const admin = await createUserAndLogin(ctx, { admin: true });
  const worker = await createUserAndLogin(ctx, { firstName: 'Piotr', lastName: 'Zieliński' });
  // An employee who never issued a protocol, and one who no longer works here.
  const idle = await insertUser(ctx.database.db, {
    userName: 'Magazynier',
    firstName: 'Ewa',
    lastName: 'Lis',
    email: 'ewa@firma.pl',
    passwordHash: 'x',
  });
  const former = await insertUser(ctx.database.db, {
    userName: 'Serwisant',
    firstName: 'Adam',
    lastName: 'Mróz',
    email: 'adam@firma.pl',
    passwordHash: 'x',
    active: false,
  });
  const { device, customer } = await insertMachine(ctx.database.db);
  const event = (userId: number, date: string, state: string) =>
    insertService(ctx.database.db, { userId, customerId: customer.id, deviceIds: [device.id], date, state });
  await event(worker.id, '2025-12-31', 'PODPISANY');
  await event(worker.id, '2026-01-01', 'PODPISANY');
  await event(worker.id, '2026-01-15', 'UTWORZONY');
  await event(worker.id, '2026-01-31', 'PODPISANY');
  await event(worker.id, '2026-02-01', 'ODRZUCONY');
  await event(admin.id, '2026-01-20', 'DODAJ_SKAN');
  await event(former.id, '2026-01-31', 'PODPISANY');
  return { admin, worker, idle, former };
}

type Row = { userId: number; countUserServices: number; countUserSignedServices: number; active: boolean };
const counts = (rows: Row[]) =>
  Object.fromEntries(rows.map((r) => [r.userId, [r.countUserServices, r.countUserSignedServices]]));

describe('GET /api/statistics/servicesUsers', () => {
  it('counts issued and signed protocols per employee within an inclusive range, zeros included', async () => {
    const { admin, worker, idle, former } = await seed();
    const response = await stats(admin, '?dateFrom=2026-01-01T00:00&dateTo=2026-01-31T00:00');
    expect(response.statusCode).toBe(200);
    const rows = response.json();
    expect(rows).toHaveLength(4);
    expect(rows.find((r: Row) => r.userId === worker.id)).toEqual({
      userId: worker.id,
      lastName: 'Zieliński',
      firstName: 'Piotr',
      countUserServices: 3,
      countUserSignedServices: 2,
      active: true,
    });
    // An employee who has left is listed with his work, marked as such.
    expect(rows.find((r: Row) => r.userId === former.id)?.active).toBe(false);
    expect(counts(rows)).toEqual({
      [admin.id]: [1, 0],
      [worker.id]: [3, 2],
      [idle.id]: [0, 0],
      [former.id]: [1, 1],
    });
  });

  it('takes plain dates and open ends', async () => {
    const { admin, worker, idle } = await seed();
    const plain = await stats(admin, '?dateFrom=2026-01-01&dateTo=2026-01-31');
    const withTime = await stats(admin, '?dateFrom=2026-01-01T00:00&dateTo=2026-01-31T00:00');
    expect(plain.json()).toEqual(withTime.json());

    const everything = counts((await stats(admin, '?dateFrom=&dateTo=')).json());
    expect(everything[worker.id]).toEqual([5, 3]);
    expect(everything[idle.id]).toEqual([0, 0]);
    expect(counts((await stats(admin)).json())).toEqual(everything);

    expect(counts((await stats(admin, '?dateFrom=2026-01-31')).json())[worker.id]).toEqual([2, 1]);
    expect(counts((await stats(admin, '?dateTo=2026-01-01')).json())[worker.id]).toEqual([2, 2]);
    // A single day: both bounds inclusive.
    expect(counts((await stats(admin, '?dateFrom=2026-01-15&dateTo=2026-01-15')).json())[worker.id]).toEqual([
      1, 0,
    ]);
    // A range the wrong way round simply holds nothing.
    expect(counts((await stats(admin, '?dateFrom=2026-02-01&dateTo=2026-01-01')).json())[worker.id]).toEqual([
      0, 0,
    ]);
    // The calendar's last day closes nothing, on both screens; its last month holds no protocol.
    expect(counts((await stats(admin, '?dateFrom=2020-01-01&dateTo=9999-12-31')).json())).toEqual(everything);
    expect(counts((await stats(admin, '?dateFrom=9999-12-15&dateTo=9999-12-31')).json())[worker.id]).toEqual([
      0, 0,
    ]);
    const charts = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistics/servicesCharts?dateFrom=2026-01-01&dateTo=9999-12-31',
      headers: as(admin),
    });
    expect(charts.statusCode).toBe(200);
    expect(charts.json()).toEqual(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/statistics/servicesCharts?dateFrom=2026-01-01',
          headers: as(admin),
        })
      ).json(),
    );
  });

  it('is for admins only and refuses bad dates with a Polish message', async () => {
    const { admin } = await seed();
    const user = await createUserAndLogin(ctx);
    const refused = await stats(user, '?dateFrom=2026-01-01');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.forbidden);
    for (const bad of ['2026-02-30', '01.02.2026', '2026-01-01Tabc']) {
      const response = await stats(admin, `?dateFrom=${encodeURIComponent(bad)}`);
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().message).toBe(MSG.statisticsDateInvalid);
    }
  });
});
