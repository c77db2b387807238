import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema, type DeviceInsertInput } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { rowsOf } from '../../lib/result-rows.js';
import {
  addDevice,
  addManyDevices,
  countPlan,
  deviceBody,
  listDevices,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import { FILTER_VALUES_CAP, matchingValues, withFilterValues } from './devices.filter-values.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { countsOnOneIndex } from './devices.filters.js';
import { deviceWhere } from './devices.where.js';

/** Text filters answered by the column's values (devices.filter-values.ts) and the one-index count. */
const ctx = useTestApp();
let refs: References;
let user: TestUser;

const add = (overrides: Partial<DeviceInsertInput>, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') =>
  addDevice(ctx, user, family, deviceBody(refs, overrides)).then((d) => d.id);
const db = () => ctx.database.db;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
});

describe('matchingValues', () => {
  beforeEach(async () => {
    const cities = ['Kraków', 'Kraków-Nowa Huta', 'Łódź', 'Krakowiany', 'Kraków'];
    const powers = ['7,5kW', '17,5kW', '400V', '', '7,5kW'];
    for (let i = 0; i < cities.length; i++) await add({ city: cities[i], sourcePower: powers[i] });
    await add({ city: 'Kraków Zewnętrzny', sourcePower: '7,5kW (zewn.)' }, 'EXTERNAL');
  });

  it("reads the family's distinct values that contain the term, as the filter's ILIKE", async () => {
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'kraków')).toEqual(['Kraków', 'Kraków-Nowa Huta']);
    expect(await matchingValues(db(), 'INTERNAL', 'sourcePower', '7,5')).toEqual(['17,5kW', '7,5kW']);
    expect(await matchingValues(db(), 'EXTERNAL', 'city', 'KRAK')).toEqual(['Kraków Zewnętrzny']);
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'Gdańsk')).toEqual([]);
    // LIKE's wildcards in the term are plain characters, as in the filter.
    expect(await matchingValues(db(), 'INTERNAL', 'sourcePower', '%')).toEqual([]);
    expect(await matchingValues(db(), 'INTERNAL', 'street', 'fabryczna')).toEqual(['Fabryczna 5']);
    // Each value once, whatever else the machines holding it differ in.
    await add({ warranty: 'pełna door-to-door', warrantyLength: 36 });
    await add({ warranty: 'pełna', warrantyLength: 12 });
    expect(await matchingValues(db(), 'INTERNAL', 'warranty', 'PEŁ')).toEqual([
      'pełna',
      'pełna door-to-door',
    ]);
  });

  it('reads the matching values among many, and gives up past the cap of matching ones', async () => {
    await db().execute(
      sql`INSERT INTO devices (type, name, category_id, customer_id, city)
          SELECT 'INTERNAL', 'Prasa', ${refs.prasy}, ${refs.kowalski}, 'Miasto ' || g
          FROM generate_series(1, ${FILTER_VALUES_CAP + 1}) AS g`,
    );
    // 1,001 cities hold "miasto": more than the cap.
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'miasto')).toBeUndefined();
    // "Miasto 7", "Miasto 70"…"79", "Miasto 700"…"799": 111 of them.
    const seventh = await matchingValues(db(), 'INTERNAL', 'city', 'MIASTO 7');
    expect(seventh).toHaveLength(111);
    expect(new Set(seventh)).toEqual(
      new Set(
        [
          7,
          ...Array.from({ length: 10 }, (_, i) => 70 + i),
          ...Array.from({ length: 100 }, (_, i) => 700 + i),
        ].map((n) => `Miasto ${n}`),
      ),
    );
    expect(await matchingValues(db(), 'EXTERNAL', 'city', 'kraków')).toEqual(['Kraków Zewnętrzny']);
    expect(await matchingValues(db(), 'INTERNAL', 'sourcePower', '400')).toEqual(['400V']);
  });

  it("reads a lone text filter's values, and the customers and categories the filters name", async () => {
    const resolve = (filter: Record<string, unknown>, family?: 'INTERNAL') =>
      withFilterValues(db(), { family, filter: deviceFilterSchema.parse(filter) }).then((c) => c.values);
    expect(await resolve({ city: 'kraków', sourcePower: '' }, 'INTERNAL')).toEqual({
      city: ['Kraków', 'Kraków-Nowa Huta'],
    });
    // Beside another condition, or for both families, the filter keeps its ILIKE.
    expect(await resolve({ city: 'kraków', warranty: 'pełna' }, 'INTERNAL')).toBeUndefined();
    expect(await resolve({ city: 'kraków' })).toBeUndefined();
    expect(
      await resolve({ city: 'kraków', customer: 'kowal', categories: [' TOKARKI ', 'Brak'] }, 'INTERNAL'),
    ).toEqual({
      customers: [refs.kowalski],
      categories: [refs.tokarki],
    });
    expect(await resolve({ customer: 'nikt taki' }, 'INTERNAL')).toEqual({ customers: [] });
  });
});

