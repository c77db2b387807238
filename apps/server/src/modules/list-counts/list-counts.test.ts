import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MACHINE_STATUSES } from '@serwis/domain';
import { EXACT_TOTAL_BOUND, SEARCH_TOTAL_BOUND } from '../../lib/paging.js';
import { as, createUserAndLogin, recordStatements, useTestApp } from '../../../test/test-app.js';
import { insertCategory, insertCustomer } from '../../../test/service-fixtures.js';
import { devices } from '../devices/devices.table.js';
import { addDevice, deviceBody, listDevices, seedReferences } from '../devices/devices.fixtures.js';
import { refreshAllInspectionSummaries } from '../inspections/inspection-summaries.js';
import { deleteService, postService, serviceJson, updateService } from '../services/services.fixtures.js';
import { keptTotal, type KeptList } from './list-counts.repository.js';
import { listCounts } from './list-counts.table.js';
import { rowsOf } from '../../lib/result-rows.js';

/** The whole lists' sizes kept by triggers (migration 0013) against counting them (issue 11). */
const ctx = useTestApp();
const weightOf = (name: string) => MACHINE_STATUSES.find((s) => s.name === name)!.weight;
const FAULT_WEIGHT = weightOf('FAULT');
const OK_WEIGHT = weightOf('OK');

/** The condition of each whole list, counted directly. */
const DIRECT: Record<KeptList, string> = {
  'devices:INTERNAL': `devices WHERE type = 'INTERNAL'`,
  'devices:EXTERNAL': `devices WHERE type = 'EXTERNAL'`,
  'services:INTERNAL': 'services WHERE has_internal',
  'services:EXTERNAL': 'services WHERE has_external',
  'inspections:listed': 'inspection_summaries WHERE listed',
  'inspections:actual': 'inspection_summaries WHERE actual',
};

