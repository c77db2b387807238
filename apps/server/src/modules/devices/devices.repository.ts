import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { files } from '../files/files.table.js';
import { incidents } from '../incidents/incidents.table.js';
import { serviceDevices } from '../services/services.table.js';
import { devices } from './devices.table.js';
import type { DeviceOrder } from './devices.query.js';

export type DeviceTableRow = typeof devices.$inferSelect;
export type NewDeviceRow = typeof devices.$inferInsert;

/** One machine with the customer and category fields the API shows. */
const deviceSelection = {
  id: devices.id,
  type: devices.type,
  name: devices.name,
  categoryId: devices.categoryId,
  categoryName: categories.name,
  customerId: devices.customerId,
  customerShortName: customers.shortName,
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

function selectDevices(db: DbOrTx) {
  return db
    .select(deviceSelection)
    .from(devices)
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .innerJoin(categories, eq(categories.id, devices.categoryId));
}

export type DeviceRow = Awaited<ReturnType<ReturnType<typeof selectDevices>['execute']>>[number];

export interface PageWindow {
  limit: number;
  offset: number;
}

export async function listDevices(
  db: DbOrTx,
  where: SQL,
  order: DeviceOrder,
  window?: PageWindow,
): Promise<DeviceRow[]> {
  const query = selectDevices(db)
    .where(where)
    .orderBy(...order.by);
  return window ? query.limit(window.limit).offset(window.offset) : query;
}

/** Counts over `devices` alone: the filter never needs the joined tables. */
export async function countDevices(db: DbOrTx, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(where);
  return Number(row.n);
}

/** Ids in list order, for exports that fetch the rows in batches afterwards. */
export async function listDeviceIds(db: DbOrTx, where: SQL, order: DeviceOrder): Promise<number[]> {
  let query = db.select({ id: devices.id }).from(devices).$dynamic();
  if (order.joins.customer) query = query.innerJoin(customers, eq(customers.id, devices.customerId));
  if (order.joins.category) query = query.innerJoin(categories, eq(categories.id, devices.categoryId));
  const rows = await query.where(where).orderBy(...order.by);
  return rows.map((r) => r.id);
}

export function findDevicesByIds(db: DbOrTx, ids: number[]): Promise<DeviceRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return selectDevices(db).where(inArray(devices.id, ids));
}

export async function findDeviceById(db: DbOrTx, id: number): Promise<DeviceRow | undefined> {
  const rows = await selectDevices(db).where(eq(devices.id, id)).limit(1);
  return rows[0];
}

/** Locks the machine row for the rest of the transaction (delete vs. a new service or incident). */
export async function lockDevice(db: DbOrTx, id: number): Promise<DeviceTableRow | undefined> {
  const rows = await db.select().from(devices).where(eq(devices.id, id)).for('update');
  return rows[0];
}

export function findDevicesBy(
  db: DbOrTx,
  column: 'categoryId' | 'customerId',
  id: number,
): Promise<DeviceRow[]> {
  return selectDevices(db).where(eq(devices[column], id)).orderBy(asc(devices.statusWeight), asc(devices.id));
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

/** Service events and incidents keep a machine alive (spec §8, "Machine delete 409"). */
export async function countDeviceReferences(db: DbOrTx, id: number): Promise<number> {
  const [services] = await db
    .select({ n: count() })
    .from(serviceDevices)
    .where(eq(serviceDevices.deviceId, id));
  const [incidentRows] = await db.select({ n: count() }).from(incidents).where(eq(incidents.deviceId, id));
  return Number(services.n) + Number(incidentRows.n);
}

/** Storage names of the machine's files, whose rows go with it (FK cascade). */
export async function deviceStorageNames(db: DbOrTx, id: number): Promise<string[]> {
  const rows = await db.select({ name: files.storageName }).from(files).where(eq(files.deviceId, id));
  return rows.map((r) => r.name);
}

export async function categoryExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return rows.length > 0;
}

export async function customerExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return rows.length > 0;
}