describe('the list answered by the values', () => {
  beforeEach(async () => {
    await addManyDevices(db(), refs);
  });

  /** The paged answer (values, one-index count) against the unpaged one (the filter's own ILIKE). */
  async function agrees(filter: Record<string, unknown>, expectedCount?: number) {
    const unpaged = await listDevices(ctx, user, 'INTERNAL', filter);
    const all = (unpaged.json() as { id: number }[]).map((d) => d.id);
    // Pages of 500 (the largest size), each with the exact total.
    const paged: number[] = [];
    for (let page = 1; page === 1 || paged.length < all.length; page++) {
      const response = await listDevices(ctx, user, 'INTERNAL', filter, `page=${page}&size=500`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(all.length));
      expect(response.headers['x-total-count-estimated']).toBeUndefined();
      paged.push(...(response.json() as { id: number }[]).map((d) => d.id));
    }
    expect(paged).toEqual(all);
    if (expectedCount !== undefined) expect(all).toHaveLength(expectedCount);
    const deep = await listDevices(ctx, user, 'INTERNAL', filter, `page=3&size=7&sort=name,desc`);
    const sortedByName = await listDevices(ctx, user, 'INTERNAL', filter, `sort=name,desc`);
    const expectedDeep = (sortedByName.json() as { id: number }[]).slice(14, 21).map((d) => d.id);
    expect((deep.json() as { id: number }[]).map((d) => d.id)).toEqual(expectedDeep);
  }

  it('finds the same machines, in the same order, with exact totals', async () => {
    // 3,000 machines, eight in nine own: a quarter in each of four cities.
    await agrees({ city: 'kraków' }, 667);
    await agrees({ city: 'ŻYW' });
    await agrees({ street: 'hutnicza 1' });
    await agrees({ zipCode: '31-1' });
    await agrees({ warranty: 'door' });
    await agrees({ city: 'kraków', street: 'polna' });
    await agrees({ city: 'Gdańsk', statuses: ['OK'] });
    await agrees({ customer: 'kowal', city: 'łódź' });
    await agrees({ customer: 'nikt taki' }, 0);
    await agrees({ categories: ['prasy', 'tokarki'], street: 'polna' });
    await agrees({ provinces: ['małopolskie'] });
    await agrees({ city: 'nie ma takiego' }, 0);
  });

  it('counts through one index the provinces, the dates and a text filter of few values', async () => {
    await db().execute(
      sql`UPDATE devices SET province = (ARRAY['śląskie', 'opolskie', 'łódzkie'])[1 + id % 3],
            transfer_date = DATE '2024-01-01' + (id % 400)`,
    );
    await agrees({ provinces: ['śląskie', 'opolskie'] });
    await agrees({ dateFrom: '2024-02-01', dateTo: '2024-05-31' });
    await agrees({ dateFrom: '2024-12-01' });
    await agrees({ provinces: ['łódzkie'], dateTo: '2024-03-01' });
    // An owner with a city or provinces: on the owner's name index, the city's ILIKE on the entry.
    await agrees({ categories: ['tokarki'], city: 'KRAKÓW' });
    await agrees({ categories: ['prasy', 'tokarki'], city: 'ów', provinces: ['śląskie', 'łódzkie'] });
    await agrees({ customer: 'kowal', provinces: ['opolskie'] });
    await agrees({ customer: 'kowal', city: 'nie ma takiego' }, 0);
  });

  it("counts an owner's machines in a city or provinces on the owner's name index alone", async () => {
    const plan = async (filter: Record<string, unknown>) => {
      const criteria = await withFilterValues(db(), {
        family: 'INTERNAL',
        filter: deviceFilterSchema.parse(filter),
      });
      expect(countsOnOneIndex(criteria)).toBe(true);
      return countPlan(db(), deviceWhere(criteria), { onOneIndex: true });
    };
    // As at 1,000,000 machines: an owner with far fewer machines than the city ("Tokarki" 4,722,
    // "Kraków" 35,000). The settings turn every kind of plan off, index-only scans too
    // (`enable_indexscan`), so the cheapest is taken: the owner's entries, when they carry the rest.
    await db().execute(
      sql`UPDATE devices SET province = (ARRAY['śląskie', 'opolskie', 'łódzkie'])[1 + id % 3],
            category_id = CASE WHEN id % 50 = 0 THEN ${refs.tokarki}::int ELSE ${refs.prasy}::int END,
            customer_id = CASE WHEN id % 50 = 1 THEN ${refs.kowalski}::int ELSE ${refs.zaklad}::int END`,
    );
    await db().execute(sql`VACUUM ANALYZE devices`);
    const byCategory = await plan({ categories: ['tokarki'], city: 'kraków', provinces: ['śląskie'] });
    expect(byCategory).toMatch(/Index Only Scan using devices_category_name_idx on devices/);
    expect(byCategory).toMatch(/city\)::text ~~\* '%kraków%'/);
    expect(byCategory).not.toMatch(/Seq Scan|Bitmap|trgm/);
    const byCustomer = await plan({ customer: 'kowal', city: 'łódź' });
    expect(byCustomer).toMatch(/Index Only Scan using devices_customer_name_idx on devices/);
    expect(byCustomer).not.toMatch(/Seq Scan|Bitmap|trgm/);
  });
});

