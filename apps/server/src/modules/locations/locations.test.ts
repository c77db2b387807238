import { gunzipSync } from 'node:zlib';
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, PLACES_MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { devices } from '../devices/devices.table.js';
import { insertTestDevice } from '../files/files.fixtures.js';
import { logs } from '../logs/logs.table.js';
import { tileSources } from '../../app.js';

const ctx = useTestApp({
  MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
  MAP_TILE_ATTRIBUTION: 'Kafelki testowe',
});

const update = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'PATCH', url: '/api/device/updateGpsLocation', headers: as(user), payload });
const points = (user: TestUser, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/device/with-gps-location-data${query}`, headers: as(user) });

describe('the tile server in the CSP (tileSources)', () => {
  it('is the template’s origin, any subdomain for {s}, nothing for a template that is no address', () => {
    expect(tileSources('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual([
      'https://tile.openstreetmap.org',
    ]);
    expect(tileSources('https://{s}.tile.example.pl:8443/{z}/{x}/{y}{r}.png')).toEqual([
      'https://*.tile.example.pl:8443',
    ]);
    expect(tileSources('http://10.0.0.5:8080/tiles/{z}/{x}/{y}.png')).toEqual(['http://10.0.0.5:8080']);
    expect(tileSources('/kafelki/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileSources('javascript:alert(1)')).toEqual([]);
  });
});

describe('machine positions and the machine map', () => {
  it('sets and clears the position of an internal and an external machine', async () => {
    const user = await createUserAndLogin(ctx);
    const internal = await insertTestDevice(ctx.database.db, 'Piec wewnętrzny');
    const external = await insertTestDevice(ctx.database.db, 'Piec obcy');
    await ctx.database.db.update(devices).set({ type: 'EXTERNAL' }).where(eq(devices.id, external));
    const saved = await update(user, { deviceId: internal, latitude: 51.1, longitude: '17.03' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ message: 'Zapisano' });
    expect((await update(user, { deviceId: external, latitude: -33.9, longitude: 151.2 })).statusCode).toBe(
      200,
    );
    const rows = await ctx.database.db.select().from(devices).orderBy(devices.id);
    expect(rows.map((r) => [r.gpsLatitude, r.gpsLongitude])).toEqual([
      [51.1, 17.03],
      [-33.9, 151.2],
    ]);
    const cleared = await update(user, { deviceId: external, latitude: null, longitude: null });
    expect(cleared.statusCode).toBe(200);
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, external));
    expect([row.gpsLatitude, row.gpsLongitude]).toEqual([null, null]);
    expect(
      await ctx.database.db
        .select()
        .from(logs)
        .where(eq(logs.arg1, `device:${internal}`)),
    ).toHaveLength(1);
  });

  it('refuses coordinates out of range, half a position and an unknown machine, in Polish', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const cases: [object, number, string][] = [
      [{ deviceId, latitude: 91, longitude: 19 }, 400, PLACES_MSG.latitudeInvalid],
      [{ deviceId, latitude: -90.01, longitude: 19 }, 400, PLACES_MSG.latitudeInvalid],
      [{ deviceId, latitude: 52, longitude: 180.5 }, 400, PLACES_MSG.longitudeInvalid],
      [{ deviceId, latitude: 52, longitude: 'wschód' }, 400, PLACES_MSG.longitudeInvalid],
      // Neither an empty text (it was 0, the equator) nor a hexadecimal one (it was 32) is a number.
      [{ deviceId, latitude: '', longitude: 19 }, 400, PLACES_MSG.latitudeInvalid],
      [{ deviceId, latitude: '0x20', longitude: 19 }, 400, PLACES_MSG.latitudeInvalid],
      [{ deviceId, latitude: 52, longitude: '1e1' }, 400, PLACES_MSG.longitudeInvalid],
      [{ deviceId, latitude: 52, longitude: null }, 400, PLACES_MSG.positionIncomplete],
      [{ deviceId: 'x', latitude: 52, longitude: 19 }, 400, ''],
      [{ deviceId: 9999, latitude: 52, longitude: 19 }, 404, MSG.machineNotFound],
    ];
    for (const [payload, status, message] of cases) {
      const response = await update(user, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json().message).toContain(message);
    }
    // The extremes themselves are valid.
    expect((await update(user, { deviceId, latitude: -90, longitude: 180 })).statusCode).toBe(200);
    // A decimal as text, with a dot or a Polish comma, is read.
    expect((await update(user, { deviceId, latitude: '52,25', longitude: '21.5' })).statusCode).toBe(200);
  });

  it('lists every positioned machine of both families with its status colours, filterable', async () => {
    const user = await createUserAndLogin(ctx);
    const ok = await insertTestDevice(ctx.database.db, 'Maszyna OK');
    const broken = await insertTestDevice(ctx.database.db, 'Maszyna z awarią');
    const unplaced = await insertTestDevice(ctx.database.db, 'Bez położenia');
    await ctx.database.db
      .update(devices)
      .set({ status: 'OK', statusWeight: 4, gpsLatitude: 52.1, gpsLongitude: 21 })
      .where(eq(devices.id, ok));
    await ctx.database.db
      .update(devices)
      .set({ type: 'EXTERNAL', status: 'BROKEN', statusWeight: 7, gpsLatitude: 50, gpsLongitude: 20 })
      .where(eq(devices.id, broken));
    const response = await points(user);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toHaveLength(2);
    expect(body[0]).toEqual({
      categoryId: expect.any(Number),
      id: ok,
      name: 'Maszyna OK',
      type: 'INTERNAL',
      status: 'OK',
      latitude: 52.1,
      longitude: 21,
      color1: '#237a35',
      color2: '#ffffff',
    });
    expect(body[1]).toMatchObject({ id: broken, type: 'EXTERNAL', color1: '#c92a2a' });
    expect(body.some((p: { id: number }) => p.id === unplaced)).toBe(false);
    expect((await points(user, '?type=EXTERNAL')).json().map((p: { id: number }) => p.id)).toEqual([broken]);
    expect((await points(user, '?status=OK')).json().map((p: { id: number }) => p.id)).toEqual([ok]);
    expect((await points(user, '?status=NIEZNANY')).statusCode).toBe(400);
  });

  it('gives the map configuration (tiles, attribution, radius, public address) to any employee', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/map/config', headers: as(user) });
    expect(response.json()).toEqual({
      tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
      attribution: 'Kafelki testowe',
      hotelRadiusKm: 50,
      geocoding: true,
      publicMapPath: '/api/storage/download-public-file?fileName=machines-map.png',
      publicMapMade: false,
    });
    // The CSP lets the browser load tiles from that plain-http server, and images and requests from
    // no other host.
    const csp = String(response.headers['content-security-policy']).split(';');
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:9");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:9");
    expect(csp).toContain("font-src 'self' data:");
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/map/config' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('gzips a large map for a browser that takes it, the same bytes once unpacked', async () => {
    const user = await createUserAndLogin(ctx);
    const ids: number[] = [];
    for (let i = 0; i < 60; i++) ids.push(await insertTestDevice(ctx.database.db, `Prasa krawędziowa ${i}`));
    await ctx.database.db
      .update(devices)
      .set({ gpsLatitude: 50.06, gpsLongitude: 19.94 })
      .where(inArray(devices.id, ids));
    const get = (acceptEncoding?: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/api/device/with-gps-location-data',
        headers: { ...as(user), ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await get();
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toHaveLength(60);
    expect(plain.rawPayload.length).toBeGreaterThan(8 * 1024);

    const packed = await get('gzip, deflate, br');
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(String(packed.headers.vary)).toContain('Accept-Encoding');
    expect(packed.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(packed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(packed.rawPayload).equals(plain.rawPayload)).toBe(true);

    // Refused with q=0, or a map small enough: sent as it is.
    expect((await get('gzip;q=0, identity')).headers['content-encoding']).toBeUndefined();
    const small = await ctx.app.inject({
      method: 'GET',
      url: `/api/device/with-gps-location-data?categoryId=999999`,
      headers: { ...as(user), 'accept-encoding': 'gzip' },
    });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual([]);
  });
});
