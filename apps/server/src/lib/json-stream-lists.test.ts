import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MSG,
  deviceFilterSchema,
  categorySchema,
  customerSchema,
  deviceSchema,
  periodicInspectionRowSchema,
  listQuery,
  logEntrySchema,
  serviceSchema,
  todoListQuery,
  todoSchema,
  todayInZone,
  type MachineType,
} from '@serwis/domain';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice, insertService } from '../../test/service-fixtures.js';
import { streamDefaults, streamSlots, type StreamKind } from './json-stream.js';
import { findCategories } from '../modules/categories/categories.repository.js';
import { findCustomers } from '../modules/customers/customers.repository.js';
import { toCustomer } from '../modules/customers/customers.mapper.js';
import { csvHead, csvRow } from '../modules/devices/devices.csv.js';
import { toDevice } from '../modules/devices/devices.mapper.js';
import type { DeviceCriteria } from '../modules/devices/devices.criteria.js';
import { deviceOrder } from '../modules/devices/devices.order.js';
import { deviceWhere } from '../modules/devices/devices.where.js';
import { allDeviceIds, findCsvRowsByIds, listDevices } from '../modules/devices/devices.repository.js';
import { listInspections } from '../modules/inspections/inspections.service.js';
import { findLogs, logSearch } from '../modules/logs/logs.repository.js';
import { logs } from '../modules/logs/logs.table.js';
import { findServiceIds } from '../modules/services/services.list.js';
import { loadServices } from '../modules/services/services.mapper.js';
import { listTodoViews } from '../modules/todos/todos.service.js';
import { todos } from '../modules/todos/todos.table.js';

/**
 * The streamed unpaged lists against the answers of the implementation they replace: the same
 * repository calls without a page, serialised by the route's response schema as Fastify did.
 * Every list is read with the default batch size and with batches of 3 rows (crossing batch
 * boundaries inside runs of equal sort keys).
 */
let user: TestUser;
let admin: TestUser;

/** What the previous implementation answered: the array encoded by the response schema. */
const asBefore = <T extends z.ZodType>(schema: T, rows: unknown[]) =>
  JSON.stringify(z.encode(z.array(schema), rows as z.output<z.ZodArray<T>>));

const BATCH_SIZES = [2000, 3];
const defaultBatch = streamDefaults.batchSize;
afterAll(() => {
  streamDefaults.batchSize = defaultBatch;
});

