import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, addMonths, daysBetween, todayInZone } from '@serwis/domain';
import {
  as,
  createUserAndLogin,
  recordStatements,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import {
  auditEntriesFor,
  insertCategory,
  insertCustomer,
  insertDevice,
  insertMachine,
  insertService,
} from '../../../test/service-fixtures.js';
import { rowsOf } from '../../lib/result-rows.js';
import { devices } from '../devices/devices.table.js';
import { inspectionIdQuery, type InspectionListOptions } from './inspections.repository.js';

const ctx = useTestApp();
const today = () => todayInZone(ctx.config.TZ_COMPANY);

const get = (user: TestUser, url: string) => ctx.app.inject({ method: 'GET', url, headers: as(user) });

describe('GET /api/device/periodicInspection/{deviceId}', () => {
  it('handed over 14 months ago, 24-month warranty, 6-month inspection done: next is overdue by ~2 months', async () => {
    const user = await createUserAndLogin(ctx);
    const transferDate = addMonths(today(), -14);
    const { device, customer } = await insertMachine(ctx.database.db, { transferDate, warrantyLength: 24 });
    const base = { userId: user.id, customerId: customer.id, deviceIds: [device.id] };
    const inspection = await insertService(ctx.database.db, {
      ...base,
      date: addMonths(transferDate, 6),
      period: 6,
      number: 3,
    });
    // A rejected 12-month inspection is listed but does not count.
    const rejected = await insertService(ctx.database.db, {
      ...base,
      date: addMonths(transferDate, 12),
      period: 12,
      state: 'ODRZUCONY',
      number: 4,
    });
    // A repair is no inspection at all.
    await insertService(ctx.database.db, { ...base, date: addMonths(transferDate, 7), types: ['NAPRAWA'] });

    const response = await get(user, `/api/device/periodicInspection/${device.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const next = addMonths(transferDate, 12);
    expect(body).toMatchObject({
      lastPeriod: 6,
      lastInspection: addMonths(transferDate, 6),
      nextInspection: next,
      daysToNextInspection: daysBetween(today(), next),
      warrantyEnd: addMonths(transferDate, 24),
      daysToEndWarranty: daysBetween(today(), addMonths(transferDate, 24)),
      lastWarrantyInspectionDone: false,
      device: {
        id: device.id,
        transferDate,
        warrantyLength: 24,
        isPeriodicInspectionEnabled: true,
        customer: { id: customer.id, shortName: customer.shortName },
      },
    });
    expect(body.daysToNextInspection).toBeLessThanOrEqual(-59);
    expect(body.daysToNextInspection).toBeGreaterThanOrEqual(-62);
    // Full number descending; the repair is not there.
    expect(body.periodicInspections.map((e: { id: number }) => e.id)).toEqual([rejected.id, inspection.id]);
    expect(body.periodicInspections[0]).toMatchObject({ state: 'ODRZUCONY', counted: false, period: 12 });
    expect(body.periodicInspections[1]).toMatchObject({
      counted: true,
      fullNumber: expect.stringMatching(/^3\/\d{2}\/\d{4}$/),
      userCreated: { id: user.id, fullName: 'Jan Kowalski' },
    });
  });

  it('has no dates for a machine not handed over', async () => {
    const user = await createUserAndLogin(ctx);
    const { device } = await insertMachine(ctx.database.db, { transferDate: null, warrantyLength: 12 });
    const body = (await get(user, `/api/device/periodicInspection/${device.id}`)).json();
    expect(body).toMatchObject({
      nextInspection: null,
      daysToNextInspection: null,
      daysToEndWarranty: null,
      lastInspection: null,
      lastPeriod: -1,
      lastWarrantyInspectionDone: false,
      periodicInspections: [],
    });
  });

  it('answers 404 for an unknown machine, 400 for a bad id and 401 without a session', async () => {
    const user = await createUserAndLogin(ctx);
    const missing = await get(user, '/api/device/periodicInspection/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.machineNotFound);
    expect((await get(user, '/api/device/periodicInspection/abc')).statusCode).toBe(400);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/device/periodicInspection/1' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('GET /api/device/periodicInspections/{onlyActual|all}', () => {
  async function seedMachines(user: TestUser) {
    const db = ctx.database.db;
    const customer = await insertCustomer(db, { shortName: 'Odlewnia' });
    const category = await insertCategory(db, { name: 'Prasy' });
    const machine = (values: Partial<typeof devices.$inferInsert>) =>
      insertDevice(db, { customerId: customer.id, categoryId: category.id, warrantyLength: 24, ...values });
    const t = today();
    const overdue = await machine({ name: 'Prasa zaległa', transferDate: addMonths(t, -14) });
    const soon = await machine({ name: 'Prasa wkrótce', transferDate: addMonths(t, -5) });
    const notHandedOver = await machine({ name: 'Prasa nieprzekazana', transferDate: null });
    const done = await machine({ name: 'Prasa po gwarancji', transferDate: addMonths(t, -30) });
    const disabled = await machine({
      name: 'Prasa wyłączona',
      transferDate: addMonths(t, -14),
      isPeriodicInspectionEnabled: false,
    });
    const external = await machine({ name: 'Prasa obca', transferDate: addMonths(t, -14), type: 'EXTERNAL' });
    const base = { userId: user.id, customerId: customer.id };
    await insertService(db, { ...base, deviceIds: [overdue.id], date: addMonths(t, -8), period: 6 });
    await insertService(db, { ...base, deviceIds: [done.id], date: addMonths(t, -7), period: 24 });
    // Rejected: does not make the warranty inspections of `soon` done.
    await insertService(db, { ...base, deviceIds: [soon.id], date: t, period: 24, state: 'ODRZUCONY' });
    return { overdue, soon, notHandedOver, done, disabled, external };
  }

  it('onlyActual: handed over, inspections on, last warranty inspection not done; nearest first', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    const response = await get(user, '/api/device/periodicInspections/onlyActual');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    const rows = response.json();
    expect(rows.map((r: { device: { id: number } }) => r.device.id)).toEqual([m.overdue.id, m.soon.id]);
    expect(rows[0]).toMatchObject({
      nextInspection: addMonths(m.overdue.transferDate!, 12),
      lastPeriod: 6,
      lastWarrantyInspectionDone: false,
      device: {
        name: 'Prasa zaległa',
        status: 'OK',
        category: { name: 'Prasy' },
        customer: { shortName: 'Odlewnia' },
      },
    });
    expect(rows[1]).toMatchObject({ lastInspection: null, lastPeriod: -1 });
    const defaultMode = await get(user, '/api/device/periodicInspections');
    expect(defaultMode.json()).toEqual(rows);
  });

  it('all: every own machine with inspections on, not handed over last', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    const rows = (await get(user, '/api/device/periodicInspections/all')).json();
    // Overdue by ~2 months, then "done" (due about today), then due in ~1 month, then no date.
    expect(rows.map((r: { device: { id: number } }) => r.device.id)).toEqual([
      m.overdue.id,
      m.done.id,
      m.soon.id,
      m.notHandedOver.id,
    ]);
    const byId = new Map(rows.map((r: { device: { id: number } }) => [r.device.id, r]));
    expect(byId.get(m.done.id)).toMatchObject({ lastWarrantyInspectionDone: true, lastPeriod: 24 });
    expect(byId.get(m.notHandedOver.id)).toMatchObject({ nextInspection: null, daysToNextInspection: null });
    expect(byId.has(m.disabled.id)).toBe(false);
    expect(byId.has(m.external.id)).toBe(false);
    // Nulls last, otherwise ascending days.
    const days = rows.map((r: { daysToNextInspection: number | null }) => r.daysToNextInspection);
    expect(days.at(-1)).toBeNull();
    const known = days.slice(0, -1) as number[];
    expect(known).toEqual([...known].sort((a, b) => a - b));
  });

  it('pages, sorts and searches on the server', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    const page = await get(user, '/api/device/periodicInspections/all?page=1&size=2&sort=name,asc');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.json().map((r: { device: { name: string } }) => r.device.name)).toEqual([
      'Prasa nieprzekazana',
      'Prasa po gwarancji',
    ]);
    const second = await get(user, '/api/device/periodicInspections/all?page=2&size=2&sort=name,asc');
    expect(second.json().map((r: { device: { id: number } }) => r.device.id)).toEqual([
      m.soon.id,
      m.overdue.id,
    ]);
    const beyond = await get(user, '/api/device/periodicInspections/all?page=9&size=2');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('4');
    const search = await get(user, '/api/device/periodicInspections/all?q=zaleg&page=1&size=15');
    expect(search.json().map((r: { device: { id: number } }) => r.device.id)).toEqual([m.overdue.id]);
    expect(search.headers['x-total-count']).toBe('1');
    const desc = await get(user, '/api/device/periodicInspections/onlyActual?sort=daysToNextInspection,desc');
    expect(desc.json().map((r: { device: { id: number } }) => r.device.id)).toEqual([
      m.soon.id,
      m.overdue.id,
    ]);
  });

  it('sorts by the id and by the next inspection latest first in an order an index holds', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    const ids = async (url: string) =>
      (await get(user, url)).json().map((r: { device: { id: number } }) => r.device.id);
    const listed = [m.overdue.id, m.soon.id, m.notHandedOver.id, m.done.id].sort((a, b) => a - b);
    expect(await ids('/api/device/periodicInspections/all?sort=id,desc&page=1&size=15')).toEqual(
      [...listed].reverse(),
    );
    expect(await ids('/api/device/periodicInspections/all?sort=id,asc&page=1&size=15')).toEqual(listed);
    // Latest next inspection first (the warranty-done machine is due about today), no date last.
    expect(await ids('/api/device/periodicInspections/all?sort=nextInspection,desc&page=1&size=15')).toEqual([
      m.soon.id,
      m.done.id,
      m.overdue.id,
      m.notHandedOver.id,
    ]);
    // Sorting is ruled out for the planner: an order no index holds would still be sorted.
    const plans = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_sort = off`);
      const explain = async (sort: InspectionListOptions['sort']) => {
        const query = await inspectionIdQuery(tx, { mode: 'all', sort });
        const result = await tx.execute(sql`EXPLAIN (COSTS OFF) ${query} LIMIT 15`);
        return rowsOf<Record<string, string>>(result)
          .map((row) => Object.values(row)[0])
          .join('\n');
      };
      const explained: string[] = [];
      for (const field of ['id', 'nextInspection', 'daysToNextInspection'] as const) {
        explained.push(await explain({ field, direction: 'desc' }));
      }
      return explained;
    });
    for (const plan of plans) expect(plan).not.toMatch(/Sort/);
  });

  it('looks up the serial numbers a search finds once for a page and its total', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    const numbered = [m.overdue, m.soon, m.done];
    for (const [i, machine] of numbered.entries()) {
      await ctx.database.db
        .update(devices)
        .set({ serialNumber: `SN-KXQ-${i}` })
        .where(eq(devices.id, machine.id));
    }
    const statements = recordStatements(ctx.database);
    try {
      // A full page: its total is counted too.
      const first = await get(user, '/api/device/periodicInspections/all?q=kxq-&page=1&size=2');
      expect(first.headers['x-total-count']).toBe('3');
      const serialLookups = statements.sent.filter((text) => text.includes('"serial_number" ILIKE'));
      expect(serialLookups).toHaveLength(1);
      const second = await get(user, '/api/device/periodicInspections/all?q=kxq-&page=2&size=2');
      const ids = [...first.json(), ...second.json()].map((r: { device: { id: number } }) => r.device.id);
      expect(ids.sort((a, b) => a - b)).toEqual(numbered.map((d) => d.id).sort((a, b) => a - b));
    } finally {
      statements.stop();
    }
  });

  it('finds a serial number by its start from a term without three letters or digits in a row', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    for (const [machine, serialNumber] of [
      [m.overdue, 'ab_10'],
      [m.soon, 'WY-2a'],
      [m.done, 'XWY-2'],
    ] as const) {
      await ctx.database.db.update(devices).set({ serialNumber }).where(eq(devices.id, machine.id));
    }
    const found = async (q: string) =>
      (await get(user, `/api/device/periodicInspections/all?q=${encodeURIComponent(q)}&page=1&size=15`))
        .json()
        .map((r: { device: { id: number } }) => r.device.id);
    // The whole serial number, in any case, and a start; not the middle (as on the machine lists).
    expect(await found('AB_10')).toEqual([m.overdue.id]);
    expect(await found('wy-2')).toEqual([m.soon.id]);
  });

  it('finds a serial number typed with other separators than the register holds, as the machine lists do', async () => {
    const user = await createUserAndLogin(ctx);
    const m = await seedMachines(user);
    await ctx.database.db
      .update(devices)
      .set({ serialNumber: 'PR-2024-000815' })
      .where(eq(devices.id, m.overdue.id));
    const found = async (q: string) =>
      (await get(user, `/api/device/periodicInspections/all?q=${encodeURIComponent(q)}&page=1&size=15`))
        .json()
        .map((r: { device: { id: number } }) => r.device.id);
    for (const q of ['pr 2024 000815', 'PR2024000815', '2024/000815']) {
      expect(await found(q), q).toEqual([m.overdue.id]);
    }
    expect(await found('PR2024000816')).toEqual([]);
  });

  it('refuses an unknown mode or sort with a Polish message', async () => {
    const user = await createUserAndLogin(ctx);
    const mode = await get(user, '/api/device/periodicInspections/some');
    expect(mode.statusCode).toBe(400);
    expect(mode.json().message).toBe(MSG.inspectionListModeInvalid);
    const sort = await get(user, '/api/device/periodicInspections/all?sort=password,asc');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe(MSG.invalidSort);
  });
});

