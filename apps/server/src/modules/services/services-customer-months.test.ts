import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { customerMonthsPage, startOf } from './services.customer-months.js';
import {
  findServiceIds,
  lookUpListSearch,
  serviceListWhere,
  type ServiceListOptions,
} from './services.list.js';
import { rowsOf } from '../../lib/result-rows.js';

/** The events counted per customer and month (migration 0026) and the deep pages read by them. */

let ewa: TestUser;
let customerIds: { alfa: number; serwis: number; wiertex: number };

/**
 * 3,600 events over three years and both families: two customers named "Szymański" (one by its
 * short name, one by its full name) and one not; among the other customer's events a few match the
 * search otherwise: a description, a creator, a machine's name.
 */
const ctx = useSeededTestApp(async () => {
  ewa = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Nowak' });
  const jan = await createUserAndLogin(ctx, { admin: true, firstName: 'Jan', lastName: 'Szymański' });
  const category = await insertCategory(db());
  const alfa = await insertCustomer(db(), { shortName: 'Alfa', fullName: 'Alfa Szymański i syn' });
  const serwis = await insertCustomer(db(), { shortName: 'Szymański Serwis', fullName: 'Serwis Maszyn' });
  const wiertex = await insertCustomer(db(), { shortName: 'Wiertex', fullName: 'Wiertex sp. z o.o.' });
  customerIds = { alfa: alfa.id, serwis: serwis.id, wiertex: wiertex.id };
  const press = await insertDevice(db(), {
    customerId: wiertex.id,
    categoryId: category.id,
    name: 'Prasa Szymański PS-1',
  });
  await db().execute(sql`INSERT INTO services (date, year, month, number, number_extension, customer_id,
      user_created_id, fault_description, has_internal, has_external)
    SELECT make_date(2023 + (g / 61) % 3, 1 + (g / 5) % 12, 1 + g % 28), 2023 + (g / 61) % 3, 1 + (g / 5) % 12,
           CASE WHEN g % 7 = 0 THEN 0 ELSE g END, CASE WHEN g % 11 = 0 THEN 'A' ELSE '' END,
           (ARRAY[${alfa.id}, ${serwis.id}, ${wiertex.id}]::int[])[1 + g % 3],
           CASE WHEN g % 97 = 2 THEN ${jan.id}::int ELSE ${ewa.id}::int END,
           CASE WHEN g % 89 = 5 THEN 'Wezwanie od p. Szymańskiego' ELSE 'Wyciek oleju' END,
           g % 10 <> 0, g % 2 = 0
    FROM generate_series(1, 3600) AS g`);
  await db().execute(sql`INSERT INTO service_devices (service_id, device_id)
    SELECT id, ${press.id} FROM services WHERE id % 83 = 1`);
  await db().execute(sql`VACUUM ANALYZE services`);
});
const db = () => ctx.database.db;

