import fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser, clearStorage } from '../../../test/test-app.js';
import { addTestFile, insertTestDevice } from './files.fixtures.js';

const ctx = useTestApp();
beforeEach(() => clearStorage(ctx));

const PDF = Buffer.from('%PDF-1.4\n0123456789 zawartość pliku\n%%EOF\n', 'utf8');

const download = (user: TestUser, fileName: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/storage/downloadFile?fileName=${encodeURIComponent(fileName)}`,
    headers: { ...as(user), ...headers },
  });

describe('GET /api/storage/downloadFile', () => {
  async function stored(
    user: TestUser,
    filename: string,
    content: Buffer | string,
    type = 'MACHINE_FILE',
    contentType = 'text/html',
  ) {
    const deviceId = await insertTestDevice(ctx.database.db);
    return addTestFile(ctx, user, { deviceId, filename, content, type, contentType });
  }

  it('returns the same bytes with the original Polish name (RFC 5987)', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'Żółta łódź – schemat.pdf', PDF);
    const response = await download(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(PDF);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['content-length']).toBe(String(PDF.length));
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toMatch(/^inline; /);
    expect(disposition).toContain('filename="Zolta lodz _ schemat.pdf"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('Żółta łódź – schemat.pdf')}`);
  });

  it('sends non-previewable files as attachments whatever type the browser claimed', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'strona.html', '<script>alert(1)</script>');
    const response = await download(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="strona.html"/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never sends an upload as a script the app’s pages could load', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'skrypt.js', 'alert(1)', 'MACHINE_FILE', 'text/javascript');
    const response = await download(user, file.filename);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('alert(1)');
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(String(response.headers['content-disposition'])).toMatch(/^attachment; filename="skrypt.js"/);
  });

  it('serves byte ranges (206) and refuses unsatisfiable ones (416)', async () => {
    const user = await createUserAndLogin(ctx);
    const video = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 256));
    const file = await stored(user, 'film.mp4', video);

    const middle = await download(user, file.filename, { range: 'bytes=100-199' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 100-199/1000');
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.headers['content-type']).toBe('video/mp4');
    expect(middle.rawPayload).toEqual(video.subarray(100, 200));

    const open = await download(user, file.filename, { range: 'bytes=990-' });
    expect(open.statusCode).toBe(206);
    expect(open.rawPayload).toEqual(video.subarray(990));

    const suffix = await download(user, file.filename, { range: 'bytes=-5' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe('bytes 995-999/1000');
    expect(suffix.rawPayload).toEqual(video.subarray(995));

    const clamped = await download(user, file.filename, { range: 'bytes=900-5000' });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.headers['content-range']).toBe('bytes 900-999/1000');

    for (const range of ['bytes=1000-1010', 'bytes=500-100', 'bytes=abc', 'bytes=-0']) {
      const bad = await download(user, file.filename, { range });
      expect(bad.statusCode, range).toBe(416);
      expect(bad.headers['content-range']).toBe('bytes */1000');
      expect(bad.json().message).toBe('Nieprawidłowy zakres bajtów pliku.');
    }
  });

  it('never resolves a name outside the storage', async () => {
    const user = await createUserAndLogin(ctx);
    await stored(user, 'a.pdf', PDF);
    fs.writeFileSync(path.join(ctx.dataDir, 'sekret.txt'), 'tajne');
    for (const name of [
      '../sekret.txt',
      '..%2Fsekret.txt',
      '/etc/passwd',
      '..\\sekret.txt',
      '.incoming',
      'files/../sekret.txt',
      '',
    ]) {
      const response = await download(user, name);
      expect([400, 404], name).toContain(response.statusCode);
      expect(response.body).not.toContain('tajne');
    }
    const unknown = await download(user, '123e4567-e89b-42d3-a456-426614174000.pdf');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nie znaleziono pliku.');
  });

  it('lets a browser keep a copy only while its name still means the same file (ETag, 304)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const first = await stored(admin, 'Cennik.pdf', Buffer.from('%PDF-1.4 STARA WERSJA'));
    const fetched = await download(admin, first.filename);
    expect(fetched.headers['cache-control']).toBe('private, no-cache');
    const tag = String(fetched.headers.etag);
    expect(tag).toMatch(/^"[0-9a-f-]{36}\.pdf"$/);

    const again = await download(admin, first.filename, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await download(admin, first.filename, { 'if-none-match': `W/${tag}, "x"` })).statusCode).toBe(
      304,
    );

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/file/delete/${first.id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect((await download(admin, first.filename, { 'if-none-match': tag })).statusCode).toBe(404);

    // A new file takes the same name: the browser's tag no longer matches, so it gets the new bytes.
    const second = await stored(admin, 'Cennik.pdf', Buffer.from('%PDF-1.4 NOWA WERSJA'));
    expect(second.filename).toBe(first.filename);
    const renewed = await download(admin, second.filename, { 'if-none-match': tag });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.body).toBe('%PDF-1.4 NOWA WERSJA');
    expect(renewed.headers.etag).not.toBe(tag);

    // A download resumed with the first file's tag gets the new file whole, not its rest joined on.
    const resumed = await download(admin, second.filename, { range: 'bytes=9-', 'if-range': tag });
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body).toBe('%PDF-1.4 NOWA WERSJA');
    // With the new file's own tag or date, the range is sent.
    const newTag = String(renewed.headers.etag);
    for (const condition of [newTag, String(renewed.headers['last-modified'])]) {
      const rest = await download(admin, second.filename, { range: 'bytes=9-', 'if-range': condition });
      expect(rest.statusCode, condition).toBe(206);
      expect(rest.body).toBe('NOWA WERSJA');
    }
    // A weak tag or another date never stands for these bytes.
    for (const condition of [`W/${newTag}`, 'Thu, 01 Jan 2015 00:00:00 GMT']) {
      expect(
        (await download(admin, second.filename, { range: 'bytes=9-', 'if-range': condition })).statusCode,
      ).toBe(200);
    }
  });

  it('needs a session', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await stored(user, 'a.pdf', PDF);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/storage/downloadFile?fileName=${encodeURIComponent(file.filename)}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
