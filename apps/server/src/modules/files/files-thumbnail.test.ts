import sharp from 'sharp';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, THUMBNAIL_WIDTH } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser, clearStorage } from '../../../test/test-app.js';
import { addTestFile, insertTestDevice } from './files.fixtures.js';

const ctx = useTestApp();
beforeEach(() => clearStorage(ctx));

const thumbnail = (user: TestUser, fileName: string, headers: Record<string, string> = {}, width = '480') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/storage/downloadFile?fileName=${encodeURIComponent(fileName)}&width=${width}`,
    headers: { ...as(user), ...headers },
  });

async function stored(user: TestUser, filename: string, content: Buffer, type = 'MACHINE_NAMEPLATE') {
  const deviceId = await insertTestDevice(ctx.database.db);
  return addTestFile(ctx, user, { deviceId, filename, content, type });
}

/** A photo as a tablet takes it: 3000 × 2000, with noise so that it does not compress to nothing. */
async function photo(options: { orientation?: number } = {}) {
  const width = 3000;
  const height = 2000;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

describe('GET /api/storage/downloadFile?width=480 (a picture for its card)', () => {
  it('sends a nameplate photo as a WebP 480 px wide, far smaller, and a 304 for the copy already held', async () => {
    const user = await createUserAndLogin(ctx);
    const original = await photo();
    const file = await stored(user, 'Tabliczka – piec.jpg', original);

    const response = await thumbnail(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(String(response.headers['content-disposition'])).toMatch(
      /^inline; filename="Tabliczka _ piec.webp"/,
    );
    const small = await sharp(response.rawPayload).metadata();
    expect([small.format, small.width, small.height]).toEqual(['webp', THUMBNAIL_WIDTH, 320]);
    expect(response.rawPayload.length).toBeLessThan(original.length / 10);
    expect(response.headers['content-length']).toBe(String(response.rawPayload.length));

    // Its own tag: the browser's small copy is not taken for the photo, nor the photo for it.
    const tag = String(response.headers.etag);
    expect(tag).toMatch(/^"[0-9a-f-]{36}\.jpg-w480"$/);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    const again = await thumbnail(user, file.filename, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const whole = await ctx.app.inject({
      method: 'GET',
      url: `/api/storage/downloadFile?fileName=${encodeURIComponent(file.filename)}`,
      headers: { ...as(user), 'if-none-match': tag },
    });
    expect(whole.statusCode).toBe(200);
    // (Buffer.equals: a deep comparison of 4 MB byte by byte takes half a minute.)
    expect(whole.rawPayload.equals(original)).toBe(true);
  });

  it('turns the photo as its EXIF says (a tablet held upright)', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'pionowo.jpg', await photo({ orientation: 6 }));
    const response = await thumbnail(user, file.filename);
    const small = await sharp(response.rawPayload).metadata();
    expect([small.width, small.height, small.orientation]).toEqual([320, THUMBNAIL_WIDTH, undefined]);
  });

  it('keeps a small picture its size and a transparent PNG transparent', async () => {
    const user = await createUserAndLogin(ctx);
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const file = await stored(user, 'logo.png', png);
    const small = await sharp((await thumbnail(user, file.filename)).rawPayload).metadata();
    expect([small.format, small.width, small.height, small.hasAlpha]).toEqual(['webp', 200, 100, true]);
  });

  it('sends whole what it cannot make small: a BMP, and a file that is no picture', async () => {
    const user = await createUserAndLogin(ctx);
    // A 1 × 1 BMP: libvips reads no BMP, so the card gets the photo itself.
    const bmp = Buffer.from(
      '424d3a0000000000000036000000280000000100000001000000010018000000000004000000130b0000130b00000000000000000000ff000000',
      'hex',
    );
    const bitmap = await stored(user, 'stara.bmp', bmp);
    const sentBitmap = await thumbnail(user, bitmap.filename);
    expect(sentBitmap.statusCode).toBe(200);
    expect(sentBitmap.headers['content-type']).toBe('image/bmp');
    expect(sentBitmap.rawPayload).toEqual(bmp);

    const pdf = Buffer.from('%PDF-1.4\nschemat\n%%EOF\n');
    const document = await stored(user, 'schemat.pdf', pdf, 'MACHINE_FILE');
    const sentDocument = await thumbnail(user, document.filename);
    expect(sentDocument.headers['content-type']).toBe('application/pdf');
    expect(sentDocument.rawPayload).toEqual(pdf);
  });

  it('sends whole a small file that claims a picture of more than 100 million pixels', async () => {
    const user = await createUserAndLogin(ctx);
    // 12,000 × 10,000 of one colour: a PNG of some 200 kB that would decode to 360 MB.
    const huge = await sharp({
      create: { width: 12_000, height: 10_000, channels: 3, background: '#808080' },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const file = await stored(user, 'olbrzym.png', huge);
    const response = await thumbnail(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(huge)).toBe(true);
  });

  it('makes small a phone photo of 108 million pixels, a JPEG read already shrunk', async () => {
    const user = await createUserAndLogin(ctx);
    // 12,000 × 9,000, as a phone's 108 MP mode takes it, of one colour (a file of some 2 MB).
    const huge = await sharp({
      create: { width: 12_000, height: 9_000, channels: 3, background: '#4a6b8a' },
    })
      .jpeg({ quality: 80 })
      .toBuffer();
    const file = await stored(user, 'tabliczka-108mp.jpg', huge);
    const response = await thumbnail(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    const { width, height } = await sharp(response.rawPayload).metadata();
    expect([width, height]).toEqual([THUMBNAIL_WIDTH, 360]);
    expect(response.rawPayload.length).toBeLessThan(huge.length / 10);
  });

  it('refuses another width with a Polish message, and a deleted file is 404', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'tabliczka.jpg', await photo());
    const other = await thumbnail(user, file.filename, {}, '4000');
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(MSG.thumbnailWidthInvalid);
    const missing = await thumbnail(user, '123e4567-e89b-42d3-a456-426614174000.jpg');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.fileNotFound);
  });
});
