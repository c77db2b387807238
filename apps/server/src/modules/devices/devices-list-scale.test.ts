import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import {
  deviceFilterSchema,
  machineSortFields,
  type Category,
  type Customer,
  type Device,
  type DeviceInsertInput,
} from '@serwis/domain';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { rowsOf } from '../../lib/result-rows.js';
import { boundedTotal, estimatedRows } from '../../lib/paging.js';
import { updateCategory } from '../categories/categories.repository.js';
import { updateCustomer } from '../customers/customers.repository.js';
import {
  addDevice,
  deviceBody,
  listDevices,
  listIds,
  pageIds,
  pagePlan,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder, indexedPageWhere, ownerIndexHoldsOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';
import { deleteDevice, deviceMatches, updateDevice } from './devices.repository.js';

/** The list paths of issue 11 (index walks, sorted matches, walks past the filters) agree. */
let refs: References;
let user: TestUser;
let machines: number[];

const add = (overrides: Partial<DeviceInsertInput>, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') =>
  addDevice(ctx, user, family, deviceBody(refs, overrides)).then((d) => d.id);

const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  // Many ties on every key, so the id tie-breaker decides the order.
  const names = ['Tokarka', 'tokarka', 'Frezarka', 'Prasa', 'Anodyzer'];
  const statuses = ['OK', 'FAULT', 'OK', 'DANGER', 'PRODUCTION', 'BROKEN'] as const;
  const categories = [refs.tokarki, refs.frezarki, refs.prasy];
  const customers = [refs.kowalski, refs.zaklad];
  machines = [];
  for (let i = 0; i < 18; i++) {
    machines.push(
      await add({
        name: names[i % names.length],
        status: statuses[i % statuses.length],
        category: { id: categories[i % categories.length] },
        customer: { id: customers[i % customers.length] },
        serialNumber: i % 4 === 0 ? '' : `SN-${i % 7}`,
        sourcePower: ['400V', '230V', ''][i % 3],
        transferDate: i % 5 === 0 ? '' : `2024-0${1 + (i % 3)}-1${i % 2}`,
        warrantyLength: [0, 12, 36][i % 3],
        warranty: ['', 'pełna', 'door-to-door'][i % 3],
        streetAddress: ['Polna 1', 'Długa 2'][i % 2],
        zipCode: ['31-100', '90-001', '00-950'][i % 3],
        city: ['Kraków', 'Łódź'][i % 2],
        province: ['małopolskie', 'łódzkie', 'śląskie'][i % 3],
      }),
    );
  }
  await add({ name: 'Tokarka zewnętrzna' }, 'EXTERNAL');
});

const db = () => ctx.database.db;

/** The page through each path the route may take. */
async function pagesAgree(criteria: DeviceCriteria, sort: string) {
  const plain = deviceWhere(criteria);
  const walked = deviceWhere(criteria, { walk: true });
  const all = await pageIds(db(), plain, deviceOrder(sort), { limit: 100, offset: 0 });
  for (const offset of [0, 3, 9]) {
    const window = { limit: 4, offset };
    const expected = all.slice(offset, offset + 4);
    expect(await pageIds(db(), plain, deviceOrder(sort), window)).toEqual(expected);
    expect(await pageIds(db(), plain, deviceOrder(sort, { fewRows: true }), window)).toEqual(expected);
    expect(await pageIds(db(), walked, deviceOrder(sort), window)).toEqual(expected);
  }
  return all;
}

