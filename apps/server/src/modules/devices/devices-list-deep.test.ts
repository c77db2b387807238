import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema } from '@serwis/domain';
import { createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { estimatedRows } from '../../lib/paging.js';
import { listDevices, pageIds, seedReferences } from './devices.fixtures.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';
import { countDevices, deviceMatches } from './devices.repository.js';

/** Deep pages of issue 11's lists: walks, bounded counts and estimated totals past 10,000 matches. */
let user: TestUser;

/**
 * Every test reads 12,000 machines, 95 % of them "Frezarka", door-to-door, in 31-100, handed over in
 * the first quarter of 2024; statistics fresh.
 */
const ctx = useSeededTestApp(async () => {
  const refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  await db().execute(
    sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, warranty,
                             street_address, zip_code, status, status_weight, transfer_date)
        SELECT 'INTERNAL', CASE WHEN g % 20 = 0 THEN 'Prasa' ELSE 'Frezarka ' || (g % 7) END,
               ${refs.tokarki}, ${refs.kowalski}, 'G-' || g,
               CASE WHEN g % 20 = 0 THEN 'pełna' ELSE 'door-to-door' END,
               'Polna ' || (g % 50), CASE WHEN g % 20 = 0 THEN '90-001' ELSE '31-100' END,
               (ARRAY['OK', 'FAULT', 'BROKEN'])[1 + g % 3], (ARRAY[4, 6, 7])[1 + g % 3],
               CASE WHEN g % 20 = 0 THEN DATE '2019-06-01' ELSE DATE '2024-01-01' + g % 90 END
        FROM generate_series(1, 12000) AS g`,
  );
  await db().execute(sql`ANALYZE devices`);
});

const db = () => ctx.database.db;

describe('text conditions past the exact bound (deep pages)', () => {
  it('reads a full deep page without a count, a short one with the exact total, the same rows as the plain query', async () => {
    for (const [criteria, query, body] of [
      [{ family: 'INTERNAL', q: 'frezarka' }, 'q=frezarka', {}],
      [{ family: 'INTERNAL', q: 'frezarka' }, 'q=frezarka&sort=name,desc', {}],
      [{ family: 'INTERNAL', filter: undefined }, 'sort=serialNumber,asc', { warranty: 'door' }],
    ] as const) {
      const filter = Object.keys(body).length ? deviceFilterSchema.parse(body) : undefined;
      const full: DeviceCriteria = { ...criteria, filter };
      const sort = new URLSearchParams(query).get('sort') ?? undefined;
      const matches = await countDevices(db(), deviceWhere(full));
      expect(matches).toBeGreaterThan(10_000);
      const plain = (offset: number) =>
        pageIds(db(), deviceWhere(full), deviceOrder(sort), { limit: 10, offset });

      // Page 1,000 of 10: full, past the bound: estimated total, no count.
      const deep = await listDevices(ctx, user, 'INTERNAL', body, `${query}&page=1000&size=10`);
      expect((deep.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(9990));
      expect(deep.headers['x-total-count-estimated']).toBe('true');
      expect(Number(deep.headers['x-total-count'])).toBeGreaterThan(10_000);

      // The last page, short: its rows and the exact total.
      const lastPage = Math.ceil(matches / 10);
      const last = await listDevices(ctx, user, 'INTERNAL', body, `${query}&page=${lastPage}&size=10`);
      expect((last.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain((lastPage - 1) * 10));
      if (matches % 10) {
        expect(last.headers['x-total-count']).toBe(String(matches));
        expect(last.headers['x-total-count-estimated']).toBeUndefined();
      }

      // Past the end: nothing, and the bounded count's total.
      const past = await listDevices(ctx, user, 'INTERNAL', body, `${query}&page=${lastPage + 1}&size=10`);
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count-estimated']).toBe('true');
    }
  });

  it('counts a broad search’s first pages on its walk: the plain query’s rows, more than 1,000', async () => {
    // A long term by the signature walk, a short one by the known-matches walk.
    for (const q of ['frezarka', 'fr']) {
      const criteria: DeviceCriteria = { family: 'INTERNAL', q };
      const plain = (offset: number) =>
        pageIds(db(), deviceWhere(criteria), deviceOrder(undefined), { limit: 10, offset });
      for (const page of [1, 2, 100]) {
        const response = await listDevices(ctx, user, 'INTERNAL', {}, `q=${q}&page=${page}&size=10`);
        expect((response.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain((page - 1) * 10));
        // Not the planner's figure: the 1,001 matches seen, "ponad 1 000".
        expect(response.headers['x-total-count-estimated']).toBe('true');
        expect(response.headers['x-total-count-lower-bound']).toBe('true');
        expect(response.headers['x-total-count']).toBe('1001');
      }
      // Past the bound a full page proves its own end and one more.
      const deeper = await listDevices(ctx, user, 'INTERNAL', {}, `q=${q}&page=150&size=10`);
      expect((deeper.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(1490));
      expect(deeper.headers['x-total-count-lower-bound']).toBe('true');
      expect(deeper.headers['x-total-count']).toBe('1501');
      expect(await countDevices(db(), deviceWhere(criteria))).toBeGreaterThan(1501);
    }
  });

  it('counts a text filter of many matches to 1,000 as a search, and a page past the end up to its offset', async () => {
    const whereOf = (body: object, q?: string) =>
      deviceWhere({ family: 'INTERNAL', filter: deviceFilterSchema.parse(body), q });
    const plain = (where: ReturnType<typeof whereOf>, offset: number) =>
      pageIds(db(), where, deviceOrder(undefined), { limit: 10, offset });

    // "Polna": every machine, more than 10,000: counted to 1,000, and "ponad 1 000" beyond.
    const many = { street: 'Polna' };
    expect(await countDevices(db(), whereOf(many))).toBeGreaterThan(10_000);
    const first = await listDevices(ctx, user, 'INTERNAL', many, 'page=1&size=10');
    expect((first.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(whereOf(many), 0));
    expect(first.headers['x-total-count-estimated']).toBe('true');
    expect(first.headers['x-total-count-lower-bound']).toBe('true');
    expect(first.headers['x-total-count']).toBe('1001');

    // "Polna 1" … "Polna 19": about 2,600 expected, so counted exactly, and the count's ids are the page.
    const some = { street: 'Polna 1' };
    const matches = await countDevices(db(), whereOf(some));
    expect(matches).toBeGreaterThan(1_000);
    expect(matches).toBeLessThan(10_000);
    const exact = await listDevices(ctx, user, 'INTERNAL', some, 'page=3&size=10');
    expect((exact.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(whereOf(some), 20));
    expect(exact.headers['x-total-count']).toBe(String(matches));
    expect(exact.headers['x-total-count-estimated']).toBeUndefined();

    // A search counts to 1,000; its 1,000th page lies past its end and is counted up to its offset.
    const frezarki = await countDevices(db(), whereOf({}, 'Frezarka 1'));
    expect(frezarki).toBeGreaterThan(1_000);
    expect(frezarki).toBeLessThan(9_990);
    const past = await listDevices(ctx, user, 'INTERNAL', {}, 'q=Frezarka%201&page=1000&size=10');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe(String(frezarki));
    expect(past.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('lets the pager past a counted bound when the estimate was low: a full page proves one more, a short one the exact total', async () => {
    // 1,053 machines put under repair since the statistics were taken: the planner expects next to
    // none, the search counts to its bound (1,000) and finds more, and then each page read says how
    // far the list goes at least.
    await db().execute(
      sql`UPDATE devices SET status = 'IN_REPAIR', status_weight = 5 WHERE id IN (SELECT id FROM devices ORDER BY id LIMIT 1053)`,
    );
    const body = { statuses: ['IN_REPAIR'] };
    const where = deviceWhere({ family: 'INTERNAL', filter: deviceFilterSchema.parse(body), q: 'Polna' });
    expect(await countDevices(db(), where)).toBe(1053);
    const plain = (offset: number) => pageIds(db(), where, deviceOrder(undefined), { limit: 10, offset });
    const page = (n: number) => listDevices(ctx, user, 'INTERNAL', body, `q=Polna&page=${n}&size=10`);

    const atBound = await page(101);
    expect((atBound.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(1000));
    // More than the page's end: the pager offers page 102, and from there the last one.
    expect(Number(atBound.headers['x-total-count'])).toBeGreaterThan(1010);
    expect(Number((await page(105)).headers['x-total-count'])).toBeGreaterThan(1050);

    const last = await page(106);
    expect((last.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(1050));
    expect(last.headers['x-total-count']).toBe('1053');
    expect(last.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('reads the page of a date filter expected to match many beside its count: the plain query’s rows', async () => {
    const quarter = { dateFrom: '2024-01-01', dateTo: '2024-03-31' };
    const where = deviceWhere({ family: 'INTERNAL', filter: deviceFilterSchema.parse(quarter) });
    const plain = (offset: number) => pageIds(db(), where, deviceOrder(undefined), { limit: 10, offset });
    expect(await countDevices(db(), where)).toBeGreaterThan(10_000);
    expect(await estimatedRows(db(), deviceMatches(where))).toBeGreaterThan(10_000);
    for (const page of [1, 3]) {
      const response = await listDevices(ctx, user, 'INTERNAL', quarter, `page=${page}&size=10`);
      expect((response.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain((page - 1) * 10));
      expect(response.headers['x-total-count-estimated']).toBe('true');
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(10_000);
    }

    // A third of them moved out of the quarter after the statistics were taken: the planner still
    // expects more than 10,000 (unless PostgreSQL's autovacuum analysed meanwhile), the count finds
    // fewer, and the total is exact beside the same page.
    await db().execute(sql`UPDATE devices SET transfer_date = DATE '2019-06-01' WHERE id % 3 = 0`);
    const fewer = await countDevices(db(), where);
    expect(fewer).toBeGreaterThan(5_000);
    expect(fewer).toBeLessThan(10_000);
    const response = await listDevices(ctx, user, 'INTERNAL', quarter, 'page=3&size=10');
    expect((response.json() as { id: number }[]).map((d) => d.id)).toEqual(await plain(20));
    expect(response.headers['x-total-count']).toBe(String(fewer));
    expect(response.headers['x-total-count-estimated']).toBeUndefined();
  });

  it('walks and sorts to the same page, with and without the trigram prefilter', async () => {
    for (const body of [{ warranty: 'door' }, { street: 'polna' }, { zipCode: '31-1' }]) {
      const criteria: DeviceCriteria = { family: 'INTERNAL', filter: deviceFilterSchema.parse(body) };
      const window = { limit: 10, offset: 9990 };
      const expected = await pageIds(db(), deviceWhere(criteria), deviceOrder('id,desc'), {
        limit: 20_000,
        offset: 0,
      });
      for (const options of [{ walk: true }, { estimate: true }]) {
        const where = deviceWhere(criteria, options);
        expect(await pageIds(db(), where, deviceOrder('id,desc'), window)).toEqual(
          expected.slice(9990, 10_000),
        );
      }
    }
  });
});