/** Every kept size, with the direct count beside it: { list: [kept, counted] }. */
async function keptAndCounted() {
  const db = ctx.database.db;
  const pairs: Record<string, [number, number]> = {};
  for (const [list, rows] of Object.entries(DIRECT) as [KeptList, string][]) {
    const counted = rowsOf<{ n: number }>(
      await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${rows}`)),
    );
    pairs[list] = [(await keptTotal(db, list)).total, Number(counted[0]!.n)];
  }
  return pairs;
}

async function expectKeptAsCounted(expected: Partial<Record<KeptList, number>>) {
  const pairs = await keptAndCounted();
  for (const [list, [kept, counted]] of Object.entries(pairs)) expect(kept, list).toBe(counted);
  for (const [list, n] of Object.entries(expected)) expect(pairs[list]![0], list).toBe(n);
}

describe('kept list sizes', () => {
  it('follow machines and events added, moved between families and deleted through the API', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    await expectKeptAsCounted({ 'devices:INTERNAL': 0, 'services:INTERNAL': 0 });

    const own = [];
    for (const serialNumber of ['K-1', 'K-2', 'K-3']) {
      own.push(await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { serialNumber })));
    }
    const external = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { serialNumber: 'Z-1' }));
    await expectKeptAsCounted({ 'devices:INTERNAL': 3, 'devices:EXTERNAL': 1 });

    const customerId = refs.kowalski;
    const post = async (deviceIds: number[]) => {
      const response = await postService(ctx, user, serviceJson(customerId, deviceIds));
      expect(response.statusCode).toBe(201);
      return response.json() as { id: number };
    };
    const first = await post([own[0]!.id]);
    await post([own[1]!.id, external.id]);
    await post([external.id]);
    await expectKeptAsCounted({ 'services:INTERNAL': 2, 'services:EXTERNAL': 2 });

    // An edit that moves the first event to the external machine: one family less, one more.
    const moved = await updateService(ctx, user, { ...serviceJson(customerId, [external.id]), id: first.id });
    expect(moved.statusCode).toBe(200);
    await expectKeptAsCounted({ 'services:INTERNAL': 1, 'services:EXTERNAL': 3 });

    expect((await deleteService(ctx, user, first.id)).statusCode).toBe(200);
    await expectKeptAsCounted({ 'services:INTERNAL': 1, 'services:EXTERNAL': 2 });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/device/delete/${own[2]!.id}`,
      headers: as(user),
    });
    expect(removed.statusCode).toBe(200);
    await expectKeptAsCounted({ 'devices:INTERNAL': 2, 'devices:EXTERNAL': 1 });
  });

  it('take no count row for an update that keeps the family, and follow a truncate', async () => {
    const db = ctx.database.db;
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    await db.execute(sql`INSERT INTO devices (name, type, status, status_weight, customer_id, category_id)
      SELECT 'Maszyna ' || n, CASE WHEN n % 3 = 0 THEN 'EXTERNAL' ELSE 'INTERNAL' END, 'OK', ${OK_WEIGHT}::int,
        ${customer.id}, ${category.id}
      FROM generate_series(1, 30) AS n`);
    await refreshAllInspectionSummaries(db);
    await expectKeptAsCounted({ 'devices:INTERNAL': 20, 'devices:EXTERNAL': 10, 'inspections:listed': 20 });

    await db.delete(listCounts).where(eq(listCounts.list, 'devices:EXTERNAL'));
    // Renaming every machine changes no family: the (now missing) external row is not written.
    await db.update(devices).set({ name: sql`${devices.name} || ' (po zmianie)'` });
    expect(await keptTotal(db, 'devices:EXTERNAL')).toEqual({ total: 0, estimated: false });
    await db.update(devices).set({ type: 'EXTERNAL' }).where(eq(devices.type, 'INTERNAL'));
    expect((await keptTotal(db, 'devices:EXTERNAL')).total).toBe(20);
    expect((await keptTotal(db, 'devices:INTERNAL')).total).toBe(0);

    await db.execute(sql`TRUNCATE devices CASCADE`);
    const left = await db.select().from(listCounts);
    expect(left.filter((r) => r.list.startsWith('devices:'))).toEqual([]);
  });

  it("read a whole family's page with its kept total in one statement, a page past the end not at all, and answer right when the family changed since", async () => {
    const db = ctx.database.db;
    const user = await createUserAndLogin(ctx);
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    const addMachines = (from: number, to: number) =>
      db.execute(sql`INSERT INTO devices (name, type, customer_id, category_id)
        SELECT 'Wiertarka ' || n, 'INTERNAL', ${customer.id}, ${category.id} FROM generate_series(${from}::int, ${to}::int) AS n`);
    /** One page, and the statements it took: the page's, with the kept total or without, the total's alone. */
    const page = async (n: number) => {
      const statements = recordStatements(ctx.database);
      const response = await listDevices(ctx, user, 'INTERNAL', {}, `page=${n}&size=10&sort=id,asc`);
      statements.stop();
      expect(response.statusCode, response.body).toBe(200);
      const reads = statements.sent.flatMap((text) => {
        const kept = /"list_counts"/.test(text);
        if (/JOIN "customers"/.test(text)) return [kept ? 'page with total' : 'page'];
        return kept ? ['total'] : [];
      });
      return {
        names: (response.json() as { name: string }[]).map((m) => m.name),
        total: response.headers['x-total-count'],
        reads,
      };
    };
    const names = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `Wiertarka ${from + i}`);
    await addMachines(1, 12);
    expect((await keptTotal(db, 'devices:INTERNAL')).total).toBe(12);

    // Within the family by the total last read: one statement answers the page and its total.
    expect(await page(2)).toEqual({ names: names(11, 12), total: '12', reads: ['page with total'] });
    expect(await page(1)).toEqual({ names: names(1, 10), total: '12', reads: ['page with total'] });
    // Past the end by the total last read: the total alone answers, the page is not read.
    expect(await page(3)).toEqual({ names: [], total: '12', reads: ['total'] });
    // Five removed since: the page within the last total read comes back empty, so the total is read
    // alone, the new one.
    await db.execute(
      sql`DELETE FROM devices WHERE name IN ('Wiertarka 1', 'Wiertarka 2', 'Wiertarka 3', 'Wiertarka 4', 'Wiertarka 5')`,
    );
    expect(await page(2)).toEqual({ names: [], total: '7', reads: ['page with total', 'total'] });
    // Ten added since: past the end by the last total (7), the total goes first and shows the page
    // within the family after all, so it is read.
    await addMachines(13, 22);
    expect(await page(2)).toEqual({ names: names(16, 22), total: '17', reads: ['total', 'page'] });
    expect(await page(2)).toEqual({ names: names(16, 22), total: '17', reads: ['page with total'] });
  });

  it('give the whole list an exact total past the bound, and a filtered one its bounded count', async () => {
    const db = ctx.database.db;
    const user = await createUserAndLogin(ctx);
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    const many = EXACT_TOTAL_BOUND + 25;
    await db.execute(sql`INSERT INTO devices (name, type, status, status_weight, customer_id, category_id)
      SELECT 'Tokarka ' || n, 'INTERNAL', CASE WHEN n <= 7 THEN 'FAULT' ELSE 'OK' END,
        CASE WHEN n <= 7 THEN ${FAULT_WEIGHT}::int ELSE ${OK_WEIGHT}::int END, ${customer.id}, ${category.id}
      FROM generate_series(1, ${many}) AS n`);

    const whole = await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=10');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['x-total-count']).toBe(String(many));
    expect(whole.headers['x-total-count-estimated']).toBeUndefined();
    expect(whole.json()).toHaveLength(10);
    // The last page of the whole list, found from the exact total.
    const last = await listDevices(ctx, user, 'INTERNAL', {}, `page=${Math.ceil(many / 10)}&size=10`);
    expect(last.json()).toHaveLength(many % 10);

    const faulty = await listDevices(ctx, user, 'INTERNAL', { statuses: ['FAULT'] }, 'page=1&size=10');
    expect(faulty.headers['x-total-count']).toBe('7');

    // A status filter matching more than the bound (10,018 in order): the page that reaches the bound
    // is read with one machine more, which proves the total past it, and nothing is counted.
    await db.execute(sql`ANALYZE devices`);
    const ok = { statuses: ['OK'] };
    const expectedOk = rowsOf<{ id: number }>(
      await db.execute(sql`SELECT id FROM devices WHERE status = 'OK' ORDER BY id`),
    );
    const okIds = expectedOk.map((r) => Number(r.id));
    expect(okIds).toHaveLength(many - 7);
    const statements = recordStatements(ctx.database);
    const atBound = await listDevices(ctx, user, 'INTERNAL', ok, 'page=1000&size=10&sort=id,asc');
    statements.stop();
    expect((atBound.json() as { id: number }[]).map((m) => m.id)).toEqual(okIds.slice(9990, 10000));
    expect(atBound.headers['x-total-count-estimated']).toBe('true');
    expect(Number(atBound.headers['x-total-count'])).toBeGreaterThan(EXACT_TOTAL_BOUND);
    expect(statements.sent.filter((text) => /count\(/i.test(text))).toEqual([]);
    // A short page past it ends the list: its total is exact. A page past the end is counted.
    const lastOk = await listDevices(ctx, user, 'INTERNAL', ok, 'page=1002&size=10&sort=id,asc');
    expect((lastOk.json() as { id: number }[]).map((m) => m.id)).toEqual(okIds.slice(10010));
    expect(lastOk.headers['x-total-count']).toBe(String(many - 7));
    expect(lastOk.headers['x-total-count-estimated']).toBeUndefined();
    const pastOk = await listDevices(ctx, user, 'INTERNAL', ok, 'page=1003&size=10&sort=id,asc');
    expect(pastOk.json()).toEqual([]);
    expect(pastOk.headers['x-total-count-estimated']).toBe('true');

    // A search counts to 1,000, a word as a one- or two-letter start; beyond, the total is estimated.
    const word = await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=10&q=Tokarka');
    expect(word.headers['x-total-count-estimated']).toBe('true');
    expect(Number(word.headers['x-total-count'])).toBeGreaterThan(SEARCH_TOTAL_BOUND);
    const start = await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=10&q=To');
    expect(start.headers['x-total-count-estimated']).toBe('true');
    expect(Number(start.headers['x-total-count'])).toBeGreaterThan(SEARCH_TOTAL_BOUND);
    expect(start.json()).toHaveLength(10);
    // A search matching fewer is counted exactly.
    const few = await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=10&q=Tokarka 12');
    expect(few.headers['x-total-count-estimated']).toBeUndefined();
    // "Tokarka 12", "Tokarka 120" … "Tokarka 129", "Tokarka 1200" … "Tokarka 1299".
    expect(few.headers['x-total-count']).toBe('111');
    // Its 150th page, past the bound, is read and answers its machines.
    const deep = await listDevices(ctx, user, 'INTERNAL', {}, 'page=150&size=10&q=To');
    expect(deep.json()).toHaveLength(10);
    expect(deep.headers['x-total-count-estimated']).toBe('true');
  });
});