async function expectStreamed(
  request: { method: 'GET' | 'POST'; url: string; payload?: object },
  expected: string,
  admin = false,
) {
  for (const batchSize of BATCH_SIZES) {
    streamDefaults.batchSize = batchSize;
    const response = await ctx.app.inject({ ...request, headers: as(admin ? adminUser() : user) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.body).toBe(expected);
  }
  streamDefaults.batchSize = defaultBatch;
  // The fixtures must make the comparison worth something: more rows than one small batch.
  return JSON.parse(expected) as unknown[];
}
const adminUser = () => admin;

interface Seed {
  categoryIds: number[];
  customerIds: number[];
  deviceIds: number[];
}
let seed: Seed;

/**
 * Machines with many equal sort keys (names, cities, statuses, customers), missing dates, both
 * families; service events, to-dos and log entries around them.
 */
async function seedData(): Promise<Seed> {
  const db = ctx.database.db;
  const categoryIds: number[] = [];
  for (const name of ['Tokarki', 'Frezarki', 'Prasy'])
    categoryIds.push((await insertCategory(db, { name })).id);
  const customerIds: number[] = [];
  for (const [shortName, city] of [
    ['Kowalski', 'Łódź'],
    ['Nowak', 'Gdańsk'],
    ['ZPH Żuraw', 'Łódź'],
    ['Abc', 'Kraków'],
  ]) {
    customerIds.push((await insertCustomer(db, { shortName, fullName: `${shortName} sp. z o.o.`, city })).id);
  }
  const deviceIds: number[] = [];
  const statuses = [
    ['OK', 4],
    ['IN_REPAIR', 5],
    ['OK', 4],
  ] as const;
  for (let i = 0; i < 22; i++) {
    const [status, statusWeight] = statuses[i % 3];
    const device = await insertDevice(db, {
      name: i % 4 === 0 ? 'Tokarka CNC' : `Frezarka ${i % 5}`,
      type: i % 5 === 4 ? 'EXTERNAL' : 'INTERNAL',
      status,
      statusWeight,
      customerId: customerIds[i % 4],
      categoryId: categoryIds[i % 3],
      city: ['Łódź', 'Gdańsk', 'Łódź', 'Kraków'][i % 4],
      serialNumber: `SN-${i % 7}`,
      transferDate: i % 6 === 0 ? null : `2024-0${(i % 9) + 1}-1${i % 3}`,
      warrantyLength: [0, 12, 24][i % 3],
      warranty: i % 2 ? 'pełna' : '',
      isPeriodicInspectionEnabled: i % 3 !== 1,
    });
    deviceIds.push(device.id);
  }
  for (let i = 0; i < 14; i++) {
    await insertService(db, {
      userId: i % 2 ? user.id : admin.id,
      customerId: customerIds[i % 4],
      deviceIds: [deviceIds[i % 22], deviceIds[(i + 4) % 22]],
      date: `2025-0${(i % 3) + 1}-0${(i % 4) + 1}`,
      number: i % 5 === 0 ? 0 : i + 1,
      numberExtension: i % 3 === 0 ? 'A' : '',
      state: i % 2 ? 'PODPISANY' : 'UTWORZONY',
    });
  }
  // The family flags are kept by the services module's writes; these rows bypass it.
  await db.execute(sql`UPDATE services s SET
    has_internal = EXISTS (SELECT 1 FROM service_devices sd JOIN devices d ON d.id = sd.device_id
      WHERE sd.service_id = s.id AND d.type = 'INTERNAL'),
    has_external = EXISTS (SELECT 1 FROM service_devices sd JOIN devices d ON d.id = sd.device_id
      WHERE sd.service_id = s.id AND d.type = 'EXTERNAL')`);
  for (let i = 0; i < 9; i++) {
    await db.insert(todos).values({
      description: i % 3 ? `Zadanie ${i % 4}` : 'Oddzwonić',
      toDoStatus: i % 4 === 0 ? 'DONE' : 'TODO',
      userCreatedId: user.id,
      date: `2025-02-0${(i % 3) + 1}T10:00:00Z`,
    });
  }
  for (let i = 0; i < 11; i++) {
    await db.insert(logs).values({
      timestmp: 1_700_000_000_000 + i,
      formattedMessage: i % 2 ? `edycja maszyny ${i}` : `dodanie kontrahenta ${i}`,
      arg0: i % 3 ? user.email : null,
      arg1: i % 2 ? `device:${i}` : null,
    });
  }
  return { categoryIds, customerIds, deviceIds };
}

const ctx = useSeededTestApp(async () => {
  user = await createUserAndLogin(ctx);
  admin = await createUserAndLogin(ctx, { admin: true });
  seed = await seedData();
});

beforeAll(() => {
  expect(defaultBatch).toBeGreaterThan(100);
});

describe('streamed machine lists', () => {
  const families: [MachineType, string][] = [
    ['INTERNAL', '/api/device'],
    ['EXTERNAL', '/api/device-external'],
  ];
  const variants: { filter: object; query: string }[] = [
    { filter: {}, query: '' },
    { filter: {}, query: 'sort=name,asc' },
    { filter: {}, query: 'sort=customer,desc' },
    { filter: {}, query: 'sort=category,asc' },
    { filter: {}, query: 'sort=transferDate,desc' },
    { filter: {}, query: 'sort=warranty,asc' },
    { filter: { city: 'Łódź' }, query: 'sort=city,asc' },
    { filter: { statuses: ['OK'] }, query: 'q=Frez' },
  ];

  async function reference(criteria: DeviceCriteria, sort: string | undefined) {
    const rows = await listDevices(ctx.database.db, deviceWhere(criteria), deviceOrder(sort));
    return asBefore(deviceSchema, rows.map(toDevice));
  }

  it('answers getByFilter of both families byte for byte as before, with filters, sorts and q', async () => {
    for (const [family, prefix] of families) {
      for (const { filter, query } of variants) {
        const params = new URLSearchParams(query);
        const expected = await reference(
          { family, filter: listFilter(filter), q: params.get('q') ?? undefined },
          params.get('sort') ?? undefined,
        );
        const rows = await expectStreamed(
          { method: 'POST', url: `${prefix}/getByFilter${query ? `?${query}` : ''}`, payload: filter },
          expected,
        );
        if (family === 'INTERNAL' && query === '') expect(rows.length).toBeGreaterThan(10);
      }
    }
  });

  it("answers a category's and a customer's machines as before", async () => {
    for (const sort of [undefined, 'city,asc', 'name,desc']) {
      const query = sort ? `?sort=${sort}` : '';
      const category = seed.categoryIds[0];
      await expectStreamed(
        { method: 'GET', url: `/api/device/findByCategory/${category}${query}` },
        await reference({ owner: { categoryId: category } }, sort),
      );
      const customer = seed.customerIds[2];
      await expectStreamed(
        { method: 'GET', url: `/api/device/findByCustomer/${customer}${query}` },
        await reference({ owner: { customerId: customer } }, sort),
      );
    }
  });

  it('exports the same CSV as before across batches', async () => {
    for (const query of ['', 'sort=name,asc', 'sort=transferDate,asc&q=Tok']) {
      const params = new URLSearchParams(query);
      const where = deviceWhere({ family: 'INTERNAL', q: params.get('q') ?? undefined });
      const ids = await allDeviceIds(ctx.database.db, where, deviceOrder(params.get('sort') ?? undefined));
      const expected = csvHead() + (await findCsvRowsByIds(ctx.database.db, ids)).map(csvRow).join('');
      for (const batchSize of BATCH_SIZES) {
        streamDefaults.batchSize = batchSize;
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/device/get-csv-by-filter${query ? `?${query}` : ''}`,
          headers: as(user),
          payload: {},
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(expected);
      }
      streamDefaults.batchSize = defaultBatch;
    }
  });

  it('answers 400 with a Polish message for an unknown sort, before any byte of a stream', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/getByFilter?sort=kolor,asc',
      headers: as(user),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: expect.any(String) });
  });
});

/** The filter body as the route parses it (the domain schema fills in the defaults). */
const listFilter = (filter: object) => deviceFilterSchema.parse(filter);

describe('streamed service event lists', () => {
  it('answers the internal, external and one machine lists as before, with sorts and q', async () => {
    const cases: { url: string; options: Parameters<typeof findServiceIds>[1] }[] = [];
    for (const [path, family] of [
      ['/api/service/findAllOrderInternal', 'INTERNAL'],
      ['/api/service/findAllOrderExternal', 'EXTERNAL'],
    ] as const) {
      for (const query of [
        '',
        'sort=customer,asc',
        'sort=date,desc',
        'sort=state,asc',
        'q=Kow',
        'sort=user,desc',
      ]) {
        const params = new URLSearchParams(query);
        cases.push({
          url: `${path}${query ? `?${query}` : ''}`,
          options: { family, q: params.get('q') ?? undefined, sort: params.get('sort') ?? undefined },
        });
      }
    }
    const device = seed.deviceIds[4];
    cases.push({ url: `/api/service/findByDeviceWithFilesEnitiy/${device}`, options: { deviceId: device } });
    for (const { url, options } of cases) {
      const db = ctx.database.db;
      const expected = asBefore(serviceSchema, await loadServices(db, await findServiceIds(db, options)));
      const rows = await expectStreamed({ method: 'GET', url }, expected);
      if (url === '/api/service/findAllOrderInternal') expect(rows.length).toBeGreaterThan(6);
    }
  });
});

describe('streamed customers, categories, logs, to-dos and inspections', () => {
  it('answers the customer list as before', async () => {
    for (const query of ['', 'sort=city,asc', 'sort=shortName,desc', 'q=sp. z']) {
      const params = new URLSearchParams(query);
      const rows = await findCustomers(ctx.database.db, {
        q: params.get('q') ?? undefined,
        sort: params.get('sort') ?? undefined,
      });
      await expectStreamed(
        { method: 'GET', url: `/api/customer/findAll${query ? `?${query}` : ''}` },
        asBefore(customerSchema, rows.map(toCustomer)),
      );
    }
  });

  it('answers the category list with counts as before', async () => {
    for (const query of ['', 'sort=count,desc', 'sort=name,asc', 'q=ki']) {
      const params = new URLSearchParams(query);
      const rows = await findCategories(ctx.database.db, {
        q: params.get('q') ?? undefined,
        sort: params.get('sort') ?? undefined,
      });
      await expectStreamed(
        { method: 'GET', url: `/api/category/findAll${query ? `?${query}` : ''}` },
        asBefore(categorySchema, rows),
      );
    }
  });

  it('answers the log as before', async () => {
    for (const q of [undefined, 'maszyny']) {
      const rows = await findLogs(ctx.database.db, { where: await logSearch(ctx.database.db, q) });
      await expectStreamed(
        { method: 'GET', url: `/api/log/findAll${q ? `?q=${q}` : ''}` },
        asBefore(logEntrySchema, rows),
        true,
      );
    }
  });

  it('answers the to-do list as before', async () => {
    for (const query of ['', 'toDoStatus=ALL', 'toDoStatus=ALL&sort=date,asc', 'toDoStatus=ALL&q=Zadanie']) {
      const parsed = todoListQuery.parse(Object.fromEntries(new URLSearchParams(query)));
      const { todos: rows } = await listTodoViews(ctx.database.db, parsed);
      await expectStreamed(
        { method: 'GET', url: `/api/todo/get${query ? `?${query}` : ''}` },
        asBefore(todoSchema, rows),
      );
    }
  });

  it('answers both inspection modes as before', async () => {
    const today = todayInZone(ctx.config.TZ_COMPANY);
    for (const mode of ['all', 'onlyActual'] as const) {
      for (const query of ['', 'sort=name,asc', 'sort=customer,desc', 'q=Frez']) {
        const parsed = listQuery.parse(Object.fromEntries(new URLSearchParams(query)));
        const { rows } = await listInspections(ctx.database.db, mode, parsed, today);
        await expectStreamed(
          { method: 'GET', url: `/api/device/periodicInspections/${mode}${query ? `?${query}` : ''}` },
          asBefore(periodicInspectionRowSchema, rows),
        );
      }
    }
  });

  /** Every place of a set held (as long answers would), the wait for one made short, then given back. */
  async function withPlacesTaken<T>(kind: StreamKind, run: () => Promise<T>): Promise<T> {
    const slots = streamSlots(ctx.database.db, kind);
    const held = await Promise.all(
      Array.from({ length: slots.size }, () => slots.take(1000, () => new Error('zajęte'))),
    );
    const defaults = { ...streamDefaults };
    streamDefaults.waitMs = 30;
    // Batches of 3 rows: the seeded customers are a long list, which holds a cursor and needs a place.
    streamDefaults.batchSize = 3;
    try {
      return await run();
    } finally {
      Object.assign(streamDefaults, defaults);
      for (const release of held) release();
    }
  }
  const get = (url: string, who = user) => ctx.app.inject({ method: 'GET', url, headers: as(who) });

  it('answers 503 in Polish, to ask again, when every place for a whole list stays taken', async () => {
    const refused = await withPlacesTaken('list', () => get('/api/customer/findAll'));
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: MSG.serverBusy, code: 'BUSY' });
    expect(refused.headers['retry-after']).toBe('5');
    const answered = await get('/api/customer/findAll');
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toHaveLength(seed.customerIds.length);
  });

  it('answers a list no longer than its first rows, and CSV exports, while whole lists hold every place', async () => {
    const [short, exported] = await withPlacesTaken('list', async () => {
      // The first rows are the whole list: no cursor, no place.
      streamDefaults.batchSize = defaultBatch;
      const short = await get('/api/customer/findAll');
      streamDefaults.batchSize = 3;
      return [short, await get('/api/customer/get-csv', admin)];
    });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toHaveLength(seed.customerIds.length);
    expect(exported.statusCode).toBe(200);
    // The header and one line per customer.
    expect(exported.body.trim().split('\r\n')).toHaveLength(seed.customerIds.length + 1);
  });

  it('answers whole lists while CSV exports hold every place of theirs; another export waits, then 503', async () => {
    const [list, exported] = await withPlacesTaken('export', async () => [
      await get('/api/customer/findAll'),
      await get('/api/customer/get-csv', admin),
    ]);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toHaveLength(seed.customerIds.length);
    expect(exported.statusCode).toBe(503);
    expect(exported.json()).toEqual({ message: MSG.serverBusy, code: 'BUSY' });
    expect(streamSlots(ctx.database.db, 'export').state).toEqual({ used: 0, waiting: 0 });
    expect(streamSlots(ctx.database.db, 'list').state).toEqual({ used: 0, waiting: 0 });
  });
});
