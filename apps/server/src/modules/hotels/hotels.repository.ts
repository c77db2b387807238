import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { boundingBoxSql, distanceSql, type LatLon } from '../../lib/geo.js';
import { hotels } from './hotels.table.js';

export type HotelRow = typeof hotels.$inferSelect;
export type HotelValues = Omit<typeof hotels.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function listHotels(db: DbOrTx): Promise<HotelRow[]> {
  return db.select().from(hotels).orderBy(asc(hotels.name), asc(hotels.id));
}

/**
 * Hotels within `radiusKm` of a point, nearest first. The box condition lets the position index
 * cut the candidates to a small area before the exact great-circle distance is computed.
 */
export async function listHotelsNear(
  db: DbOrTx,
  from: LatLon,
  radiusKm: number,
): Promise<(HotelRow & { distance: number })[]> {
  const distance = distanceSql(hotels.latitude, hotels.longitude, from);
  const rows = await db
    .select({ hotel: hotels, distance })
    .from(hotels)
    .where(
      and(boundingBoxSql(hotels.latitude, hotels.longitude, from, radiusKm), sql`${distance} <= ${radiusKm}`),
    )
    .orderBy(asc(distance), asc(hotels.id));
  return rows.map((r) => ({ ...r.hotel, distance: Number(r.distance) }));
}

export async function findHotel(db: DbOrTx, id: number): Promise<HotelRow | undefined> {
  const rows = await db.select().from(hotels).where(eq(hotels.id, id)).limit(1);
  return rows[0];
}

export async function insertHotel(db: DbOrTx, values: HotelValues): Promise<HotelRow> {
  const [row] = await db.insert(hotels).values(values).returning();
  return row;
}

export async function updateHotel(
  db: DbOrTx,
  id: number,
  values: HotelValues,
): Promise<HotelRow | undefined> {
  const [row] = await db.update(hotels).set(values).where(eq(hotels.id, id)).returning();
  return row;
}

/** Deletes the hotel; its name for the log, or undefined when there was none. */
export async function deleteHotel(db: DbOrTx, id: number): Promise<string | undefined> {
  const rows = await db.delete(hotels).where(eq(hotels.id, id)).returning({ name: hotels.name });
  return rows[0]?.name;
}
