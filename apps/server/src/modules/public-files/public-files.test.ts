import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PLACES_MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, XHR, type TestUser } from '../../../test/test-app.js';
import { sweepOrphanFiles } from '../files/files.sweep.js';

const ctx = useTestApp();

/** A chunk of a PNG: length, type, data and its checksum. */
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([len, body, sum]);
}

/**
 * A tiny valid PNG (1×1, one colour), built here so the test needs no image library; `extra`
 * chunks go after the header, `after` after the end.
 */
function png(rgb: [number, number, number], extra: Buffer[] = [], after = Buffer.alloc(0)): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...extra,
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, ...rgb]))),
    chunk('IEND', Buffer.alloc(0)),
    after,
  ]);
}

const upload = (user: TestUser | null, payload: object) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/storage/upload-public-file',
    headers: user ? as(user) : XHR,
    payload,
  });
const download = (fileName: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: `/api/storage/download-public-file?fileName=${fileName}`, headers });

describe('the public map image', () => {
  it('stores the uploaded PNG and serves it without a session, replacing the previous one', async () => {
    const user = await createUserAndLogin(ctx);
    const made = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/map/config', headers: as(user) })).json()
        .publicMapMade;
    expect((await download('machines-map.png')).statusCode).toBe(404);
    // The map screen learns it from its configuration, not from a 404 in the browser's console.
    expect(await made()).toBe(false);
    const red = png([255, 0, 0]);
    const saved = await upload(user, { name: 'map', base64: red.toString('base64') });
    expect(saved.statusCode).toBe(200);
    expect(await made()).toBe(true);
    expect(saved.json().message).toBe(PLACES_MSG.publicFileSaved);
    const first = await download('machines-map.png');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(first.rawPayload.equals(red)).toBe(true);

    const blue = png([0, 0, 255]);
    // A data: URL as canvas.toDataURL() gives it is accepted as well.
    await upload(user, { name: 'map', base64: `data:image/png;base64,${blue.toString('base64')}` });
    expect((await download('machines-map.png')).rawPayload.equals(blue)).toBe(true);
    // The replaced bytes are gone; the current ones survive the orphan sweep.
    const names: string[] = [];
    for await (const entry of ctx.app.storage.list()) names.push(entry.name);
    expect(names).toHaveLength(1);
    await sweepOrphanFiles(ctx.database.db, ctx.app.storage, { graceMs: -60_000 });
    expect((await download('machines-map.png')).rawPayload.equals(blue)).toBe(true);
  });

  it('refuses another name, something that is not a PNG, and an upload without a session', async () => {
    const user = await createUserAndLogin(ctx);
    const other = await upload(user, { name: 'logo', base64: png([1, 2, 3]).toString('base64') });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain(PLACES_MSG.publicFileNameInvalid);
    const notPng = await upload(user, {
      name: 'map',
      base64: Buffer.from('GIF89a-not-a-png-at-all-123456789').toString('base64'),
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toBe(PLACES_MSG.publicFileNotPng);
    const garbage = await upload(user, { name: 'map', base64: '%%%' });
    expect(garbage.statusCode).toBe(400);
    // Anything but a PNG under the public address: a page after the signature, a damaged chunk,
    // a missing end, a critical chunk no image has.
    const html = Buffer.from('<html><script>alert(1)</script></html>'.padEnd(64));
    const damaged = png([1, 2, 3]);
    damaged[damaged.length - 20] ^= 0xff;
    for (const bytes of [
      Buffer.concat([damaged.subarray(0, 8), html]),
      damaged,
      png([1, 2, 3]).subarray(0, -12),
      png([1, 2, 3], [chunk('HTML', html)]),
    ]) {
      const refused = await upload(user, { name: 'map', base64: bytes.toString('base64') });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(PLACES_MSG.publicFileNotPng);
    }
    const anonymous = await upload(null, { name: 'map', base64: png([1, 2, 3]).toString('base64') });
    expect(anonymous.statusCode).toBe(401);
  });

  it('keeps the image and leaves out text, private chunks and whatever follows its end', async () => {
    const user = await createUserAndLogin(ctx);
    const look = [chunk('sRGB', Buffer.from([0])), chunk('pHYs', Buffer.alloc(9))];
    const script = Buffer.from('<script>alert(1)</script>');
    const carrying = png(
      [1, 2, 3],
      [
        ...look,
        chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), script])),
        chunk('iDOT', Buffer.alloc(28)),
      ],
      script,
    );
    expect((await upload(user, { name: 'map', base64: carrying.toString('base64') })).statusCode).toBe(200);
    const served = (await download('machines-map.png')).rawPayload;
    expect(served.equals(png([1, 2, 3], look))).toBe(true);
    expect(served.includes('script')).toBe(false);
  });

  it('serves nothing else without a session', async () => {
    const user = await createUserAndLogin(ctx);
    await upload(user, { name: 'map', base64: png([0, 255, 0]).toString('base64') });
    for (const name of ['map', 'machines-map.PNG', '../machines-map.png', 'x.png', '']) {
      const response = await download(encodeURIComponent(name));
      expect(response.statusCode, name).toBe(404);
    }
    for (const url of [
      '/api/storage/downloadFile?fileName=machines-map.png',
      '/api/device/with-gps-location-data',
      '/api/deviceHotel/getAll',
      '/api/branch/getAll',
      '/api/map/config',
      '/api/geocode?q=Kraków',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});