describe('every sort, both directions', () => {
  const sorts = machineSortFields.flatMap((field) => [`${field},asc`, `${field},desc`]);

  it.each(sorts)('%s: the same rows in the same order on every path', async (sort) => {
    const all = await pagesAgree({ family: 'INTERNAL' }, sort);
    expect([...all].sort((a, b) => a - b)).toEqual(machines);
    await pagesAgree({ family: 'INTERNAL', filter: undefined, q: 'tok' }, sort);
    await pagesAgree({ owner: { categoryId: refs.tokarki } }, sort);
  });

  it('orders by customer and category exactly as a join on their names did, ties by id', async () => {
    for (const [sort, key] of [
      ['customer', sql`c.short_name`],
      ['category', sql`k.name`],
    ] as const) {
      for (const dir of ['asc', 'desc'] as const) {
        const direction = sql.raw(dir.toUpperCase());
        const joined = await db().execute(
          sql`SELECT d.id FROM devices d JOIN customers c ON c.id = d.customer_id
              JOIN categories k ON k.id = d.category_id WHERE d.type = 'INTERNAL'
              ORDER BY ${key} ${direction}, d.id ${direction}`,
        );
        const expected = rowsOf<{ id: number }>(joined).map((r) => r.id);
        expect(await listIds(ctx, user, 'INTERNAL', {}, `sort=${sort},${dir}&page=1&size=100`)).toEqual(
          expected,
        );
      }
    }
  });
});

describe("an owner's machines in its index's order", () => {
  const owners = () =>
    [
      ['findByCategory', { categoryId: refs.tokarki }, 'devices_category_name_idx', 'devices_category_idx'],
      ['findByCustomer', { customerId: refs.zaklad }, 'devices_customer_name_idx', 'devices_customer_idx'],
    ] as const;

  /** The page query's plan as the route builds it. */
  const planOf = (criteria: DeviceCriteria, sort: string | undefined) =>
    pagePlan(
      db(),
      indexedPageWhere(criteria, sort),
      deviceOrder(sort, { fewRows: !ownerIndexHoldsOrder(criteria, sort) }),
      {
        limit: 4,
        offset: 3,
      },
    );

  it('walks the owner’s name or status-weight index, without sorting its machines', async () => {
    for (const [, owner, byName, byWeight] of owners()) {
      for (const [sort, index] of [
        ['name,asc', byName],
        ['name,desc', byName],
        [undefined, byWeight],
        ['status,desc', byWeight],
      ] as const) {
        const plan = await planOf({ owner }, sort);
        expect(plan).toContain(`using ${index} on devices`);
        expect(plan).not.toMatch(/Sort|Seq Scan|Bitmap/);
      }
      // Any other order, or more conditions than the owner, sorts the owner's few matches.
      expect(ownerIndexHoldsOrder({ owner }, 'serialNumber,asc')).toBe(false);
      expect(ownerIndexHoldsOrder({ owner, q: 'tok' }, 'name,asc')).toBe(false);
      expect(ownerIndexHoldsOrder({ owner, family: 'INTERNAL' }, 'name,asc')).toBe(false);
      expect(await planOf({ owner }, 'serialNumber,asc')).toMatch(/Sort/);
    }
  });

  it('answers every page through the API in the list’s order, ties by id', async () => {
    for (const [path, owner] of owners()) {
      const id = 'categoryId' in owner ? owner.categoryId : owner.customerId;
      for (const sort of ['name,asc', 'name,desc', 'statusWeight,asc', 'statusWeight,desc']) {
        const expected = await pageIds(db(), deviceWhere({ owner }), deviceOrder(sort), {
          limit: 100,
          offset: 0,
        });
        expect(expected.length).toBeGreaterThan(5);
        const pages: number[] = [];
        for (let page = 1; page <= Math.ceil(expected.length / 4); page++) {
          const response = await ctx.app.inject({
            method: 'GET',
            url: `/api/device/${path}/${id}?sort=${sort}&page=${page}&size=4`,
            headers: as(user),
          });
          expect(response.headers['x-total-count']).toBe(String(expected.length));
          pages.push(...(response.json() as { id: number }[]).map((m) => m.id));
        }
        expect(pages).toEqual(expected);
      }
    }
  });
});

