import http from 'node:http';
import type net from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { XHR, createUserAndLogin, listeningPort, useTestApp } from '../../test/test-app.js';
import { multipart } from '../modules/files/files.fixtures.js';
import { importFiles } from '../modules/imports/imports.routes.js';
import { streamSlots } from './json-stream.js';
import type { Slots } from './slots.js';

const ctx = useTestApp();

/** Connections the server still holds open. */
const openConnections = () =>
  new Promise<number>((resolve, reject) =>
    ctx.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

/** Takes every place of `places`; the function returned gives them all back. */
async function takeAll(places: Slots) {
  const held = await Promise.all(Array.from({ length: places.size }, () => places.take(60_000, Error)));
  return () => held.forEach((release) => release());
}

/** Sends a request over a real socket and drops it after `ms`, as a closed tab or a lost tablet does. */
function abandon(options: http.RequestOptions, body: Buffer | string | undefined, ms: number) {
  const { port } = ctx.app.server.address() as net.AddressInfo;
  const request = http.request({ host: '127.0.0.1', port, ...options });
  request.on('error', () => undefined);
  request.end(body);
  return new Promise<void>((resolve) =>
    setTimeout(() => {
      request.destroy();
      resolve();
    }, ms),
  );
}

describe('a place for a long answer, when its client left while it waited in line', () => {
  it.each([
    ['a CSV export', '/api/customer/get-csv', 'export'],
    ['a whole list', '/api/customer/findAll', 'list'],
  ] as const)('%s gives its stream place back', async (_what, path, kind) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    // More customers than the first batch: the export's ids stay open (and its place held) after it.
    await ctx.database.db.execute(
      sql`INSERT INTO customers (short_name) SELECT 'Kontrahent ' || g FROM generate_series(1, 150) g`,
    );
    await listeningPort(ctx);
    const places = streamSlots(ctx.database.db, kind);
    const giveBack = await takeAll(places);
    await abandon({ method: 'GET', path, headers: { ...XHR, cookie: admin.cookie } }, undefined, 200);
    await vi.waitFor(() => expect(places.state.waiting).toBe(1));
    // The server has seen the client go while the export still waits in line.
    await vi.waitFor(async () => expect(await openConnections()).toBe(0));
    giveBack();
    // The export gets its place once the others are given back, and must give it back in turn.
    await vi.waitFor(() => expect(places.state).toEqual({ used: 0, waiting: 0 }), { timeout: 10_000 });
  });

  it('an import gives its import file place back', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await listeningPort(ctx);
    const { payload, headers } = await multipart([
      { kind: 'file', name: 'file', filename: 'kontrahenci.csv', content: 'Nazwa skrócona\nKowalski\n' },
    ]);
    const giveBack = await takeAll(importFiles.places);
    await abandon(
      {
        method: 'POST',
        path: '/api/customer/import/preview',
        headers: { ...XHR, cookie: admin.cookie, ...headers, 'content-length': payload.length },
      },
      payload,
      200,
    );
    await vi.waitFor(() => expect(importFiles.places.state.waiting).toBe(1));
    await vi.waitFor(async () => expect(await openConnections()).toBe(0));
    giveBack();
    await vi.waitFor(() => expect(importFiles.places.state).toEqual({ used: 0, waiting: 0 }), {
      timeout: 10_000,
    });
  });
});
