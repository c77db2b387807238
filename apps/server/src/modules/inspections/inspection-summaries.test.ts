import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMonths, todayInZone } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { addDevice, deviceBody, seedReferences, type References } from '../devices/devices.fixtures.js';
import {
  deleteService,
  postService,
  serviceAction,
  serviceJson,
  updateService,
  uploadToService,
} from '../services/services.fixtures.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import { backfillInspectionSummaries, refreshAllInspectionSummaries } from './inspection-summaries.js';
import { getInspectionSummary } from './inspections.service.js';

const ctx = useTestApp();
const today = () => todayInZone(ctx.config.TZ_COMPANY);
const TRANSFER = '2023-08-31';

async function summaryOf(deviceId: number) {
  const rows = await ctx.database.db
    .select()
    .from(inspectionSummaries)
    .where(eq(inspectionSummaries.deviceId, deviceId));
  return rows[0];
}

/** The stored row, checked against the card's summary (the shared rule over the source tables). */
async function expectSummary(deviceId: number, expected: Partial<typeof inspectionSummaries.$inferSelect>) {
  const row = await summaryOf(deviceId);
  expect(row).toMatchObject(expected);
  const card = await getInspectionSummary(ctx.database.db, deviceId, today());
  expect({
    lastPeriod: row.lastPeriod,
    lastInspection: row.lastInspection,
    nextInspection: row.nextInspection,
  }).toEqual({
    lastPeriod: card.lastPeriod,
    lastInspection: card.lastInspection,
    nextInspection: card.nextInspection,
  });
}