describe('countsOnOneIndex', () => {
  const criteria = (filter: Record<string, unknown>, rest: Partial<DeviceCriteria> = {}): DeviceCriteria => ({
    family: 'INTERNAL',
    filter: deviceFilterSchema.parse(filter),
    ...rest,
  });

  it('takes a lone province list, a date range, or a text filter read as its values', () => {
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'] }))).toBe(true);
    expect(countsOnOneIndex(criteria({ dateFrom: '2024-01-01', dateTo: '2024-03-31' }))).toBe(true);
    expect(countsOnOneIndex(criteria({ dateTo: '2024-03-31' }))).toBe(true);
    expect(countsOnOneIndex(criteria({ city: 'kraków' }, { values: { city: ['Kraków'] } }))).toBe(true);
  });

  it('takes customers or categories read by id, alone or with a city or provinces', () => {
    const categories = { values: { categories: [1, 2] } };
    expect(countsOnOneIndex(criteria({ categories: ['tokarki'] }, categories))).toBe(true);
    expect(countsOnOneIndex(criteria({ categories: ['tokarki'], city: 'kraków' }, categories))).toBe(true);
    expect(
      countsOnOneIndex(
        criteria({ categories: ['tokarki'], city: 'kraków', provinces: ['śląskie'] }, categories),
      ),
    ).toBe(true);
    const customers = { values: { customers: [3] } };
    expect(countsOnOneIndex(criteria({ customer: 'kowal', provinces: ['śląskie'] }, customers))).toBe(true);
  });

  it('leaves every other list to the planner', () => {
    // Owners not read by id, two owners, or a filter their index does not carry.
    expect(countsOnOneIndex(criteria({ categories: ['tokarki'], city: 'kraków' }))).toBe(false);
    expect(
      countsOnOneIndex(
        criteria(
          { customer: 'kowal', categories: ['tokarki'], city: 'kraków' },
          { values: { customers: [3], categories: [1] } },
        ),
      ),
    ).toBe(false);
    expect(
      countsOnOneIndex(
        criteria({ categories: ['tokarki'], street: 'polna' }, { values: { categories: [1] } }),
      ),
    ).toBe(false);
    expect(
      countsOnOneIndex(
        criteria(
          { categories: ['tokarki'], city: 'kraków', statuses: ['OK'] },
          { values: { categories: [1] } },
        ),
      ),
    ).toBe(false);
    expect(countsOnOneIndex(criteria({ city: 'kraków' }))).toBe(false);
    expect(countsOnOneIndex(criteria({ warranty: 'door' }))).toBe(false);
    expect(countsOnOneIndex(criteria({ warranty: 'door' }, { values: { warranty: ['door-to-door'] } }))).toBe(
      true,
    );
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'], dateTo: '2024-03-31' }))).toBe(false);
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'], statuses: ['OK'] }))).toBe(false);
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'] }, { q: 'tok' }))).toBe(false);
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'] }, { owner: { customerId: 1 } }))).toBe(false);
    expect(countsOnOneIndex(criteria({ provinces: ['śląskie'] }, { family: undefined }))).toBe(false);
    expect(countsOnOneIndex(criteria({}))).toBe(false);
    expect(
      countsOnOneIndex(criteria({ city: 'kraków', street: 'polna' }, { values: { city: ['Kraków'] } })),
    ).toBe(false);
  });
});

