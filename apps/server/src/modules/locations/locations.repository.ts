import { and, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_MARKER_COLORS, MACHINE_STATUSES } from '@serwis/domain';
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

function mapWhere(filter: MapFilter) {
  const conditions: (SQL | undefined)[] = [isNotNull(devices.gpsLatitude), isNotNull(devices.gpsLongitude)];
  if (filter.type) conditions.push(eq(devices.type, filter.type));
  if (filter.status) conditions.push(eq(devices.status, filter.status));
  if (filter.categoryId) conditions.push(eq(devices.categoryId, filter.categoryId));
  return and(...conditions);
}

/** The status colours as a SQL CASE, so the whole answer can be built in the database. */
const colour = (key: 'colorBackground' | 'colorText', fallback: string) =>
  sql.join(
    [
      sql`CASE ${devices.status}`,
      ...MACHINE_STATUSES.map((s) => sql`WHEN ${s.name} THEN ${s[key]}::text`),
      sql`ELSE ${fallback}::text END`,
    ],
    sql` `,
  );

/**
 * Every positioned machine as one JSON array built by the database: with 100,000 markers, one
 * value instead of 100,000 result rows (PGlite pays per row far more than per byte), and no
 * per-object work in Node. Same fields and order as `mapPointSchema`.
 */
export async function mapPointsJson(db: DbOrTx, filter: MapFilter = {}): Promise<string> {
  const [row] = await db
    .select({
      json: sql<string>`coalesce(json_agg(json_build_object(
        'latitude', ${devices.gpsLatitude}, 'longitude', ${devices.gpsLongitude},
        'color1', ${colour('colorBackground', DEFAULT_MARKER_COLORS.color1)},
        'color2', ${colour('colorText', DEFAULT_MARKER_COLORS.color2)},
        'id', ${devices.id}, 'name', ${devices.name}, 'type', ${devices.type},
        'status', ${devices.status}, 'categoryId', ${devices.categoryId}) ORDER BY ${devices.id}), '[]')::text`,
    })
    .from(devices)
    .where(mapWhere(filter));
  return row.json;
}
