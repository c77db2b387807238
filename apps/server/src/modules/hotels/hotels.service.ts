import { MSG, type HotelSave, type SessionUser, PLACES_MSG } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { findDevicePosition } from '../locations/locations.repository.js';
import { roundKm, toHotel } from './hotels.mapper.js';
import {
  deleteHotel,
  insertHotel,
  listHotelsNear,
  updateHotel,
  type HotelValues,
} from './hotels.repository.js';

/** Hotels within the radius of the machine's position; a machine without a position has none. */
export async function hotelsNearDevice(db: Db, deviceId: number, radiusKm: number) {
  const position = await findDevicePosition(db, deviceId);
  if (!position) throw notFound(MSG.machineNotFound);
  if (position.latitude === null || position.longitude === null) return [];
  const rows = await listHotelsNear(
    db,
    { latitude: position.latitude, longitude: position.longitude },
    radiusKm,
  );
  return rows.map((row) => ({ ...toHotel(row), distance: roundKm(row.distance) }));
}

/** id 0 inserts, a positive id edits (spec §4). */
export async function saveHotel(db: Db, actor: SessionUser, input: HotelSave) {
  const { id, ...rest } = input;
  const values: HotelValues = { ...rest, latitude: input.latitude!, longitude: input.longitude! };
  return inTransaction(db, async (tx) => {
    if (id === 0) {
      const row = await insertHotel(tx, values);
      await audit(tx, actor, `dodanie hotelu „${row.name}” (id ${row.id})`, `hotel:${row.id}`);
      return { created: true, hotel: toHotel(row) };
    }
    const row = await updateHotel(tx, id, values);
    if (!row) throw notFound(PLACES_MSG.hotelNotFound);
    await audit(tx, actor, `edycja hotelu „${row.name}” (id ${row.id})`, `hotel:${row.id}`);
    return { created: false, hotel: toHotel(row) };
  });
}

export async function removeHotel(db: Db, actor: SessionUser, id: number) {
  await inTransaction(db, async (tx) => {
    const name = await deleteHotel(tx, id);
    if (name === undefined) throw notFound(PLACES_MSG.hotelNotFound);
    // Named: once the row is gone, the id alone tells the reader nothing.
    await audit(tx, actor, `usunięcie hotelu „${name}” (id ${id})`, `hotel:${id}`);
  });
}