describe("the default order's narrow index", () => {
  const planOf = (where: SQL) => pagePlan(db(), where, deviceOrder(undefined), { limit: 4, offset: 9 });

  it('serves a plain page that states its condition, from the index alone; nothing else', async () => {
    for (const criteria of [
      { family: 'INTERNAL' },
      { family: 'EXTERNAL' },
      { family: 'INTERNAL', filter: deviceFilterSchema.parse({ statuses: ['FAULT', 'BROKEN'] }) },
    ] as DeviceCriteria[]) {
      for (const sort of [undefined, 'statusWeight,desc', 'status,asc']) {
        const marked = await pagePlan(db(), indexedPageWhere(criteria, sort), deviceOrder(sort), {
          limit: 4,
          offset: 9,
        });
        expect(marked).toMatch(/Index Only Scan (Backward )?using devices_type_weight_narrow_idx on devices/);
        expect(marked).not.toMatch(/Sort|Seq Scan|Bitmap/);
      }
      const unmarked = await planOf(deviceWhere(criteria));
      expect(unmarked).not.toContain('devices_type_weight_narrow_idx');
    }
  });

  it('is not stated by a page in any other order, whose index would check it on every entry', async () => {
    for (const sort of ['name,asc', 'customer,desc', 'serialNumber,asc', 'transferDate,desc']) {
      const plan = await pagePlan(db(), indexedPageWhere({ family: 'INTERNAL' }, sort), deviceOrder(sort), {
        limit: 4,
        offset: 9,
      });
      expect(plan).toMatch(/Index Only Scan (Backward )?using devices_\w+_idx on devices/);
      expect(plan).not.toContain('narrow');
      expect(plan).not.toContain('id > 0');
      expect(plan).not.toMatch(/Sort|Seq Scan|Bitmap/);
    }
  });
});

describe('filters', () => {
  it('filters by statuses through a range of weights, the same on every path', async () => {
    const criteria = { family: 'INTERNAL' as const, filter: undefined };
    const filter = { statuses: ['PRODUCTION', 'DANGER'] };
    // PRODUCTION (weight 1) and DANGER (8): the range covers every status, the list picks two.
    const found = await listIds(ctx, user, 'INTERNAL', filter, 'page=1&size=100');
    expect(found).toHaveLength(6);
    const unpaged = await listIds(ctx, user, 'INTERNAL', filter);
    expect(found).toEqual(unpaged);
    await pagesAgree(criteria, 'name,asc');
    // Neighbours (FAULT 6, BROKEN 7, DANGER 8) are the range alone; a status named twice, once.
    const trouble = { statuses: ['FAULT', 'BROKEN', 'DANGER', 'FAULT'] };
    const byNumber = (a: number, b: number) => a - b;
    expect((await listIds(ctx, user, 'INTERNAL', trouble, 'page=1&size=100')).sort(byNumber)).toEqual(
      machines.filter((_, i) => [1, 3, 5].includes(i % 6)).sort(byNumber),
    );
    const danger = await listIds(ctx, user, 'INTERNAL', { statuses: ['DANGER'] });
    expect(danger.sort(byNumber)).toEqual(machines.filter((_, i) => i % 6 === 3).sort(byNumber));
    // Written as the range alone, the planner expects the 9 machines those statuses have, not the
    // half of it that the range and the list multiplied together gave.
    await db().execute(sql`ANALYZE devices`);
    const expected = (statuses: string[]) =>
      estimatedRows(
        db(),
        deviceMatches(deviceWhere({ family: 'INTERNAL', filter: deviceFilterSchema.parse({ statuses }) })),
      );
    expect(await expected(trouble.statuses)).toBeGreaterThanOrEqual(8);
    expect(await expected(['DANGER', 'DANGER'])).toBeGreaterThanOrEqual(3);
  });

  it('combines filters with sorts the same on every path', async () => {
    const body = await import('@serwis/domain').then(({ deviceFilterSchema }) =>
      deviceFilterSchema.parse({
        city: 'kraków',
        statuses: ['OK', 'BROKEN'],
        provinces: ['śląskie', 'łódzkie'],
      }),
    );
    for (const sort of ['statusWeight,asc', 'customer,desc', 'transferDate,desc', 'name,asc'])
      await pagesAgree({ family: 'INTERNAL', filter: body }, sort);
  });
});