describe('device_values', () => {
  /** The kept values with machines, and the same counted from the machines. */
  async function keptAndCounted() {
    const rows = async (query: ReturnType<typeof sql>) =>
      rowsOf<Record<string, unknown>>(await db().execute(query)).map((r) =>
        JSON.stringify([r.type, r.field, r.value, Number(r.machines)]),
      );
    const kept = await rows(sql`SELECT type, field, value, machines FROM device_values
      WHERE machines > 0 ORDER BY type, field, value COLLATE "C"`);
    const counted = await rows(sql`SELECT r.type, f.field, f.value, count(*) AS machines
      FROM devices r CROSS JOIN LATERAL (VALUES ('city', r.city::text), ('street_address', r.street_address::text),
        ('zip_code', r.zip_code::text), ('source_power', r.source_power::text), ('warranty', r.warranty::text))
        AS f(field, value)
      WHERE f.value <> '' GROUP BY 1, 2, 3 ORDER BY 1, 2, f.value COLLATE "C"`);
    return { kept, counted };
  }

  it('follows every insert, change, move between families and delete of the machines', async () => {
    await addManyDevices(db(), refs);
    const first = await keptAndCounted();
    expect(first.kept.length).toBeGreaterThan(40);
    expect(first.kept).toEqual(first.counted);

    const own = await add({ city: 'Zakopane', streetAddress: 'Krupówki 1', zipCode: '34-500' });
    await add({ city: 'Zakopane', sourcePower: '15kW' }, 'EXTERNAL');
    // An edit through the API, a statement over many machines, a change of family, a status alone.
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: '/api/device/update',
      headers: as(user),
      payload: { ...deviceBody(refs, { city: 'Nowy Targ', streetAddress: 'Krupówki 1' }), id: own },
    });
    expect(edited.statusCode).toBe(200);
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'zakopane')).toEqual([]);
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'nowy targ')).toEqual(['Nowy Targ']);
    expect(await matchingValues(db(), 'EXTERNAL', 'city', 'zakopane')).toEqual(['Zakopane']);
    expect(await matchingValues(db(), 'INTERNAL', 'street', 'krupówki')).toEqual(['Krupówki 1']);
    await db().execute(sql`UPDATE devices SET city = 'Kraków-Podgórze' WHERE city = 'Kraków' AND id % 5 = 0`);
    await db().execute(sql`UPDATE devices SET type = 'EXTERNAL' WHERE id % 50 = 1 AND type = 'INTERNAL'`);
    await db().execute(sql`UPDATE devices SET status = 'OK', status_weight = 4 WHERE id % 3 = 0`);
    await db().execute(sql`DELETE FROM devices WHERE id % 7 = 0`);
    const after = await keptAndCounted();
    expect(after.kept).toEqual(after.counted);
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'podgórze')).toEqual(['Kraków-Podgórze']);

    await db().execute(sql`TRUNCATE devices CASCADE`);
    const none = await keptAndCounted();
    expect(none).toEqual({ kept: [], counted: [] });
  });
});
