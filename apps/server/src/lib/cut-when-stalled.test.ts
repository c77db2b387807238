import net from 'node:net';
import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cutWhenStalled } from './json-stream.js';

/**
 * A long answer whose client stops reading. The server's own idle limit is switched off on its
 * sockets here, so that only the answer's watchdog can cut it.
 */
const IDLE_MS = 300;
const app = Fastify({ connectionTimeout: IDLE_MS });
const CHUNK = 'x'.repeat(64 * 1024);
/** What each answer's source made, and whether it was ended. */
const sources: { made: number; ended: boolean }[] = [];

app.get<{ Querystring: { chunks: string } }>('/long', (request, reply) => {
  const source = { made: 0, ended: false };
  sources.push(source);
  const chunks = Number(request.query.chunks);
  async function* endless() {
    try {
      for (; source.made < chunks; source.made++) yield CHUNK;
    } finally {
      source.ended = true;
    }
  }
  return reply
    .type('text/plain')
    .send(Readable.from(cutWhenStalled(reply, endless()), { objectMode: false }));
});

let port = 0;
beforeAll(async () => {
  await app.listen({ port: 0, host: '127.0.0.1' });
  app.server.setTimeout(0);
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(() => app.close());

function ask(chunks: number) {
  const socket = net.connect(port, '127.0.0.1');
  socket.write(`GET /long?chunks=${chunks} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  return socket;
}

describe('an answer its client stops reading', () => {
  it('is cut once nothing is read for the idle time, and its source is ended', async () => {
    const chunks = 20_000;
    const socket = ask(chunks);
    socket.on('error', () => undefined);
    // A tablet that lost the network: nothing more is read, and no FIN comes.
    socket.pause();
    await vi.waitFor(() => expect(sources[0]?.ended).toBe(true), { timeout: 20_000 });
    // Cut short: the source made what the sockets' buffers took, far from the whole answer (1.3 GB).
    expect(sources[0]!.made).toBeGreaterThan(0);
    expect(sources[0]!.made).toBeLessThan(chunks);
    // The client, reading again, finds the connection closed.
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.resume();
    await closed;
  });

  it('is not cut while its client reads, however slowly', async () => {
    const chunks = 160;
    const socket = ask(chunks);
    let received = 0;
    await new Promise<void>((resolve, reject) => {
      socket.on('data', (data: Buffer) => {
        // A slow reader: a pause shorter than the idle time after every megabyte or so.
        if (Math.floor((received + data.length) / 2 ** 20) > Math.floor(received / 2 ** 20)) {
          socket.pause();
          setTimeout(() => socket.resume(), IDLE_MS / 3);
        }
        received += data.length;
      });
      socket.on('end', resolve);
      socket.on('error', reject);
    });
    const source = sources[1]!;
    expect(source).toEqual({ made: chunks, ended: true });
    expect(received).toBeGreaterThan(chunks * CHUNK.length);
  });
});