describe('short search terms (1–2 characters)', () => {
  it('match by prefix, not anywhere in the text', async () => {
    const other = await add({
      name: 'Wiertarka',
      serialNumber: 'XX-1',
      city: 'Toruń',
      category: { id: refs.frezarki },
    });
    // "to" starts "Tokarka"/"tokarka" and "Tokarki", and only "Toruń" of the new machine: not searched.
    const found = await listIds(ctx, user, 'INTERNAL', {}, 'q=to&page=1&size=100');
    expect(found).not.toContain(other);
    expect(found.length).toBeGreaterThan(0);
    // Three characters are the trigram "contains" over every column (the city here).
    expect(await listIds(ctx, user, 'INTERNAL', {}, 'q=toruń')).toEqual([other]);
  });

  it('match the exact id, the customer and category by prefix, and a warranty length', async () => {
    const [first] = machines;
    expect(await listIds(ctx, user, 'INTERNAL', {}, `q=${first}`)).toContain(first);
    const byCustomer = await listIds(ctx, user, 'INTERNAL', {}, 'q=zp&page=1&size=100');
    expect(byCustomer).toHaveLength(9);
    const byCategory = await listIds(ctx, user, 'INTERNAL', {}, 'q=pr&page=1&size=100');
    // "Prasy" (6 machines) and the machines named "Prasa" (overlapping) or with status Produkcja.
    expect(byCategory.length).toBeGreaterThanOrEqual(6);
    expect(await listIds(ctx, user, 'INTERNAL', {}, 'q=36&page=1&size=100')).toHaveLength(6);
  });

  it('customers and categories search short terms by prefix', async () => {
    const customers = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll?q=zp',
      headers: as(user),
    });
    expect((customers.json() as Customer[]).map((c) => c.shortName)).toEqual(['ZPH Łódź']);
    const inside = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll?q=ph',
      headers: as(user),
    });
    expect(inside.json()).toEqual([]);
    const categories = await ctx.app.inject({
      method: 'GET',
      url: '/api/category/findAll?q=fr&page=1&size=10',
      headers: as(user),
    });
    expect((categories.json() as Category[]).map((c) => c.name)).toEqual(['Frezarki']);
    expect(categories.headers['x-total-count']).toBe('1');
  });
});

describe('bounded totals', () => {
  it('counts the machines exactly under the bound, estimates and flags them above it', async () => {
    const where = deviceWhere({ family: 'INTERNAL' });
    expect(await boundedTotal(db(), deviceMatches(where), 100)).toEqual({ total: 18, estimated: false });
    const above = await boundedTotal(db(), deviceMatches(where), 5);
    expect(above.estimated).toBe(true);
    expect(above.total).toBeGreaterThanOrEqual(6);
  });

  it('sends no estimate flag for a short list', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/getByFilter?page=1&size=5',
      headers: as(user),
      payload: {},
    });
    expect(response.headers['x-total-count']).toBe('18');
    expect(response.headers['x-total-count-estimated']).toBeUndefined();
  });
});

