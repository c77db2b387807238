import { asc, eq, lt, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { getDashboard } from '../dashboard/dashboard.service.js';
import { addDevice, deviceBody, seedReferences, type References } from '../devices/devices.fixtures.js';
import { multipart } from '../files/files.fixtures.js';
import {
  deleteService,
  postService,
  serviceAction,
  serviceJson,
  updateService,
} from '../services/services.fixtures.js';
import { inspectionDueCounts } from './inspection-due-counts.table.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import { backfillInspectionSummaries, refreshAllInspectionSummaries } from './inspection-summaries.js';

const ctx = useTestApp();

/** The kept per-day counts against the direct count over the summaries (no day below zero). */
async function expectCountsFollowSummaries() {
  const db = ctx.database.db;
  const direct = await db
    .select({ day: inspectionSummaries.nextInspection, n: sql<number>`count(*)::int` })
    .from(inspectionSummaries)
    .where(sql`${inspectionSummaries.actual}`)
    .groupBy(inspectionSummaries.nextInspection)
    .orderBy(asc(inspectionSummaries.nextInspection));
  const kept = await db
    .select({ day: inspectionDueCounts.dueDate, n: inspectionDueCounts.machines })
    .from(inspectionDueCounts)
    .where(ne(inspectionDueCounts.machines, 0))
    .orderBy(asc(inspectionDueCounts.dueDate));
  expect(kept).toEqual(direct);
  const negative = await db.select().from(inspectionDueCounts).where(lt(inspectionDueCounts.machines, 0));
  expect(negative).toEqual([]);
  return kept;
}

const dayCount = async (day: string) =>
  (await expectCountsFollowSummaries()).find((r) => r.day === day)?.n ?? 0;

function editDevice(user: TestUser, refs: References, id: number, overrides = {}) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/device/update',
    headers: as(user),
    payload: { ...deviceBody(refs, { transferDate: '2023-08-31', warrantyLength: 24, ...overrides }), id },
  });
}

async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const refs = await seedReferences(ctx);
  const machine = (serialNumber: string, overrides = {}) =>
    addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { serialNumber, transferDate: '2023-08-31', warrantyLength: 24, ...overrides }),
    );
  const a = await machine('A');
  const b = await machine('B');
  const c = await machine('C', { transferDate: '2024-02-29' });
  const inspection = (deviceId: number, period: number, overrides = {}) =>
    serviceJson(refs.kowalski, [deviceId], {
      type: ['PRZEGLAD_OKRESOWY'],
      period,
      date: '2024-09-02',
      ...overrides,
    });
  return { user, admin, refs, a, b, c, inspection };
}

