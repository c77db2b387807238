import net from 'node:net';
import type { Readable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@serwis/domain';
import { createUserAndLogin, listeningPort, storedNames, useTestApp } from '../../test/test-app.js';
import { insertTestDevice, multipart } from '../modules/files/files.fixtures.js';

// Idle connections are cut after a second, so a request the server stopped reading ends the test
// quickly instead of at the default two minutes.
const ctx = useTestApp({ IDLE_CONNECTION_TIMEOUT_S: '1', MAX_UPLOAD_MB: '16' });

/**
 * A browser's upload: the whole body is sent before the answer is read (Chromium reads it only
 * then), and the same connection is used again for the next call. Returns every answer's status
 * line and body that came back on the connection before it closed.
 */
async function uploadThenAskAgain(path: string, cookie: string, form: Awaited<ReturnType<typeof multipart>>) {
  const port = await listeningPort(ctx);
  const socket = net.connect(port, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const head = (lines: string[]) => `${lines.join('\r\n')}\r\n\r\n`;
  socket.write(
    head([
      `POST ${path} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'X-Requested-With: XMLHttpRequest',
      `Cookie: ${cookie}`,
      `Content-Type: ${form.headers['content-type']}`,
      `Content-Length: ${form.payload.length}`,
    ]),
  );
  socket.write(form.payload);
  socket.write(head(['GET /api/health HTTP/1.1', `Host: 127.0.0.1:${port}`, 'Connection: close']));
  await closed;
  const text = Buffer.concat(received).toString('utf8');
  return text
    .split(/(?=HTTP\/1\.1 \d{3})/)
    .map((answer) => ({ status: Number(answer.slice(9, 12)), body: answer.split('\r\n\r\n')[1] ?? '' }));
}

const diskFull = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });

describe('an upload refused before its last byte', () => {
  it(
    'is read to its end, so the browser gets the full disk’s answer at once and the connection goes on',
    { timeout: 15_000 },
    async () => {
      const user = await createUserAndLogin(ctx);
      const deviceId = await insertTestDevice(ctx.database.db);
      // The disk fills a megabyte into the file: the store stops taking it, as a full disk does.
      const save = vi.spyOn(ctx.app.storage, 'save').mockImplementation(async (source: Readable) => {
        let taken = 0;
        for await (const chunk of source) {
          taken += (chunk as Buffer).length;
          if (taken > 1024 * 1024) break;
        }
        source.destroy();
        throw diskFull();
      });
      const form = await multipart([
        {
          kind: 'field',
          name: 'fileJson',
          value: JSON.stringify({ device: { id: deviceId }, type: 'MACHINE_FILE', filename: 'dtr.pdf' }),
        },
        { kind: 'file', name: 'file', filename: 'dtr.pdf', content: Buffer.alloc(15 * 1024 * 1024, 7) },
      ]);
      const answers = await uploadThenAskAgain('/api/file/add', user.cookie, form);
      save.mockRestore();
      expect(answers.map((a) => a.status)).toEqual([507, 200]);
      expect(JSON.parse(answers[0]!.body)).toMatchObject({ message: MSG.serverDiskFull, code: 'DISK_FULL' });
      expect(await storedNames(ctx)).toEqual([]);
    },
  );

  it('is read to its end when an import file is over the limit, and the 413 comes back', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const form = await multipart([
      { kind: 'file', name: 'file', filename: 'maszyny.csv', content: Buffer.alloc(40 * 1024 * 1024, 65) },
    ]);
    const answers = await uploadThenAskAgain('/api/device/import/preview', user.cookie, form);
    expect(answers.map((a) => a.status)).toEqual([413, 200]);
    expect(JSON.parse(answers[0]!.body)).toMatchObject({ code: 'TOO_LARGE' });
  });
});
