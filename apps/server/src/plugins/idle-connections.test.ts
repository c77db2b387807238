import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { XHR, createUserAndLogin, storedNames, useTestApp } from '../../test/test-app.js';
import { inImportQueue } from '../modules/imports/imports.queue.js';
import { insertTestDevice, multipart } from '../modules/files/files.fixtures.js';

const ctx = useTestApp({ IDLE_CONNECTION_TIMEOUT_S: '1' });

const incoming = () => {
  const dir = path.join(ctx.dataDir, 'files', '.incoming');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

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
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
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
    if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.server.address() as net.AddressInfo;
    // Another import holds the queue for three idle limits; this one's answer comes after it.
    let ended = false;
    const before = inImportQueue(
      () => new Promise<void>((resolve) => setTimeout(() => ((ended = true), resolve()), 3_000)),
      async () => undefined,
    );
    const { payload, headers } = await multipart([
      { kind: 'file', name: 'file', filename: 'kontrahenci.csv', content: 'Nazwa skrócona\nKowalski\n' },
    ]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/customer/import',
          headers: { ...XHR, cookie: admin.cookie, ...headers, 'content-length': payload.length },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.end(payload);
    });
    await before;
    expect(ended).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ total: 1, added: 1 });
  });
});
