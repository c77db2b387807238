import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { MachineDependants, MachineType } from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { incidents } from '../incidents/incidents.table.js';
import { deviceNotes } from '../notes/notes.table.js';
import { parts } from '../parts/parts.table.js';
import { files } from '../files/files.table.js';
import { serviceDevices } from '../services/services.table.js';
import { devices } from './devices.table.js';
import type { DeviceOrder } from './devices.order.js';
import { idsAmong, parseIdArray } from '../../lib/id-arrays.js';
import { boundedIds, type PageWindow } from '../../lib/paging.js';
import { prebuiltSelect, type PrebuiltRow } from '../../lib/prebuilt-select.js';

export type DeviceTableRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;

/**
 * One machine with the customer and category fields the API shows. The customer's short name and
 * the category's name are the machine's own copies (kept in the writing transaction by triggers,
 * migration 0009), so only the customer's other fields need a join: a join less to plan on every
 * read of machines (a page at 1,000,000 machines: planned in 0.31 ms instead of 0.48). The column
 * list and the join are written once (lib/prebuilt-select.ts): a page's statement is written in
 * 0.03 ms instead of 0.2–0.5.
 */
const deviceSelection = {
  id: devices.id,
  type: devices.type,
  name: devices.name,
  categoryId: devices.categoryId,
  categoryName: devices.categoryName,
  customerId: devices.customerId,
  customerShortName: devices.customerShortName,
  customerFullName: customers.fullName,
  customerStreetAddress: customers.streetAddress,
  customerZipCode: customers.zipCode,
  customerCity: customers.city,
  customerNip: customers.nip,
  serialNumber: devices.serialNumber,
  sourcePower: devices.sourcePower,
  transferDate: devices.transferDate,
  warrantyLength: devices.warrantyLength,
  warranty: devices.warranty,
  streetAddress: devices.streetAddress,
  zipCode: devices.zipCode,
  city: devices.city,
  province: devices.province,
  status: devices.status,
  statusWeight: devices.statusWeight,
  gpsLatitude: devices.gpsLatitude,
  gpsLongitude: devices.gpsLongitude,
  isPeriodicInspectionEnabled: devices.isPeriodicInspectionEnabled,
};
const machines = prebuiltSelect(
  deviceSelection,
  sql`${devices} INNER JOIN ${customers} ON ${eq(customers.id, devices.customerId)}`,
);

export type DeviceRow = PrebuiltRow<typeof deviceSelection>;

export type { PageWindow } from '../../lib/paging.js';

/**
 * The same machines through drizzle's own select, written anew on each call: what the unpaged list
 * answered before it streamed, and what the tests compare the prebuilt select's rows with.
 */
