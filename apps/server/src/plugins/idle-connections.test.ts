import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { XHR, createUserAndLogin, listeningPort, storedNames, useTestApp } from '../../test/test-app.js';
import { streamSlots } from '../lib/json-stream.js';
import { labelSheets } from '../modules/labels/labels.renderer.js';
import { inImportQueue } from '../modules/imports/imports.queue.js';
import { insertTestDevice, multipart } from '../modules/files/files.fixtures.js';

const ctx = useTestApp({ IDLE_CONNECTION_TIMEOUT_S: '1' });

const incoming = () => {
  const dir = path.join(ctx.dataDir, 'files', '.incoming');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A call over a real socket (whose idle limit is what is tested), its whole answer awaited. */
async function call(
  method: 'GET' | 'POST',
  path: string,
  headers: http.OutgoingHttpHeaders,
  body: Buffer | string = '',
) {
  const port = await listeningPort(ctx);
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        headers: { ...XHR, ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

describe('a connection on which nothing moves', () => {
  it('is cut after IDLE_CONNECTION_TIMEOUT_S, and the upload it left half-sent leaves nothing behind', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const { payload, headers } = await multipart([
      {
        kind: 'field',
        name: 'fileJson',
        value: JSON.stringify({ deviceId, type: 'DOCUMENT', filename: 'a.pdf' }),
      },
      { kind: 'file', name: 'file', filename: 'a.pdf', content: Buffer.alloc(2 * 1024 * 1024, 7) },
    ]);
    const port = await listeningPort(ctx);
    const socket = net.connect(port, '127.0.0.1');
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.on('error', () => undefined);
    // A tablet that lost the network a megabyte into its upload: the rest never comes, nor a FIN.
    socket.write(
      [
        'POST /api/file/add HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'X-Requested-With: XMLHttpRequest',
        `Cookie: ${user.cookie}`,
        `Content-Type: ${headers['content-type']}`,
        `Content-Length: ${payload.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(payload.subarray(0, 1024 * 1024));
    // On disk the upload's temp file is there while it waits (in S3 the upload is in the bucket's hands).
    const local = ctx.app.storage.kind === 'local';
    if (local) await vi.waitFor(() => expect(incoming().length).toBe(1), { timeout: 10_000 });
    await closed;
    if (local) await vi.waitFor(() => expect(incoming()).toEqual([]), { timeout: 10_000 });
    expect(socket.destroyed).toBe(true);
    expect(await storedNames(ctx)).toEqual([]);
  });

  it('is kept while an import, its file read, waits for the one before it and runs', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    // Another import holds the queue for three idle limits; this one's answer comes after it.
    let ended = false;
    const before = inImportQueue(
      () => new Promise<void>((resolve) => setTimeout(() => ((ended = true), resolve()), 3_000)),
      async () => undefined,
    );
    const { payload, headers } = await multipart([
      { kind: 'file', name: 'file', filename: 'kontrahenci.csv', content: 'Nazwa skrócona\nKowalski\n' },
    ]);
    const answer = await call('POST', '/api/customer/import', { cookie: admin.cookie, ...headers }, payload);
    await before;
    expect(ended).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toMatchObject({ total: 1, added: 1 });
  });

  it('is cut while a CSV export waits for a client that stopped reading, and the export gives its place back', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    // About 13 MB of CSV: more than the sockets' buffers take.
    await ctx.database.db.execute(
      sql`INSERT INTO customers (short_name, full_name, street_address, email)
          SELECT 'Eksport ' || g, repeat('Przedsiębiorstwo ', 12) || g, repeat('ul. Długa ', 20),
                 repeat('biuro', 40) || '@example.pl'
          FROM generate_series(1, 20000) g`,
    );
    const port = await listeningPort(ctx);
    const places = streamSlots(ctx.database.db, 'export');
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    socket.write(
      `GET /api/customer/get-csv HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Requested-With: XMLHttpRequest\r\nCookie: ${admin.cookie}\r\n\r\n`,
    );
    let received = 0;
    let reading = true;
    socket.on('data', (data: Buffer) => {
      received += data.length;
      // The first bytes read, then the tablet loses the network: nothing more is read.
      if (reading) socket.pause();
    });
    await vi.waitFor(() => expect(places.state.used).toBe(1), { timeout: 30_000 });
    await vi.waitFor(() => expect(places.state).toEqual({ used: 0, waiting: 0 }), { timeout: 30_000 });
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    reading = false;
    socket.resume();
    await closed;
    // The answer was cut, not finished: far less than the whole export came.
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(5 * 1024 * 1024);
  }, 90_000);

  it('is kept while a label sheet waits for the one being made and is rendered', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    // Another sheet holds the turn for three idle limits; this one is made after it.
    const release = await labelSheets.turn.take(1000, Error);
    const held = new Promise<void>((resolve) => setTimeout(resolve, 3_000)).then(release);
    const answer = await call(
      'POST',
      '/api/device/qr-labels',
      { cookie: user.cookie, 'content-type': 'application/json' },
      JSON.stringify({ ids: [deviceId] }),
    );
    await held;
    expect(answer.status).toBe(200);
    expect(answer.body.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.each([
    ['a whole list', '/api/customer/findAll', 'list'],
    ['a CSV export', '/api/customer/get-csv', 'export'],
  ] as const)('is kept while %s waits for its place, then answered in full', async (_case, path, kind) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    // More than the first rows read at once, so the list needs a place (json-stream.ts, headThenCursor).
    await ctx.database.db.execute(
      sql`INSERT INTO customers (short_name) SELECT 'Czeka ' || g FROM generate_series(1, 300) g`,
    );
    // Other answers hold every place for three idle limits.
    const places = streamSlots(ctx.database.db, kind);
    const held = await Promise.all(Array.from({ length: places.size }, () => places.take(1000, Error)));
    const freed = new Promise<void>((resolve) => setTimeout(resolve, 3_000)).then(() =>
      held.forEach((r) => r()),
    );
    const answer = await call('GET', path, { cookie: admin.cookie });
    await freed;
    expect(answer.status).toBe(200);
    const text = answer.body.toString();
    const rows = kind === 'list' ? JSON.parse(text).length : text.trim().split('\r\n').length - 1;
    expect(rows).toBe(300);
    expect(places.state).toEqual({ used: 0, waiting: 0 });
  });
});
