import { HOTEL_AUDIT_FIELDS, MSG, type HotelSave, type SessionUser, PLACES_MSG } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { auditChanges, bare, fieldsNamed, filledFields, quotedText } from '../../lib/audit-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { findDevicePosition } from '../locations/locations.repository.js';
import { roundKm, toHotel } from './hotels.mapper.js';
import {
  deleteHotel,
  findHotel,
  insertHotel,
  listHotelsNear,
  updateHotel,
  type HotelRow,
  type HotelValues,
} from './hotels.repository.js';

/** A hotel as its entries show it: its fields and its position ("51.1, 17.03", as a machine's). */
type HotelInLog = HotelRow & { position: string };
const inLog = (row: HotelRow): HotelInLog => ({ ...row, position: `${row.latitude}, ${row.longitude}` });

/** In the hotel form's order, named by its labels. */
const HOTEL_FIELDS = fieldsNamed<HotelInLog>(HOTEL_AUDIT_FIELDS, { description: quotedText, position: bare });

/**
 * What a delete took away besides the name its entry gives: each field that had a value and the
 * position (": ulica: „Długa 1”, telefon: „…”, położenie: 51.1, 17.03").
 */
function hotelContent(row: HotelRow): string {
  return filledFields(inLog(row), HOTEL_FIELDS, ['name']).join(', ');
}

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
    // Read in the writing transaction: the entry keeps the values this edit replaces.
    const before = await findHotel(tx, id);
    const row = await updateHotel(tx, id, values);
    if (!before || !row) throw notFound(PLACES_MSG.hotelNotFound);
    // What changed, the old name among it; the same values saved again: no entry.
    const changes = auditChanges(inLog(before), inLog(row), HOTEL_FIELDS);
    if (changes.length) {
      await audit(
        tx,
        actor,
        `edycja hotelu „${row.name}” (id ${row.id}): ${changes.join(', ')}`,
        `hotel:${row.id}`,
      );
    }
    return { created: false, hotel: toHotel(row) };
  });
}

export async function removeHotel(db: Db, actor: SessionUser, id: number) {
  await inTransaction(db, async (tx) => {
    const existing = await findHotel(tx, id);
    const name = await deleteHotel(tx, id);
    if (!existing || name === undefined) throw notFound(PLACES_MSG.hotelNotFound);
    // Named, with all it held: once the row is gone, the entry is what an administrator retypes it from.
    await audit(tx, actor, `usunięcie hotelu „${name}” (id ${id}): ${hotelContent(existing)}`, `hotel:${id}`);
  });
}