/** Rows of the kept months against the events counted directly (months at 0 left out). */
async function keptAndCounted() {
  const kept = await db().execute(sql`SELECT customer_id, internal, year, month, events
    FROM service_customer_months WHERE events <> 0 ORDER BY 1, 2, 3, 4`);
  const counted = await db()
    .execute(sql`SELECT r.customer_id, k.internal, r.year, r.month, count(*)::int AS events
    FROM services r CROSS JOIN LATERAL (VALUES (true, r.has_internal), (false, r.has_external)) k(internal, member)
    WHERE k.member GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  return [rowsOf(kept), rowsOf(counted)];
}

describe('deep pages of a search naming customers', () => {
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: as(ewa) });
    expect(response.statusCode).toBe(200);
    return response;
  };

  async function matchCount(options: ServiceListOptions) {
    const where = (await serviceListWhere(db(), options))!;
    return (await findServiceIds(db(), options, where)).length;
  }

  it.each([
    ['INTERNAL', 'fullNumber,desc'],
    ['INTERNAL', 'fullNumber,asc'],
    ['EXTERNAL', 'number,desc'],
  ] as const)('%s, %s: the list’s own pages and its exact total', async (family, sort) => {
    const options: ServiceListOptions = { family, q: 'Szymański', sort };
    const matches = await matchCount(options);
    const size = family === 'INTERNAL' ? 15 : 4;
    expect(matches).toBeGreaterThan(1_000 + size);
    const where = (await serviceListWhere(db(), options))!;
    const found = await lookUpListSearch(db(), options);
    const path = family === 'INTERNAL' ? 'findAllOrderInternal' : 'findAllOrderExternal';
    const lastPage = Math.ceil(matches / size);
    for (const page of [Math.floor(1_000 / size) + 1, Math.floor(1_000 / size) + 7, lastPage, lastPage + 1]) {
      const window = { limit: size, offset: (page - 1) * size };
      const expected = await findServiceIds(db(), { ...options, ...window }, where);
      const byMonths = await customerMonthsPage(db(), options, window, found);
      expect(byMonths).toEqual({ ids: expected, total: { total: matches, estimated: false } });
      const response = await get(
        `/api/service/${path}?q=Szyma%C5%84ski&sort=${sort}&page=${page}&size=${size}`,
      );
      expect((response.json() as { id: number }[]).map((s) => s.id)).toEqual(expected);
      expect(response.headers['x-total-count']).toBe(String(matches));
      expect(response.headers['x-total-count-estimated']).toBeUndefined();
    }
  });

  it.each(['fullNumber,desc', 'date,desc', 'customer,asc'])(
    'adds the exact total up on the first page too, sorted by %s',
    async (sort) => {
      const options: ServiceListOptions = { family: 'INTERNAL', q: 'Szymański', sort };
      const matches = await matchCount(options);
      expect(matches).toBeGreaterThan(1_000);
      const where = (await serviceListWhere(db(), options))!;
      const response = await get(
        `/api/service/findAllOrderInternal?q=Szyma%C5%84ski&sort=${sort}&page=1&size=15`,
      );
      expect((response.json() as { id: number }[]).map((s) => s.id)).toEqual(
        await findServiceIds(db(), { ...options, limit: 15, offset: 0 }, where),
      );
      expect(response.headers['x-total-count']).toBe(String(matches));
      expect(response.headers['x-total-count-estimated']).toBeUndefined();
    },
  );

  it('takes the matches of other customers by id: a description, a creator, a machine', async () => {
    const options: ServiceListOptions = { family: 'INTERNAL', q: 'Szymański' };
    const found = (await lookUpListSearch(db(), options))!;
    expect(found.customers.sort()).toEqual([customerIds.alfa, customerIds.serwis].sort());
    expect(found.users).toHaveLength(1);
    const others = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM services s WHERE has_internal
        AND customer_id = ${customerIds.wiertex} AND (fault_description LIKE '%Szymańskiego%'
          OR user_created_id = ${found.users[0]!}
          OR id IN (SELECT service_id FROM service_devices))`),
    )[0]!.n;
    expect(others).toBeGreaterThan(10);
    const all = await matchCount(options);
    const ofCustomers = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM services
        WHERE has_internal AND customer_id IN (${customerIds.alfa}, ${customerIds.serwis})`),
    )[0]!.n;
    expect(all).toBe(ofCustomers + others);
    const page = await customerMonthsPage(db(), options, { limit: 15, offset: 1_200 }, found);
    expect(page!.total.total).toBe(all);
  });

  it('leaves a page to the walk or the sort: before the bound, or with many other matches', async () => {
    const options: ServiceListOptions = { family: 'INTERNAL', q: 'Szymański' };
    const found = await lookUpListSearch(db(), options);
    expect(await customerMonthsPage(db(), options, { limit: 15, offset: 900 }, found)).toBeUndefined();
    // Another list order, or a term that names no customer.
    const byDate = { ...options, sort: 'date,desc' };
    expect(await customerMonthsPage(db(), byDate, { limit: 15, offset: 1_500 }, found)).toBeUndefined();
    const oil = { family: 'INTERNAL', q: 'oleju' } as const;
    const oilFound = await lookUpListSearch(db(), oil);
    expect(await customerMonthsPage(db(), oil, { limit: 15, offset: 1_500 }, oilFound)).toBeUndefined();
    // More than 2,000 descriptions of other customers hold the name: not known by id.
    await db().execute(sql`UPDATE services SET fault_description = 'Dzwonił p. Szymański'
      WHERE customer_id = ${customerIds.wiertex}`);
    await db().execute(sql`INSERT INTO services (date, year, month, number, customer_id, user_created_id,
        fault_description, has_internal)
      SELECT make_date(2022, 1, 1), 2022, 1, 0, ${customerIds.wiertex}, ${ewa.id}, 'Dzwonił p. Szymański', true
      FROM generate_series(1, 2001)`);
    await db().execute(sql`ANALYZE services`);
    expect(await customerMonthsPage(db(), options, { limit: 15, offset: 1_500 }, found)).toBeUndefined();
  });
});

describe('the month a page starts in', () => {
  const months = [
    { year: 2025, month: 3, events: 4 },
    { year: 2025, month: 1, events: 0 },
    { year: 2024, month: 12, events: 6 },
  ];

  it('counts the matches of the months before it, and none past the end', () => {
    expect(startOf(months, 0)).toEqual({ year: 2025, month: 3, skip: 0 });
    expect(startOf(months, 3)).toEqual({ year: 2025, month: 3, skip: 3 });
    expect(startOf(months, 4)).toEqual({ year: 2024, month: 12, skip: 0 });
    expect(startOf(months, 9)).toEqual({ year: 2024, month: 12, skip: 5 });
    expect(startOf(months, 10)).toBeUndefined();
  });
});

// Last: it writes, and the next test would seed the events again (useSeededTestApp).
describe('the events counted per customer and month', () => {
  it('follow every insert, move, change of family and delete, and empty with the table', async () => {
    const [kept, counted] = await keptAndCounted();
    expect(kept.length).toBeGreaterThan(100);
    expect(kept).toEqual(counted);

    await db().execute(sql`UPDATE services SET customer_id = ${customerIds.wiertex} WHERE id % 5 = 0`);
    await db().execute(sql`UPDATE services SET year = 2022, month = 6 WHERE id % 7 = 1`);
    await db().execute(
      sql`UPDATE services SET has_internal = NOT has_internal, has_external = true WHERE id % 9 = 0`,
    );
    await db().execute(sql`UPDATE services SET fault_description = 'Brak zasilania' WHERE id % 4 = 0`);
    await db().execute(sql`DELETE FROM service_devices WHERE service_id % 11 = 0`);
    await db().execute(sql`DELETE FROM services WHERE id % 11 = 0`);
    const [keptAfter, countedAfter] = await keptAndCounted();
    expect(keptAfter).toEqual(countedAfter);
    expect(keptAfter).not.toEqual(kept);

    await db().execute(sql`TRUNCATE services CASCADE`);
    expect(rowsOf(await db().execute(sql`SELECT * FROM service_customer_months`))).toEqual([]);
  });
});
