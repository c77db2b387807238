import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema, type DeviceInsertInput } from '@serwis/domain';
import { createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import {
  addDevice,
  addManyDevices,
  deviceBody,
  listDevices,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import { FILTER_VALUES_CAP, matchingValues, withFilterValues } from './devices.filter-values.js';
import { countsOnOneIndex, type DeviceCriteria } from './devices.query.js';

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
    // The warranty is skipped by (length, warranty) pairs, each value once.
    await add({ warranty: 'pełna door-to-door', warrantyLength: 36 });
    await add({ warranty: 'pełna', warrantyLength: 12 });
    expect(await matchingValues(db(), 'INTERNAL', 'warranty', 'PEŁ')).toEqual([
      'pełna',
      'pełna door-to-door',
    ]);
  });

  it('gives up on a column with more distinct values than the cap, read or told by the statistics', async () => {
    await db().execute(
      sql`INSERT INTO devices (type, name, category_id, customer_id, city)
          SELECT 'INTERNAL', 'Prasa', ${refs.prasy}, ${refs.kowalski}, 'Miasto ' || g
          FROM generate_series(1, ${FILTER_VALUES_CAP + 1}) AS g`,
    );
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'miasto 7')).toBeUndefined();
    // The other family's few cities are read, until the statistics (of the whole table) say many.
    expect(await matchingValues(db(), 'EXTERNAL', 'city', 'kraków')).toEqual(['Kraków Zewnętrzny']);
    await db().execute(sql`ANALYZE devices`);
    expect(await matchingValues(db(), 'INTERNAL', 'city', 'miasto 7')).toBeUndefined();
    expect(await matchingValues(db(), 'EXTERNAL', 'city', 'kraków')).toBeUndefined();
    // The other columns still have few values.
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

  it('leaves every other list to the planner', () => {
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