async function listRow(user: TestUser, mode: 'all' | 'onlyActual', deviceId: number) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/device/periodicInspections/${mode}`,
    headers: as(user),
  });
  expect(response.statusCode).toBe(200);
  return (response.json() as { device: { id: number }; nextInspection: string | null }[]).find(
    (r) => r.device.id === deviceId,
  );
}

async function setup(machine: Parameters<typeof deviceBody>[1] = {}) {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const refs = await seedReferences(ctx);
  const device = await addDevice(
    ctx,
    user,
    'INTERNAL',
    deviceBody(refs, { transferDate: TRANSFER, warrantyLength: 24, ...machine }),
  );
  const inspection = (period: number, overrides = {}) =>
    serviceJson(refs.kowalski, [device.id], {
      type: ['PRZEGLAD_OKRESOWY'],
      period,
      date: '2024-09-02',
      ...overrides,
    });
  return { user, admin, refs, device, inspection };
}

function editDevice(user: TestUser, refs: References, id: number, overrides = {}) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/device/update',
    headers: as(user),
    payload: { ...deviceBody(refs, { transferDate: TRANSFER, warrantyLength: 24, ...overrides }), id },
  });
}

describe('inspection summaries follow every write', () => {
  it('a machine added through the API has its row at once, for both families', async () => {
    const { user, refs, device } = await setup();
    await expectSummary(device.id, {
      lastPeriod: -1,
      lastInspection: null,
      // 2023-08-31 + 6 months: the month end is clamped (leap year).
      nextInspection: '2024-02-29',
      listed: true,
      actual: true,
    });
    const external = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { transferDate: TRANSFER }));
    await expectSummary(external.id, { nextInspection: '2024-02-29', listed: false, actual: false });
    const notHandedOver = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { transferDate: null }));
    await expectSummary(notHandedOver.id, { nextInspection: null, listed: true, actual: false });
  });

  it('an inspection moves the next date; signing keeps it, rejecting moves it back', async () => {
    const { user, admin, device, inspection } = await setup();
    const created = await postService(ctx, user, inspection(6));
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    // An open inspection already counts (domain.md): the 12-month one is next.
    await expectSummary(device.id, {
      lastPeriod: 6,
      lastInspection: '2024-09-02',
      nextInspection: '2024-08-31',
    });
    expect((await updateService(ctx, user, { ...inspection(12), id })).statusCode).toBe(200);
    await expectSummary(device.id, { lastPeriod: 12, nextInspection: '2025-02-28' });
    expect((await serviceAction(ctx, user, 'sign', id)).statusCode).toBe(200);
    await expectSummary(device.id, { lastPeriod: 12, nextInspection: '2025-02-28' });
    expect((await listRow(user, 'all', device.id))?.nextInspection).toBe('2025-02-28');

    // A signed event is rejected by an admin.
    const rejected = await serviceAction(ctx, admin, 'reject', id);
    expect(rejected.json().state).toBe('ODRZUCONY');
    await expectSummary(device.id, { lastPeriod: -1, lastInspection: null, nextInspection: '2024-02-29' });
    expect((await listRow(user, 'all', device.id))?.nextInspection).toBe('2024-02-29');
  });

  it('printing for a scan and the scan that signs keep the row right', async () => {
    const { user, device, inspection } = await setup();
    const id = (await postService(ctx, user, inspection(18))).json().id;
    expect((await serviceAction(ctx, user, 'printForScan', id)).json().state).toBe('DODAJ_SKAN');
    await expectSummary(device.id, { lastPeriod: 18, nextInspection: '2025-08-31' });
    const scan = await uploadToService(ctx, user, id, { filename: 'skan.pdf', content: '%PDF-1.4\n%%EOF\n' });
    expect(scan.json().state).toBe('PODPISANY');
    await expectSummary(device.id, { lastPeriod: 18, nextInspection: '2025-08-31' });
  });

  it('changing an event into an inspection, or out of one, refreshes the row', async () => {
    const { user, device, inspection } = await setup();
    const id = (await postService(ctx, user, inspection(-1, { type: ['NAPRAWA'] }))).json().id;
    await expectSummary(device.id, { lastPeriod: -1, lastInspection: null });
    await updateService(ctx, user, { ...inspection(6, { type: ['NAPRAWA', 'PRZEGLAD_OKRESOWY'] }), id });
    await expectSummary(device.id, { lastPeriod: 6, lastInspection: '2024-09-02' });
    await updateService(ctx, user, { ...inspection(6, { type: ['NAPRAWA'], date: '2024-10-01' }), id });
    await expectSummary(device.id, { lastPeriod: -1, lastInspection: null });
  });

  it('moving an event to another machine refreshes the old machine and the new one', async () => {
    const { user, refs, device, inspection } = await setup();
    const other = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { transferDate: TRANSFER }));
    const id = (await postService(ctx, user, inspection(24))).json().id;
    await expectSummary(device.id, { lastPeriod: 24, actual: false });
    const moved = await updateService(ctx, user, { ...inspection(24, { devices: [{ id: other.id }] }), id });
    expect(moved.statusCode).toBe(200);
    await expectSummary(device.id, { lastPeriod: -1, nextInspection: '2024-02-29', actual: true });
    await expectSummary(other.id, { lastPeriod: 24, nextInspection: '2026-02-28' });
  });

  it('deleting the event moves the date back', async () => {
    const { user, admin, device, inspection } = await setup();
    const id = (await postService(ctx, user, inspection(6))).json().id;
    await expectSummary(device.id, { lastPeriod: 6 });
    expect((await deleteService(ctx, admin, id)).statusCode).toBe(200);
    await expectSummary(device.id, { lastPeriod: -1, lastInspection: null, nextInspection: '2024-02-29' });
  });

  it('the machine’s handover date, warranty and switch move its dates and lists', async () => {
    const { user, refs, device, inspection } = await setup();
    await postService(ctx, user, inspection(6));
    expect((await editDevice(user, refs, device.id, { transferDate: '2025-03-31' })).statusCode).toBe(200);
    await expectSummary(device.id, { nextInspection: '2026-03-31', actual: true });
    // A 6-month warranty is covered by the 6-month inspection: off the "only current" list.
    await editDevice(user, refs, device.id, { transferDate: '2025-03-31', warrantyLength: 6 });
    await expectSummary(device.id, { listed: true, actual: false });
    expect(await listRow(user, 'onlyActual', device.id)).toBeUndefined();
    await editDevice(user, refs, device.id, { transferDate: null, warrantyLength: 6 });
    await expectSummary(device.id, { nextInspection: null, actual: false });

    await editDevice(user, refs, device.id, { transferDate: addMonths(today(), -3) });
    const patch = (enabled: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/device/isPeriodicInspectionEnabled',
        headers: as(user),
        payload: { id: device.id, isPeriodicInspectionEnabled: enabled },
      });
    expect((await patch(false)).statusCode).toBe(200);
    await expectSummary(device.id, { listed: false, actual: false });
    expect((await patch(true)).statusCode).toBe(200);
    await expectSummary(device.id, { listed: true, actual: true });
    expect(await listRow(user, 'onlyActual', device.id)).toBeDefined();
  });

  it('a deleted machine takes its row with it', async () => {
    const { admin, device } = await setup();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/device/delete/${device.id}`,
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(await summaryOf(device.id)).toBeUndefined();
  });

  it('concurrent changes to one machine’s events leave it consistent', async () => {
    const { user, device, inspection } = await setup();
    const ids: number[] = [];
    for (const period of [6, 12, 18, 24])
      ids.push((await postService(ctx, user, inspection(period))).json().id);
    const results = await Promise.all(ids.map((id) => serviceAction(ctx, user, 'reject', id)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    await expectSummary(device.id, { lastPeriod: -1, nextInspection: '2024-02-29' });
  });
});

describe('backfill', () => {
  it('fills in machines without a row on start, and only those', async () => {
    const { user, refs, device, inspection } = await setup();
    await postService(ctx, user, inspection(12));
    const other = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { transferDate: null }));
    const before = await ctx.database.db
      .select()
      .from(inspectionSummaries)
      .orderBy(inspectionSummaries.deviceId);
    expect(await backfillInspectionSummaries(ctx.database.db)).toBe(0);

    // A database from before the table: no rows at all.
    await ctx.database.db.execute(sql`DELETE FROM ${inspectionSummaries}`);
    expect(await backfillInspectionSummaries(ctx.database.db)).toBe(2);
    const after = await ctx.database.db
      .select()
      .from(inspectionSummaries)
      .orderBy(inspectionSummaries.deviceId);
    expect(after).toEqual(before);
    expect(after.map((r) => r.deviceId)).toEqual([device.id, other.id]);
    await expectSummary(device.id, { lastPeriod: 12, nextInspection: '2025-02-28' });
  });

  it('refreshAllInspectionSummaries repairs a row written wrongly', async () => {
    const { device } = await setup();
    await ctx.database.db
      .update(inspectionSummaries)
      .set({ lastPeriod: 48, nextInspection: '2030-01-01', actual: false })
      .where(eq(inspectionSummaries.deviceId, device.id));
    await refreshAllInspectionSummaries(ctx.database.db);
    await expectSummary(device.id, { lastPeriod: -1, nextInspection: '2024-02-29', actual: true });
  });
});