describe('inspection due counts follow every write of the summaries', () => {
  it('machines added, an inspection done, signed and rejected, an event moved and deleted', async () => {
    const { user, admin, a, b, inspection } = await setup();
    // 2023-08-31 + 6 months, month end clamped (leap year); 2024-02-29 + 6 months.
    expect(await dayCount('2024-02-29')).toBe(2);
    expect(await dayCount('2024-08-29')).toBe(1);

    const id = (await postService(ctx, user, inspection(a.id, 6))).json().id;
    expect(await dayCount('2024-02-29')).toBe(1);
    expect(await dayCount('2024-08-31')).toBe(1);
    expect((await serviceAction(ctx, user, 'sign', id)).statusCode).toBe(200);
    expect(await dayCount('2024-08-31')).toBe(1);
    expect((await serviceAction(ctx, admin, 'reject', id)).statusCode).toBe(200);
    expect(await dayCount('2024-02-29')).toBe(2);
    expect(await dayCount('2024-08-31')).toBe(0);

    const open = (await postService(ctx, user, inspection(a.id, 12))).json().id;
    expect(await dayCount('2025-02-28')).toBe(1);
    const moved = await updateService(ctx, user, { ...inspection(b.id, 12), id: open });
    expect(moved.statusCode).toBe(200);
    expect(await dayCount('2025-02-28')).toBe(1);
    expect(await dayCount('2024-02-29')).toBe(1);
    expect((await deleteService(ctx, admin, open)).statusCode).toBe(200);
    expect(await dayCount('2025-02-28')).toBe(0);
    expect(await dayCount('2024-02-29')).toBe(2);
  });

  it('the handover date, the inspection switch, the final warranty inspection and a delete', async () => {
    const { user, admin, refs, a, b, c, inspection } = await setup();
    expect((await editDevice(user, refs, a.id, { transferDate: '2025-01-31' })).statusCode).toBe(200);
    expect(await dayCount('2025-07-31')).toBe(1);
    expect((await editDevice(user, refs, a.id, { transferDate: null })).statusCode).toBe(200);
    expect(await dayCount('2025-07-31')).toBe(0);

    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/device/isPeriodicInspectionEnabled',
      headers: as(user),
      payload: { id: b.id, isPeriodicInspectionEnabled: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(await dayCount('2024-02-29')).toBe(0);

    // The 24-month inspection ends a 24-month warranty: off the "only current" list.
    await postService(ctx, user, inspection(c.id, 24));
    expect(await dayCount('2024-08-29')).toBe(0);
    expect(await dayCount('2026-08-29')).toBe(0);

    const d = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { serialNumber: 'D' }));
    expect(await dayCount('2024-09-15')).toBe(1);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/device/delete/${d.id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await dayCount('2024-09-15')).toBe(0);
  });

  it('a bulk import, a repair and the start-up backfill', async () => {
    const { admin, c } = await setup();
    const csv = [
      'Nazwa;Kontrahent;Kategoria;S/N;Data przekazania;Okres gwarancji',
      'Nowa 1;Kowalski;Tokarki;N-1;2024-12-31;24',
      'Nowa 2;Kowalski;Tokarki;N-2;2024-12-31;24',
      // Updates machine C (matched by serial number): a new handover date.
      'Stara C;Kowalski;Tokarki;C;2024-12-31;24',
    ].join('\n');
    const body = await multipart([{ kind: 'file', name: 'file', filename: 'maszyny.csv', content: csv }]);
    const imported = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/import',
      headers: { ...as(admin), ...body.headers },
      payload: body.payload,
    });
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ added: 2, updated: 1 });
    expect(await dayCount('2025-06-30')).toBe(3);
    expect(await dayCount('2024-08-29')).toBe(0);

    // A summary written by hand, then repaired.
    await ctx.database.db
      .update(inspectionSummaries)
      .set({ nextInspection: '2030-01-01' })
      .where(eq(inspectionSummaries.deviceId, c.id));
    expect(await dayCount('2030-01-01')).toBe(1);
    await refreshAllInspectionSummaries(ctx.database.db);
    expect(await dayCount('2030-01-01')).toBe(0);
    expect(await dayCount('2025-06-30')).toBe(3);

    await ctx.database.db.execute(sql`DELETE FROM ${inspectionSummaries}`);
    expect(await expectCountsFollowSummaries()).toEqual([]);
    expect(await backfillInspectionSummaries(ctx.database.db)).toBe(5);
    expect(await dayCount('2025-06-30')).toBe(3);
    expect(await dayCount('2024-02-29')).toBe(2);
  });

  it('concurrent inspections of different machines due the same day keep the day exact', async () => {
    const { user, admin, refs, inspection } = await setup();
    const machines = [];
    for (let i = 0; i < 6; i++)
      machines.push(await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { serialNumber: `P-${i}` })));
    expect(await dayCount('2024-09-15')).toBe(6);
    const ids = await Promise.all(
      machines.map(async (m) => (await postService(ctx, user, inspection(m.id, 6))).json().id as number),
    );
    expect(await dayCount('2024-09-15')).toBe(0);
    expect(await dayCount('2025-03-15')).toBe(6);
    const rejected = await Promise.all(ids.map((id) => serviceAction(ctx, admin, 'reject', id)));
    expect(rejected.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    expect(await dayCount('2024-09-15')).toBe(6);
    expect(await dayCount('2025-03-15')).toBe(0);
  });
});

describe('the dashboard counts from the per-day rows', () => {
  it('next 30 days across a leap-year month end, overdue up to yesterday', async () => {
    const { user, refs } = await setup();
    // Due (transfer + 6 months, month ends clamped): 2024-03-30 is today + 30, 2024-04-01 beyond.
    for (const [serialNumber, transferDate] of [
      ['E1', '2023-09-30'],
      ['E2', '2023-09-30'],
      ['E3', '2023-08-31'],
      ['E4', '2023-09-28'],
      ['E5', '2023-10-01'],
    ])
      await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { serialNumber, transferDate }));
    const session = { id: 1, userName: '', email: '', firstName: '', lastName: '', vacationDays: 0 };
    const board = await getDashboard(
      ctx.database.db,
      { ...session, roles: [], isAdmin: false },
      '2024-02-29',
      'Europe/Warsaw',
    );
    const direct = async (where: ReturnType<typeof sql>) => {
      const [row] = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(inspectionSummaries)
        .where(sql`${inspectionSummaries.actual} AND ${where}`);
      return row.n;
    };
    const next = sql`${inspectionSummaries.nextInspection}`;
    expect(board.upcoming.count).toBe(await direct(sql`${next} >= '2024-02-29' AND ${next} <= '2024-03-30'`));
    // A, B and E3 (02-29, today), E4 (03-28), E1 and E2 (03-30); not E5 (04-01) nor C (08-29).
    expect(board.upcoming.count).toBe(6);
    expect(board.overdue.count).toBe(await direct(sql`${next} < '2024-02-29'`));
    expect(board.overdue.count).toBe(0);
    // The day after, the three due on 02-29 are overdue.
    const tomorrow = await getDashboard(
      ctx.database.db,
      { ...session, roles: [], isAdmin: false },
      '2024-03-01',
      'Europe/Warsaw',
    );
    expect(tomorrow.overdue.count).toBe(3);
    expect(tomorrow.overdue.count).toBe(await direct(sql`${next} < '2024-03-01'`));
  });
});