describe('the indexes that carry the filtered columns', () => {
  it('take the widest machine the columns allow, in four-byte characters, and serve its filters', async () => {
    // Four-byte characters (CJK Extension B) in no repeating order, so no compression shrinks them.
    let seed = 7;
    const wide = (length: number) =>
      Array.from({ length }, () => {
        seed = (seed * 48_271) % 2_147_483_647;
        return String.fromCodePoint(0x20000 + (seed % 40_000));
      }).join('');
    const machine = {
      name: wide(255),
      serialNumber: wide(100),
      sourcePower: wide(100),
      zipCode: wide(20),
      warranty: wide(255),
      streetAddress: wide(255),
      city: wide(100),
    };
    const id = await add(machine);
    await db().execute(sql`UPDATE devices SET province = ${wide(40)} WHERE id = ${id}`);
    // The default order's entry carries a street, city and warranty this short (migration 0025).
    const shortest = { ...machine, streetAddress: wide(40), city: wide(30), warranty: wide(40) };
    const alsoCopied = await add(shortest);
    await db().execute(sql`UPDATE devices SET province = ${wide(40)} WHERE id = ${alsoCopied}`);
    const [copied] = rowsOf<{ kept: boolean }>(
      await db().execute(
        sql`SELECT street_short = street_address AND city_short = city AND warranty_short = warranty AS kept
          FROM devices WHERE id = ${alsoCopied}`,
      ),
    );
    expect(copied!.kept).toBe(true);
    const inside = (text: string) => [...text].slice(10, 13).join('');
    expect(await listIds(ctx, user, 'INTERNAL', { city: inside(shortest.city) })).toEqual([alsoCopied]);
    expect(await listIds(ctx, user, 'INTERNAL', { sourcePower: inside(machine.sourcePower) })).toEqual([
      id,
      alsoCopied,
    ]);
    expect(
      await listIds(
        ctx,
        user,
        'INTERNAL',
        { zipCode: inside(machine.zipCode) },
        'sort=name,desc&page=1&size=10',
      ),
      // The same name: the later machine first (ties follow the sort's direction).
    ).toEqual([alsoCopied, id]);
  });
});

describe('denormalised sort keys and counts', () => {
  const names = async () => {
    const result = await db().execute(
      sql`SELECT d.id, d.customer_short_name = c.short_name AND d.category_name = k.name AS right
          FROM devices d JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id`,
    );
    return rowsOf<{ id: number; right: boolean }>(result);
  };
  const counts = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/category/findAll', headers: as(user) });
    const listed = Object.fromEntries((response.json() as Category[]).map((c) => [c.id, c.count]));
    const real = await db().execute(
      sql`SELECT k.id, count(d.id)::int AS n FROM categories k LEFT JOIN devices d ON d.category_id = k.id GROUP BY k.id`,
    );
    const actual = Object.fromEntries(rowsOf<{ id: number; n: number }>(real).map((r) => [r.id, r.n]));
    return { listed, actual };
  };

  it('follow renames of customers and categories, moves and deletes of machines', async () => {
    expect((await names()).every((r) => r.right)).toBe(true);
    await updateCustomer(db(), refs.kowalski, { shortName: 'Aaa Kowalski' });
    await updateCategory(db(), refs.prasy, { name: 'Prasy hydrauliczne' });
    await updateDevice(db(), machines[0], { customerId: refs.zaklad, categoryId: refs.prasy });
    await updateDevice(db(), machines[1], { name: 'Inna nazwa' });
    await deleteDevice(db(), machines[2]);
    expect((await names()).every((r) => r.right)).toBe(true);
    const { listed, actual } = await counts();
    expect(listed).toEqual(actual);
    const byCustomer = await listIds(ctx, user, 'INTERNAL', {}, 'sort=customer,asc&page=1&size=1');
    // "Aaa Kowalski" first: its machines are the even ones; the first moved away, the third deleted.
    expect(byCustomer).toEqual([machines[4]]);
    // The list shows the names it sorts by: the machine's copies, renamed with the originals.
    const shown = await listDevices(ctx, user, 'INTERNAL', {}, 'sort=category,asc&page=1&size=100');
    const fourth = (shown.json() as Device[]).find((d) => d.id === machines[4]);
    expect(fourth?.customer.shortName).toBe('Aaa Kowalski');
    const moved = (shown.json() as Device[]).find((d) => d.id === machines[0]);
    expect(moved?.category.name).toBe('Prasy hydrauliczne');
    expect(moved?.customer.id).toBe(refs.zaklad);
  });

  it('counts a category of a machine added through the API', async () => {
    const before = (await counts()).listed[refs.frezarki];
    await add({ category: { id: refs.frezarki } });
    await add({ category: { id: refs.frezarki } }, 'EXTERNAL');
    const { listed, actual } = await counts();
    expect(listed).toEqual(actual);
    expect(listed[refs.frezarki]).toBe(before + 2);
  });
});
