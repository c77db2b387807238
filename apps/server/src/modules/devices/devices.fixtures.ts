import type { Device, DeviceInsertInput, MachineType } from '@serwis/domain';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { keepTheWalk } from '../../lib/trigram-signature.js';
import { as, type TestContext, type TestUser } from '../../../test/test-app.js';
import type { DeviceOrder } from './devices.order.js';
import { deviceMatches, pageDeviceIdsQuery, pageDevices, type PageWindow } from './devices.repository.js';
import { collectSettings } from '../../lib/paging.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';

/** Test data shared by the machine test files. */
export interface References {
  tokarki: number;
  frezarki: number;
  prasy: number;
  kowalski: number;
  zaklad: number;
}

export async function seedReferences(ctx: TestContext): Promise<References> {
  const cats = await ctx.database.db
    .insert(categories)
    .values([{ name: 'Tokarki' }, { name: 'Frezarki' }, { name: 'Prasy' }])
    .returning({ id: categories.id });
  const custs = await ctx.database.db
    .insert(customers)
    .values([
      {
        shortName: 'Kowalski',
        fullName: 'Kowalski i Synowie Sp. z o.o.',
        streetAddress: 'Długa 1',
        zipCode: '00-001',
        city: 'Warszawa',
        nip: '5260001234',
      },
      {
        shortName: 'ZPH Łódź',
        fullName: 'Zakład Produkcyjno-Handlowy Żuraw',
        city: 'Łódź',
        nip: '7250005678',
      },
    ])
    .returning({ id: customers.id });
  return {
    tokarki: cats[0].id,
    frezarki: cats[1].id,
    prasy: cats[2].id,
    kowalski: custs[0].id,
    zaklad: custs[1].id,
  };
}

export function deviceBody(refs: References, overrides: Partial<DeviceInsertInput> = {}): DeviceInsertInput {
  return {
    name: 'Tokarka CNC',
    category: { id: refs.tokarki },
    customer: { id: refs.kowalski },
    serialNumber: 'SN-001',
    sourcePower: '400V',
    transferDate: '2024-03-15',
    warrantyLength: 24,
    warranty: 'pełna',
    streetAddress: 'Fabryczna 5',
    zipCode: '90-001',
    city: 'Łódź',
    province: 'łódzkie',
    status: 'OK',
    ...overrides,
  };
}

export const familyPrefix = (family: MachineType) =>
  family === 'INTERNAL' ? '/api/device' : '/api/device-external';

/** Inserts through the API, as the browser does, and returns the saved machine. */
export async function addDevice(
  ctx: TestContext,
  user: TestUser,
  family: MachineType,
  body: DeviceInsertInput,
): Promise<Device> {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${familyPrefix(family)}/insert`,
    headers: as(user),
    payload: family === 'INTERNAL' ? { ...body, type: 'INTERNAL' } : body,
  });
  if (response.statusCode !== 201) throw new Error(`insert failed: ${response.statusCode} ${response.body}`);
  return response.json();
}

/** `getByFilter` with an optional query string (page, size, sort, q). */
export function listDevices(
  ctx: TestContext,
  user: TestUser,
  family: MachineType,
  filter: Record<string, unknown> = {},
  query = '',
) {
  return ctx.app.inject({
    method: 'POST',
    url: `${familyPrefix(family)}/getByFilter${query ? `?${query}` : ''}`,
    headers: as(user),
    payload: filter,
  });
}

export async function listIds(
  ctx: TestContext,
  user: TestUser,
  family: MachineType,
  filter: Record<string, unknown> = {},
  query = '',
): Promise<number[]> {
  const response = await listDevices(ctx, user, family, filter, query);
  if (response.statusCode !== 200) throw new Error(`list failed: ${response.statusCode} ${response.body}`);
  return (response.json() as Device[]).map((d) => d.id);
}

/**
 * The plan (EXPLAIN) of a page's query under the walks' settings (keepTheWalk: no sort, scan of the
 * table or bitmap where the planner has another way), one line per node.
 */
export function pagePlan(db: Db, where: SQL, order: DeviceOrder, window: PageWindow): Promise<string> {
  return db.transaction(async (tx) => {
    await keepTheWalk(tx);
    return planLines(tx, pageDeviceIdsQuery(where, order, window));
  });
}

/** The plan (EXPLAIN) of the bounded count's ids under its settings (`boundedIds`), one line per node. */
export function countPlan(db: Db, where: SQL, options: { onOneIndex: boolean }): Promise<string> {
  return db.transaction(async (tx) => {
    await collectSettings(tx, options);
    return planLines(tx, deviceMatches(where));
  });
}

async function planLines(tx: DbOrTx, query: SQL): Promise<string> {
  const result = await tx.execute(sql`EXPLAIN ${query}`);
  return rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row)[0])
    .join('\n');
}

/** The ids of one page as the lists read it (`pageDevices`), to compare the paths a page may take. */
export async function pageIds(db: DbOrTx, where: SQL, order: DeviceOrder, window: PageWindow) {
  return (await pageDevices(db, where, order, window)).map((row) => row.id);
}

/**
 * 3,000 machines in the shapes of the bench's register (a ninth third-party): five names, three
 * streets, four cities, three categories, the two customers, four statuses; then VACUUM ANALYZE,
 * so that walks read their indexes alone.
 */
export async function addManyDevices(db: DbOrTx, refs: References) {
  await db.execute(
    sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, warranty,
                             street_address, zip_code, city, status, status_weight)
        SELECT CASE WHEN g % 9 = 0 THEN 'EXTERNAL' ELSE 'INTERNAL' END,
               (ARRAY['Frezarka CNC', 'Tokarka', 'Prasa', 'Spawarka', 'Frezarka pionowa'])[1 + g % 5] || ' ' || (g % 13),
               (ARRAY[${refs.tokarki}, ${refs.frezarki}, ${refs.prasy}]::int[])[1 + g % 3],
               (ARRAY[${refs.kowalski}, ${refs.zaklad}]::int[])[1 + g % 2], 'SN-' || g,
               (ARRAY['pełna', 'door-to-door', ''])[1 + g % 3],
               (ARRAY['Hutnicza ', 'Polna ', 'ul. Długa '])[1 + g % 3] || (g % 40),
               (ARRAY['31-100', '90-001', '00-950'])[1 + g % 3], (ARRAY['Kraków', 'Łódź', 'Żywiec', 'Gdańsk'])[1 + g % 4],
               (ARRAY['OK', 'FAULT', 'BROKEN', 'DANGER'])[1 + g % 4], (ARRAY[4, 6, 7, 2])[1 + g % 4]
        FROM generate_series(1, 3000) AS g`,
  );
  await db.execute(sql`VACUUM ANALYZE devices`);
}