export async function listDevices(
  db: DbOrTx,
  where: SQL,
  order: DeviceOrder,
  window?: PageWindow,
): Promise<DeviceRow[]> {
  const query = db
    .select(deviceSelection)
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .where(where)
    .orderBy(...order.by);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/** The matching machines (ids only), for `boundedTotal`: the filter never needs the joined tables. */
export const deviceMatches = (where: SQL): SQL => sql`SELECT ${devices.id} FROM ${devices} WHERE ${where}`;

/** Counts over `devices` alone: the filter never needs the joined tables. */
export async function countDevices(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(where);
  return Number(row.n);
}

/**
 * Up to `bound` + 1 matching ids in no particular order (lib/paging.ts, boundedIds). Fewer than
 * bound + 1 ids are every match: the exact total, and the set the page is then cut from (`idIn`).
 */
export const boundedMatchIds = (
  db: Db,
  where: SQL,
  bound: number,
  options: { onOneIndex?: boolean } = {},
): Promise<number[]> => boundedIds(db, deviceMatches(where), bound, options);

/** The machines of the given ids (a primary-key lookup), as a WHERE. */
export const idIn = (ids: number[]): SQL => idsAmong(devices.id, ids);

/**
 * One page of machines, whole rows in list order, in one statement: the page's ids are found on
 * `devices` alone (a narrow walk or sort, `pageDeviceIdsQuery`) and their rows read with the
 * customer, where two statements cost two round trips (PGlite: two of its fixed costs per
 * statement). The ids are an array (`= ANY(ARRAY(…))`), not an `IN` the planner would weigh as a
 * join of its own.
 */
export function pageDevices(
  db: DbOrTx,
  where: SQL,
  order: DeviceOrder,
  window: PageWindow,
): Promise<DeviceRow[]> {
  return machines.rows(db, pageOfIds(where, order, window));
}

/**
 * `pageDevices` with values of the statement as a whole beside the rows (a list's kept total): one
 * statement for both. Without rows the values are not read.
 */
export function pageDevicesWith<K extends string>(
  db: DbOrTx,
  where: SQL,
  order: DeviceOrder,
  window: PageWindow,
  values: Record<K, SQL>,
) {
  return machines.rowsWith(db, pageOfIds(where, order, window), values);
}

const pageOfIds = (where: SQL, order: DeviceOrder, window: PageWindow): SQL =>
  sql`WHERE ${devices.id} = ANY(ARRAY(${pageDeviceIdsQuery(where, order, window)})) ORDER BY ${sql.join(order.by, sql`, `)}`;

/** The ids of one page in list order, as SQL: `pageDevices`' inner query, and what the planner costs. */
export const pageDeviceIdsQuery = (where: SQL, order: DeviceOrder, window: PageWindow): SQL =>
  sql`SELECT ${devices.id} FROM ${devices} WHERE ${where} ORDER BY ${sql.join(order.by, sql`, `)} LIMIT ${window.limit} OFFSET ${window.offset}`;

/**
 * Every matching id in list order, aggregated into one array value: a single row crosses the
 * driver instead of 100,000 (which matters most for the embedded PGlite).
 */
export async function allDeviceIds(db: DbOrTx, where: SQL, order: DeviceOrder): Promise<number[]> {
  const ids = sql<string | number[] | null>`array_agg(${devices.id} ORDER BY ${sql.join(order.by, sql`, `)})`;
  const [{ ids: value }] = await db.select({ ids }).from(devices).where(where);
  return parseIdArray(value);
}

async function selectByIds<T extends { id: number }>(
  ids: number[],
  query: (condition: SQL) => Promise<T[]>,
): Promise<T[]> {
  if (ids.length === 0) return [];
  // One array parameter instead of one parameter per id: cheaper to bind and to plan.
  const rows = await query(idIn(ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The machines of `ids`, in the order of `ids` (a machine deleted meanwhile is left out). */
export function findDevicesByIds(db: DbOrTx, ids: number[]): Promise<DeviceRow[]> {
  return selectByIds(ids, (condition) => machines.rows(db, sql`WHERE ${condition}`));
}

/** Only the columns of the list screen, for the CSV export. */
const csvSelection = {
  id: devices.id,
  status: devices.status,
  name: devices.name,
  customerShortName: devices.customerShortName,
  categoryName: devices.categoryName,
  serialNumber: devices.serialNumber,
  sourcePower: devices.sourcePower,
  transferDate: devices.transferDate,
  warrantyLength: devices.warrantyLength,
  warranty: devices.warranty,
  streetAddress: devices.streetAddress,
  zipCode: devices.zipCode,
  city: devices.city,
  province: devices.province,
};
export type DeviceCsvRow = Pick<DeviceRow, keyof typeof csvSelection>;

/**
 * The export's rows for `ids`, in that order. They come back as ONE json value per batch: drivers
 * (PGlite above all) spend far more per result row than PostgreSQL spends building the array.
 */
export async function findCsvRowsByIds(db: DbOrTx, ids: number[]): Promise<DeviceCsvRow[]> {
  if (ids.length === 0) return [];
  const columns = Object.entries(csvSelection);
  const values = sql.join(
    columns.map(([, column]) => sql`${column}`),
    sql`, `,
  );
  const list = `{${ids.join(',')}}`;
  // The ANY condition makes the machines an index lookup of these ids; without it the planner
  // may merge-join the whole primary key, whose cost grows with the table, not the batch.
  const result = await db.execute(sql`
    SELECT json_agg(json_build_array(${values}) ORDER BY wanted.ord) AS rows
    FROM unnest(${list}::int[]) WITH ORDINALITY AS wanted(id, ord)
    JOIN ${devices} ON ${devices.id} = wanted.id
    WHERE ${devices.id} = ANY(${list}::int[])`);
  const raw = rowsOf<{ rows: unknown }>(result)[0]?.rows ?? null;
  const arrays = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[][] | null;
  return (arrays ?? []).map(
    (values) => Object.fromEntries(columns.map(([key], i) => [key, values[i]])) as DeviceCsvRow,
  );
}

export async function findDeviceById(db: DbOrTx, id: number): Promise<DeviceRow | undefined> {
  const rows = await machines.rows(db, sql`WHERE ${eq(devices.id, id)} LIMIT 1`);
  return rows[0];
}

/** Locks the machine row for the rest of the transaction (delete vs. a new service or incident). */
/**
 * Before a machine's save moves it to another category or customer: locks the categories (as its
 * machine count will) and the customers (as its copy of the name does) it moves between, in id
 * order, ahead of the machine's own row. A rename locks its category or customer first and its
 * machines after; a move that took them the other way round waited for the rename while the rename
 * waited for it (a deadlock).
 */
export async function lockParentsOfMove(
  db: DbOrTx,
  from: Pick<DeviceTableRow, 'categoryId' | 'customerId'>,
  to: Pick<DeviceTableRow, 'categoryId' | 'customerId'>,
): Promise<void> {
  if (from.categoryId !== to.categoryId) {
    await db
      .select({ id: categories.id })
      .from(categories)
      .where(inArray(categories.id, [from.categoryId, to.categoryId]))
      .orderBy(asc(categories.id))
      .for('no key update');
  }
  if (from.customerId !== to.customerId) {
    await db
      .select({ id: customers.id })
      .from(customers)
      .where(inArray(customers.id, [from.customerId, to.customerId]))
      .orderBy(asc(customers.id))
      .for('share');
  }
}

export async function findDeviceParents(db: DbOrTx, id: number) {
  const rows = await db
    .select({ categoryId: devices.categoryId, customerId: devices.customerId })
    .from(devices)
    .where(eq(devices.id, id));
  return rows[0];
}

export async function lockDevice(db: DbOrTx, id: number): Promise<DeviceTableRow | undefined> {
  const rows = await db.select().from(devices).where(eq(devices.id, id)).for('update');
  return rows[0];
}

export async function listDeviceNames(db: DbOrTx, family: MachineType): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: devices.name })
    .from(devices)
    .where(eq(devices.type, family))
    .orderBy(asc(devices.name));
  return rows.map((r) => r.name);
}

export async function insertDevice(db: DbOrTx, values: NewDeviceRow): Promise<number> {
  const [row] = await db.insert(devices).values(values).returning({ id: devices.id });
  return row.id;
}

export async function updateDevice(db: DbOrTx, id: number, values: Partial<NewDeviceRow>) {
  await db.update(devices).set(values).where(eq(devices.id, id));
}

export async function deleteDevice(db: DbOrTx, id: number) {
  await db.delete(devices).where(eq(devices.id, id));
}

/**
 * What keeps a machine (its service events and incidents) and what goes with it (notes, parts,
 * files, nameplate photos): the delete's confirmation names them.
 */
export async function deviceDependants(db: DbOrTx, id: number): Promise<MachineDependants> {
  const result = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM ${serviceDevices} WHERE ${serviceDevices.deviceId} = ${id}) AS "services",
      (SELECT count(*)::int FROM ${incidents} WHERE ${incidents.deviceId} = ${id}) AS "incidents",
      (SELECT count(*)::int FROM ${deviceNotes} WHERE ${deviceNotes.deviceId} = ${id}) AS "notes",
      (SELECT count(*)::int FROM ${parts} WHERE ${parts.deviceId} = ${id}) AS "parts",
      (SELECT count(*)::int FROM ${files}
        WHERE ${files.deviceId} = ${id} AND ${files.type} <> 'MACHINE_NAMEPLATE') AS "files",
      (SELECT count(*)::int FROM ${files}
        WHERE ${files.deviceId} = ${id} AND ${files.type} = 'MACHINE_NAMEPLATE') AS "nameplates"`);
  const row = rowsOf<MachineDependants>(result)[0];
  return {
    services: Number(row.services),
    incidents: Number(row.incidents),
    notes: Number(row.notes),
    parts: Number(row.parts),
    files: Number(row.files),
    nameplates: Number(row.nameplates),
  };
}

/** Service events and incidents keep a machine alive (spec §8, "Machine delete 409"). */
export async function countDeviceReferences(db: DbOrTx, id: number): Promise<number> {
  const { services, incidents } = await deviceDependants(db, id);
  return services + incidents;
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return rows.length > 0;
}

export async function customerExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return rows.length > 0;
}
