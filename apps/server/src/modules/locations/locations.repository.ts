import { and, asc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { devices } from '../devices/devices.table.js';

export async function findDevicePosition(db: DbOrTx, deviceId: number) {
  const rows = await db
    .select({ id: devices.id, latitude: devices.gpsLatitude, longitude: devices.gpsLongitude })
    .from(devices)
    .where(eq(devices.id, deviceId))
    .limit(1);
  return rows[0];
}

export async function setDevicePosition(
  db: DbOrTx,
  deviceId: number,
  latitude: number | null,
  longitude: number | null,
): Promise<{ id: number; name: string } | undefined> {
  const [row] = await db
    .update(devices)
    .set({ gpsLatitude: latitude, gpsLongitude: longitude })
    .where(eq(devices.id, deviceId))
    .returning({ id: devices.id, name: devices.name });
  return row;
}

export interface MapFilter {
  type?: string;
  status?: string;
  categoryId?: number;
}

/** Every machine with a position, both families, with what a marker shows. */
export async function listPositionedDevices(db: DbOrTx, filter: MapFilter = {}) {
  const conditions: (SQL | undefined)[] = [isNotNull(devices.gpsLatitude), isNotNull(devices.gpsLongitude)];
  if (filter.type) conditions.push(eq(devices.type, filter.type));
  if (filter.status) conditions.push(eq(devices.status, filter.status));
  if (filter.categoryId) conditions.push(eq(devices.categoryId, filter.categoryId));
  return db
    .select({
      id: devices.id,
      name: devices.name,
      type: devices.type,
      status: devices.status,
      categoryId: devices.categoryId,
      latitude: devices.gpsLatitude,
      longitude: devices.gpsLongitude,
    })
    .from(devices)
    .where(and(...conditions))
    .orderBy(asc(devices.id));
}