describe('PATCH /api/device/isPeriodicInspectionEnabled', () => {
  it('lets any employee switch inspections off and on, with an audit entry each time', async () => {
    const user = await createUserAndLogin(ctx);
    const { device } = await insertMachine(ctx.database.db, { transferDate: '2025-01-01' });
    const patch = (enabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/device/isPeriodicInspectionEnabled',
        headers: as(user),
        payload: { id: device.id, isPeriodicInspectionEnabled: enabled },
      });
    const off = await patch(false);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({
      id: device.id,
      isPeriodicInspectionEnabled: false,
      message: MSG.inspectionsDisabled,
    });
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.isPeriodicInspectionEnabled).toBe(false);
    const list = await get(user, '/api/device/periodicInspections/all');
    expect(list.json()).toEqual([]);

    expect((await patch(true)).json().isPeriodicInspectionEnabled).toBe(true);
    const entries = await auditEntriesFor(ctx.database.db, `device:${device.id}`);
    expect(entries).toHaveLength(2);
    expect(entries.map((e) => e.arg0)).toEqual([user.email, user.email]);
    expect(entries[0].formattedMessage).toContain('wyłączenie przeglądów okresowych');
    expect(entries[1].formattedMessage).toContain('włączenie przeglądów okresowych');
  });

  it('answers 404 for an unknown machine, 400 for a bad body, 403 without the XHR header', async () => {
    const user = await createUserAndLogin(ctx);
    const send = (payload: Record<string, unknown>, headers: Record<string, string> = as(user)) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/device/isPeriodicInspectionEnabled', headers, payload });
    const missing = await send({ id: 424242, isPeriodicInspectionEnabled: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.machineNotFound);
    expect((await send({ id: 1, isPeriodicInspectionEnabled: 'maybe' })).statusCode).toBe(400);
    expect((await send({ isPeriodicInspectionEnabled: true })).statusCode).toBe(400);
    const noXhr = await send({ id: 1, isPeriodicInspectionEnabled: true }, { cookie: user.cookie });
    expect(noXhr.statusCode).toBe(403);
    expect(await auditEntriesFor(ctx.database.db, 'device:1')).toEqual([]);
  });
});
