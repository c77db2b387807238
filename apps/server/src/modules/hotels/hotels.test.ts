import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, PLACES_MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { distanceSql, haversineKm } from '../../lib/geo.js';
import { devices } from '../devices/devices.table.js';
import { insertTestDevice } from '../files/files.fixtures.js';
import { logs } from '../logs/logs.table.js';
import { hotels } from './hotels.table.js';

const ctx = useTestApp();
/** km per degree of latitude on the mean sphere (π · 6371.0088 / 180), worked out by hand. */
const KM_PER_DEG = 111.19508023;
const KM_PER_DEG_LON_52 = KM_PER_DEG * Math.cos((52 * Math.PI) / 180);

const save = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/deviceHotel/insert', headers: as(user), payload });
const near = (user: TestUser, deviceId: number | string) =>
  ctx.app.inject({ method: 'GET', url: `/api/deviceHotel/getAllByDevice/${deviceId}`, headers: as(user) });

async function placedDevice(latitude = 52, longitude = 19) {
  const id = await insertTestDevice(ctx.database.db);
  await ctx.database.db
    .update(devices)
    .set({ gpsLatitude: latitude, gpsLongitude: longitude })
    .where(eq(devices.id, id));
  return id;
}

describe('hotels', () => {
  it('inserts with id 0 (201), edits with a positive id (200), lists all, audits both', async () => {
    const user = await createUserAndLogin(ctx);
    const created = await save(user, {
      id: 0,
      name: 'Hotel Pod Lipą',
      streetAddress: 'Lipowa 1',
      zipCode: '00-001',
      city: 'Warszawa',
      phone: '+48 22 000 00 00',
      province: 'mazowieckie',
      description: 'parking dla busa',
      www: 'hotel.pl',
      latitude: 52.23,
      longitude: '21.01',
    });
    expect(created.statusCode).toBe(201);
    const hotel = created.json();
    expect(hotel).toEqual({
      id: hotel.id,
      name: 'Hotel Pod Lipą',
      streetAddress: 'Lipowa 1',
      zipCode: '00-001',
      city: 'Warszawa',
      phone: '+48 22 000 00 00',
      email: '',
      province: 'mazowieckie',
      www: 'hotel.pl',
      description: 'parking dla busa',
      latitude: 52.23,
      longitude: 21.01,
    });
    const edited = await save(user, { ...hotel, name: 'Hotel Lipa' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: hotel.id, name: 'Hotel Lipa' });
    const all = await ctx.app.inject({ method: 'GET', url: '/api/deviceHotel/getAll', headers: as(user) });
    expect(all.json()).toEqual([{ ...hotel, name: 'Hotel Lipa' }]);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `hotel:${hotel.id}`));
    expect(entries).toHaveLength(2);
    const unknown = await save(user, { ...hotel, id: 9999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(PLACES_MSG.hotelNotFound);
  });

  it('refuses a missing name, an unchosen position and coordinates out of range, in Polish', async () => {
    const user = await createUserAndLogin(ctx);
    const cases: [object, string][] = [
      [{ name: ' ', latitude: 52, longitude: 19 }, 'Wprowadź nazwę'],
      [{ name: 'H', latitude: 0, longitude: 0 }, 'Wybierz lokalizację na mapie'],
      [{ name: 'H' }, 'Wybierz lokalizację na mapie'],
      [{ name: 'H', latitude: 90.5, longitude: 19 }, 'Szerokość geograficzna musi być liczbą od -90 do 90.'],
      [{ name: 'H', latitude: 52, longitude: -181 }, 'Długość geograficzna musi być liczbą od -180 do 180.'],
      [{ name: 'H', latitude: 'abc', longitude: 19 }, 'Szerokość geograficzna musi być liczbą od -90 do 90.'],
    ];
    for (const [payload, message] of cases) {
      const response = await save(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect(await ctx.database.db.select().from(hotels)).toHaveLength(0);
  });

  it('lists hotels within HOTEL_RADIUS_KM (50) of the machine, nearest first, with distances in km', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await placedDevice(52, 19);
    // Due north along the meridian the great-circle distance is the latitude difference × km/degree.
    for (const [name, km] of [
      ['Trzysta', 300],
      ['Czterdzieści', 40],
      ['Dziesięć', 10],
    ] as const) {
      expect((await save(user, { name, latitude: 52 + km / KM_PER_DEG, longitude: 19 })).statusCode).toBe(
        201,
      );
    }
    // Just inside and just outside the radius due east, where the box is widest in longitude.
    await save(user, { name: 'Wschód 49,9', latitude: 52, longitude: 19 + 49.9 / KM_PER_DEG_LON_52 });
    await save(user, { name: 'Wschód 50,3', latitude: 52, longitude: 19 + 50.3 / KM_PER_DEG_LON_52 });
    const response = await near(user, deviceId);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((h: { name: string; distance: number }) => [h.name, h.distance])).toEqual([
      ['Dziesięć', 10],
      ['Czterdzieści', 40],
      // Along a parallel the great circle is a little shorter than the parallel's arc.
      ['Wschód 49,9', 49.9],
    ]);
  });

  it('computes a long distance in SQL as the haversine gives it (Warszawa–Kraków ≈ 251.98 km)', async () => {
    const [row] = await ctx.database.db
      .insert(hotels)
      .values({ name: 'Kraków', latitude: 50.0647, longitude: 19.945 })
      .returning();
    const warszawa = { latitude: 52.2297, longitude: 21.0122 };
    const [{ km }] = await ctx.database.db
      .select({ km: distanceSql(hotels.latitude, hotels.longitude, warszawa) })
      .from(hotels)
      .where(eq(hotels.id, row.id));
    expect(Number(km)).toBeCloseTo(251.977, 2);
    expect(haversineKm(warszawa, row)).toBeCloseTo(251.977, 2);
  });

  it('answers an empty list for a machine without a position and 404 for an unknown machine', async () => {
    const user = await createUserAndLogin(ctx);
    await save(user, { name: 'Hotel', latitude: 52, longitude: 19 });
    const unplaced = await insertTestDevice(ctx.database.db);
    expect((await near(user, unplaced)).json()).toEqual([]);
    const unknown = await near(user, 9999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.machineNotFound);
    expect((await near(user, 'abc')).statusCode).toBe(400);
  });

  it('lets only an admin delete a hotel', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const hotel = (await save(user, { name: 'Hotel Pod Różą', latitude: 52, longitude: 19 })).json();
    const del = (who: TestUser, id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/deviceHotel/deleteHotel/${id}`, headers: as(who) });
    const refused = await del(user, hotel.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji.');
    const done = await del(admin, hotel.id);
    expect(done.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(hotels)).toHaveLength(0);
    // Named in the log: once the row is gone, its id alone says nothing.
    const [entry] = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `hotel:${hotel.id}`))
      .orderBy(logs.eventId)
      .then((rows) => rows.slice(-1));
    expect(entry!.formattedMessage).toContain(`usunięcie hotelu „Hotel Pod Różą” (id ${hotel.id})`);
    expect((await del(admin, hotel.id)).statusCode).toBe(404);
  });
});

describe("a hotel's audit entries", () => {
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );

  it('lists what an edit changed, old → new, and keeps every value a delete took away', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const hotel = (
      await save(admin, {
        id: 0,
        name: 'Hotel Pod Lipą',
        streetAddress: 'Lipowa 1',
        zipCode: '00-001',
        city: 'Warszawa',
        phone: '+48 22 000 00 00',
        description: 'Parking dla busów, śniadanie od 6:00',
        latitude: 52.1,
        longitude: 21.02,
      })
    ).json();
    const edited = {
      ...hotel,
      name: 'Hotel Pod Lipą II',
      phone: '',
      email: 'recepcja@lipa.pl',
      description: 'Parking dla busów',
      latitude: 52.2,
    };
    expect((await save(admin, edited)).statusCode).toBe(200);
    // Saved again as it is: no entry.
    expect((await save(admin, edited)).statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/deviceHotel/deleteHotel/${hotel.id}`,
      headers: as(admin),
    });
    expect(del.statusCode).toBe(200);

    expect((await logged(`hotel:${hotel.id}`)).slice(1)).toEqual([
      `edycja hotelu „Hotel Pod Lipą II” (id ${hotel.id}): nazwa: „Hotel Pod Lipą” → „Hotel Pod Lipą II”, ` +
        'telefon: „+48 22 000 00 00” → —, e-mail: — → „recepcja@lipa.pl”, ' +
        'opis: „Parking dla busów, śniadanie od 6:00” → „Parking dla busów”, położenie: 52.1, 21.02 → 52.2, 21.02',
      `usunięcie hotelu „Hotel Pod Lipą II” (id ${hotel.id}): ulica: „Lipowa 1”, kod pocztowy: „00-001”, ` +
        'miasto: „Warszawa”, e-mail: „recepcja@lipa.pl”, opis: „Parking dla busów”, położenie: 52.2, 21.02',
    ]);
  });
});
