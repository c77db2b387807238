import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { APP_VERSION_HEADER, MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../test/test-app.js';
import { builtAppVersion } from './web-app.js';

/** A built browser app as apps/web's build leaves it: assets with their .br and .gz beside them. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-web-dist-'));
const SCRIPT = `console.log(${JSON.stringify('Zażółć gęślą jaźń '.repeat(200))});`;
const PAGE =
  '<!doctype html><html lang="pl"><script type="module" src="/assets/index-abc.js"></script></html>';
fs.mkdirSync(path.join(dist, 'assets'));
for (const [file, text] of [
  ['assets/index-abc.js', SCRIPT],
  ['index.html', PAGE],
] as const) {
  const full = path.join(dist, file);
  fs.writeFileSync(full, text);
  fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${full}.gz`, zlib.gzipSync(text));
}

const ctx = useTestApp({ WEB_DIST: dist });

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('the built browser app on the wire', () => {
  it('sends the precompressed asset the browser accepts, brotli first, cached for a year', async () => {
    const br = await get('/assets/index-abc.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers['content-type'])).toMatch(/^(application|text)\/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-abc.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-abc.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(SCRIPT);
  });

  it('answers a screen address with the page, compressed and never cached stale', async () => {
    const page = await get('/machineList?id=3', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
  });

  it("answers a script of an earlier build 404, not with the page (an old tab's screen after a deploy)", async () => {
    const gone = await get('/assets/statistics-old.js', 'br');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).not.toMatch(/text\/html/);
    expect(gone.body).not.toContain('<!doctype html>');
  });
});

describe('the API on the wire', () => {
  it('keeps its answers out of caches (no-store), refusals included', async () => {
    for (const url of ['/api/health', '/api/user/check-auth', '/api/customer/findById/1']) {
      const response = await get(url);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const page = await get('/customerList');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('the app while the database is away', () => {
  it('still loads for a signed-in browser, whose API calls and readiness say the database is away', async () => {
    const user = await createUserAndLogin(ctx);
    const db = ctx.app.db as unknown as Record<'select' | 'execute', (...args: unknown[]) => unknown>;
    const kept = { select: db.select, execute: db.execute };
    const away = () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    db.select = away;
    db.execute = away;
    try {
      const signedIn = { cookie: user.cookie };
      const page = await ctx.app.inject({ method: 'GET', url: '/machineList', headers: signedIn });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(PAGE);
      const script = await ctx.app.inject({ method: 'GET', url: '/assets/index-abc.js', headers: signedIn });
      expect(script.statusCode).toBe(200);
      expect(script.body).toBe(SCRIPT);

      const call = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: as(user) });
      expect(call.statusCode).toBe(503);
      expect(call.json()).toMatchObject({ message: MSG.serverBackendDown, code: 'UNAVAILABLE' });
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready', headers: signedIn });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not-ready', checks: { database: 'error' } });
    } finally {
      Object.assign(db, kept);
    }
    // And back: the same session goes on.
    const back = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: as(user) });
    expect(back.statusCode).toBe(200);
  });
});

describe('the build the server serves', () => {
  it('names it in every API answer, refusals included, by the entry script of the page it serves', async () => {
    for (const url of ['/api/health', '/api/user/check-auth', '/api/customer/findById/1', '/api/nothing']) {
      const response = await get(url);
      expect(response.headers[APP_VERSION_HEADER], url).toBe('/assets/index-abc.js');
    }
    expect((await get('/customerList')).headers[APP_VERSION_HEADER]).toBeUndefined();
  });

  it('names none without a built app (the API alone, or `npm run dev`)', () => {
    expect(builtAppVersion(undefined)).toBeUndefined();
    expect(builtAppVersion(os.tmpdir())).toBeUndefined();
    expect(builtAppVersion(dist)).toBe('/assets/index-abc.js');
  });
});
