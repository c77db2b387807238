import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema, type MachineType } from '@serwis/domain';
import { createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { addManyDevices, listDevices, pageIds, seedReferences, type References } from './devices.fixtures.js';
import { withFilterValues } from './devices.filter-values.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';
import { knownMatchesSearch, knownMatchesWhere } from './devices.known-matches.js';
import { knownSearchWalk, knownSearchWalkOf, valueWalkOf, valueWalkPage } from './devices.value-walk.js';

/** A lone city, power or warranty filter's page, each value's machines taken in list order. */
let refs: References;
let user: TestUser;
/**
 * Each test reads the register of 3,000 (four cities, three warranties), with three power ratings
 * and provinces, and four machines of both families whose own text holds "Kowalski".
 */
const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  await addManyDevices(db(), refs);
  await db().execute(
    sql`UPDATE devices SET source_power = (ARRAY['7,5kW', '11kW', '7,5 kW'])[1 + id % 3],
          province = (ARRAY['małopolskie', 'łódzkie', 'śląskie'])[1 + id % 3]`,
  );
  // Machines whose own text holds "Kowalski", in both families, one of them Kowalski’s own (found by
  // the searches below in two branches, taken once).
  for (const family of ['INTERNAL', 'EXTERNAL'] as const) {
    for (const [name, customer] of [
      ['Tokarka Kowalskiego', refs.zaklad],
      ['KOWALSKI-2', refs.kowalski],
    ] as const) {
      await db().execute(
        sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, status, status_weight)
            VALUES (${family}, ${name}, ${refs.tokarki}, ${customer}, ${'K-' + name}, 'OK', 4)`,
      );
    }
  }
  await db().execute(sql`ANALYZE devices`);
});
const db = () => ctx.database.db;

const criteriaOf = (body: Record<string, unknown>, family: MachineType = 'INTERNAL', q?: string) =>
  withFilterValues(db(), { family, filter: deviceFilterSchema.parse(body), q });

describe('the value walk', () => {
  const cases: [string, Record<string, unknown>, MachineType, string | undefined][] = [
    ['one city, the default order', { city: 'kraków' }, 'INTERNAL', undefined],
    ['two cities ("ó": Kraków, Łódź), by status descending', { city: 'ó' }, 'INTERNAL', 'status,desc'],
    ['a warranty, by weight', { warranty: 'door' }, 'INTERNAL', 'statusWeight,asc'],
    ['two power ratings, by weight descending', { sourcePower: '7,5' }, 'INTERNAL', 'statusWeight,desc'],
    ['a city of the third-party machines', { city: 'gdańsk' }, 'EXTERNAL', undefined],
    ['a customer ("kowal"), by status', { customer: 'kowal' }, 'INTERNAL', 'status,asc'],
    ['two customers (both names hold "a")', { customer: 'a' }, 'INTERNAL', 'statusWeight,desc'],
    ['a category', { categories: ['Prasy'] }, 'INTERNAL', undefined],
    ['two provinces', { provinces: ['małopolskie', 'łódzkie'] }, 'INTERNAL', 'status,desc'],
    // Past the 1,000th machine: few values are merged, forty ("Polna 0" … "Polna 39") sorted as one array.
    ['forty streets, by weight descending', { street: 'polna' }, 'INTERNAL', 'statusWeight,desc'],
    [
      'two categories of the third-party machines',
      { categories: ['prasy', 'TOKARKI'] },
      'EXTERNAL',
      'status,desc',
    ],
  ];

  it.each(cases)('pages like the list’s own query: %s', async (_, body, family, sort) => {
    const criteria = await criteriaOf(body, family);
    const walk = valueWalkOf(criteria, sort);
    expect(walk).toBeDefined();
    const total = (await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), { limit: 5000, offset: 0 }))
      .length;
    expect(total).toBeGreaterThan(40);
    for (const offset of [0, 10, total - 25, total - 3, total, total + 50]) {
      const window = { limit: 10, offset };
      const walked = (await valueWalkPage(db(), walk!, window)).map((row) => row.id);
      expect(walked).toEqual(await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), window));
    }
  });

  it('takes only a lone filter answered by its values, in the weight’s order', async () => {
    const kraków = await criteriaOf({ city: 'kraków' });
    expect(valueWalkOf(kraków, undefined)).toEqual({
      family: 'INTERNAL',
      sources: [{ field: 'city', values: ['Kraków'] }],
      descending: false,
    });
    expect(valueWalkOf(kraków, 'status,desc')?.descending).toBe(true);
    // Another order has no index of the value and the weight.
    expect(valueWalkOf(kraków, 'name,asc')).toBeUndefined();
    expect(valueWalkOf(kraków, 'city,asc')).toBeUndefined();
    // Another condition beside the filter, or a search, is the list's own query.
    expect(valueWalkOf(await criteriaOf({ city: 'kraków', statuses: ['OK'] }), undefined)).toBeUndefined();
    expect(valueWalkOf(await criteriaOf({ city: 'kraków' }, 'INTERNAL', 'frez'), undefined)).toBeUndefined();
    // Street and zip code too, by their kept values; a city that matches nothing is counted.
    expect(valueWalkOf(await criteriaOf({ street: 'Polna' }), undefined)?.sources).toEqual([
      { field: 'street', values: expect.arrayContaining(['Polna 1', 'Polna 39']) },
    ]);
    expect(valueWalkOf(await criteriaOf({ zipCode: '31-1' }), undefined)?.sources).toEqual([
      { field: 'zipCode', values: ['31-100'] },
    ]);
    expect(valueWalkOf(await criteriaOf({ city: 'Warszawa' }), undefined)).toBeUndefined();
    // Customers and categories by id; none found is counted, not walked.
    expect(valueWalkOf(await criteriaOf({ customer: 'kowal' }), undefined)?.sources).toEqual([
      { field: 'customer', values: [refs.kowalski] },
    ]);
    const categories = valueWalkOf(await criteriaOf({ categories: ['Prasy', 'Tokarki'] }), 'status,desc');
    expect(categories?.descending).toBe(true);
    expect(categories?.sources).toEqual([
      { field: 'categories', values: expect.arrayContaining([refs.prasy, refs.tokarki]) },
    ]);
    expect(valueWalkOf(await criteriaOf({ customer: 'nikt taki' }), undefined)).toBeUndefined();
    expect(valueWalkOf(await criteriaOf({ customer: 'kowal', city: 'kraków' }), undefined)).toBeUndefined();
    // Values not read (a list of both families), nothing to walk by.
    const unread: DeviceCriteria = {
      family: 'INTERNAL',
      filter: deviceFilterSchema.parse({ city: 'kraków' }),
    };
    expect(valueWalkOf(unread, undefined)).toBeUndefined();
  });

  const searches: [string, string, MachineType, string | undefined, string[]][] = [
    ['a customer’s name', 'zph', 'INTERNAL', undefined, ['customer']],
    ['a status label, descending', 'awaria', 'INTERNAL', 'status,desc', ['statusWeight']],
    ['a category’s name and the machines’ own texts', 'pras', 'INTERNAL', undefined, ['id', 'categories']],
    [
      'a customer’s name and own texts, third-party',
      'kowal',
      'EXTERNAL',
      'statusWeight,desc',
      ['id', 'customer'],
    ],
    ['one letter: a status label, no name starts with it', 'a', 'INTERNAL', 'status,asc', ['statusWeight']],
    [
      'two letters: names and a category starting with them',
      'to',
      'INTERNAL',
      'status,desc',
      ['id', 'categories'],
    ],
  ];

  it.each(searches)(
    'walks a search known by id like the list’s own query: %s',
    async (_, q, family, sort, fields) => {
      const criteria: DeviceCriteria = { family, q };
      const search = knownMatchesSearch(criteria, sort)!;
      const known = await knownMatchesWhere(db(), criteria, search);
      const walk = knownSearchWalk(criteria, sort, known!.branches!);
      expect(walk?.sources.map((source) => source.field)).toEqual(fields);
      const total = (
        await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), { limit: 5000, offset: 0 })
      ).length;
      expect(total).toBeGreaterThan(20);
      for (const offset of [0, 10, total - 15, total - 2, total + 10]) {
        const window = { limit: 10, offset };
        const walked = (await valueWalkPage(db(), walk!, window)).map((row) => row.id);
        expect(walked).toEqual(await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), window));
      }
    },
  );

  it('walks a search by its branches only with no other condition, in the weight’s order', async () => {
    const branches = { texts: [], owners: { customers: [refs.kowalski], categories: [] }, weights: [] };
    expect(knownSearchWalk({ family: 'INTERNAL', q: 'kowal' }, undefined, branches)).toBeDefined();
    expect(knownSearchWalk({ family: 'INTERNAL', q: 'kowal' }, 'name,asc', branches)).toBeUndefined();
    const statuses = deviceFilterSchema.parse({ statuses: ['OK'] });
    expect(
      knownSearchWalk({ family: 'INTERNAL', q: 'kowal', filter: statuses }, undefined, branches),
    ).toBeUndefined();
    const city = deviceFilterSchema.parse({ city: 'kraków' });
    expect(
      knownSearchWalk({ family: 'INTERNAL', q: 'kowal', filter: city }, undefined, branches),
    ).toBeUndefined();
    expect(
      knownSearchWalk(
        { family: 'INTERNAL', q: 'kowal', owner: { categoryId: refs.prasy } },
        undefined,
        branches,
      ),
    ).toBeUndefined();
    // A short term, looked up here when clearly more matches are expected than the list counts: "a" starts
    // no machine's name or serial number, and the status "Awaria" (weight 7).
    const many = { estimate: async () => 2501, countedUpTo: 1000 };
    const walkOf = (sort: string, expected = many) =>
      knownSearchWalkOf(db(), { family: 'INTERNAL', q: 'a' }, sort, expected);
    expect(await walkOf('status,asc')).toEqual({
      family: 'INTERNAL',
      sources: [{ field: 'statusWeight', values: [7] }],
      descending: false,
    });
    expect(await walkOf('name,asc')).toBeUndefined();
    // The planner's estimate of the starts is two and a half times too high.
    expect(await walkOf('status,asc', { ...many, estimate: async () => 2500 })).toBeUndefined();
    // Nothing known matches: no walk (the list counts none).
    const none = { texts: [], owners: { customers: [], categories: [] }, weights: [] };
    expect(knownSearchWalk({ family: 'INTERNAL', q: 'xyz' }, undefined, none)).toBeUndefined();
  });

  it('answers counted pages of customers, categories and a city through the API, exact totals', async () => {
    for (const [body, sort] of [
      [{ customer: 'kowal' }, undefined],
      [{ categories: ['Prasy'] }, 'status,desc'],
      [{ city: 'żyw' }, undefined],
    ] as const) {
      const criteria = await criteriaOf(body);
      expect(valueWalkOf(criteria, sort)).toBeDefined();
      const all = await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), { limit: 5000, offset: 0 });
      for (const page of [1, 7]) {
        const query = `page=${page}&size=10${sort ? `&sort=${sort}` : ''}`;
        const response = await listDevices(ctx, user, 'INTERNAL', body, query);
        expect((response.json() as { id: number }[]).map((d) => d.id)).toEqual(
          all.slice((page - 1) * 10, page * 10),
        );
        expect(response.headers['x-total-count']).toBe(String(all.length));
      }
    }
  });

  it('answers the 1,000th page of a warranty and a customer of 12,000 machines through the API', async () => {
    await db().execute(
      sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, warranty, city,
                               status, status_weight)
          SELECT 'INTERNAL', 'Frezarka ' || (g % 7), ${refs.tokarki}, ${refs.kowalski}, 'G-' || g,
                 CASE WHEN g % 20 = 0 THEN 'pełna' ELSE 'door-to-door' END, 'Kraków',
                 (ARRAY['OK', 'FAULT', 'BROKEN'])[1 + g % 3], (ARRAY[4, 6, 7])[1 + g % 3]
          FROM generate_series(1, 12000) AS g`,
    );
    await db().execute(sql`ANALYZE devices`);
    for (const [body, q, sort] of [
      [{ warranty: 'door' }, undefined, undefined],
      [{ warranty: 'door' }, undefined, 'status,desc'],
      [{}, 'kowalski', undefined],
    ] as const) {
      const criteria = await criteriaOf(body, 'INTERNAL', q);
      if (q) {
        const known = await knownMatchesWhere(db(), criteria, knownMatchesSearch(criteria, sort)!);
        expect(knownSearchWalk(criteria, sort, known!.branches!)).toBeDefined();
      } else expect(valueWalkOf(criteria, sort)).toBeDefined();
      const query = `page=1000&size=10${sort ? `&sort=${sort}` : ''}${q ? `&q=${q}` : ''}`;
      const deep = await listDevices(ctx, user, 'INTERNAL', body, query);
      expect(deep.statusCode).toBe(200);
      const expected = await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), {
        limit: 10,
        offset: 9990,
      });
      expect(expected).toHaveLength(10);
      expect((deep.json() as { id: number }[]).map((d) => d.id)).toEqual(expected);
      expect(deep.headers['x-total-count-estimated']).toBe('true');
    }
  });
});
