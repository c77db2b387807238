import { constants, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { rowsOf } from './result-rows.js';
import { openTestDatabase } from '../../test/test-app.js';
import { anyId, idBatches, readFirst, sendJsonArray, streamList, streamSlots } from './json-stream.js';

/** The library on its own: a probe table, a bare Fastify app, no product routes. */
describe('json-stream', () => {
  let database: Database;
  let app: FastifyInstance;
  const probeIds = (below: number) =>
    sql`SELECT n FROM stream_probe WHERE n < ${below} ORDER BY grp DESC, n ASC`;
  const load = async (ids: number[]) => ids.map((n) => ({ n, label: `wiersz ${n}` }));
  const loadRows = async (ids: number[]) => {
    const result = await database.db.execute(
      sql`SELECT n, grp FROM stream_probe WHERE ${anyId(sql.raw('n'), ids)} ORDER BY array_position(${`{${ids.join(',')}}`}::int[], n)`,
    );
    return rowsOf<{ n: number; grp: number }>(result);
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`CREATE TABLE stream_probe (n int PRIMARY KEY, grp int NOT NULL)`);
    // Groups of 7 equal sort keys: every batch size below cuts through a run of ties.
    await database.db.execute(sql`INSERT INTO stream_probe SELECT g, g % 7 FROM generate_series(1, 250) g`);
    app = Fastify({ logger: false });
    app.get<{ Querystring: { below: string; batch: string } }>('/probe', async (request, reply) =>
      streamList(reply, database.db, probeIds(Number(request.query.below)), load, {
        batchSize: Number(request.query.batch),
      }),
    );
    // Rows read from the database, as every list's loader does: on PostgreSQL another pooled
    // connection beside the one the cursor holds.
    app.get<{ Querystring: { batch: string } }>('/probe-rows', async (request, reply) =>
      streamList(reply, database.db, probeIds(1000), loadRows, { batchSize: Number(request.query.batch) }),
    );
    app.get('/fails-first', async (_request, reply) =>
      sendJsonArray(
        reply,
        (async function* () {
          yield* [];
          throw new Error('przed pierwszym bajtem');
        })(),
      ),
    );
    app.get('/fails-later', async (_request, reply) =>
      sendJsonArray(
        reply,
        (async function* () {
          yield [{ n: 1 }];
          throw new Error('po pierwszym bajcie');
        })(),
      ),
    );
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const expected = async (below: number) => {
    const result = await database.db.execute(probeIds(below));
    const ids = rowsOf<{ n: number }>(result).map((r) => r.n);
    return JSON.stringify(await load(ids));
  };

  it('writes the query order across batch boundaries, without duplicates or gaps', async () => {
    for (const batch of [1, 3, 7, 50, 249, 250, 251, 2000]) {
      const response = await app.inject({ method: 'GET', url: `/probe?below=1000&batch=${batch}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.body).toBe(await expected(1000));
      const ns = (response.json() as { n: number }[]).map((r) => r.n);
      expect(new Set(ns).size).toBe(250);
    }
  });

  it('answers more whole lists at once than the pool has connections, every one complete', async () => {
    // Each stream holds a connection for its cursor and borrows one for each batch of rows: when the
    // streams held every connection, all of them (and the server) waited for good.
    const pool = (database.db as unknown as { $client: { options?: { max?: number } } }).$client;
    const lists = (pool.options?.max ?? 6) + 2;
    const byId = sql`SELECT n, grp FROM stream_probe ORDER BY grp DESC, n ASC`;
    const whole = JSON.stringify(rowsOf(await database.db.execute(byId)));
    const answers = await Promise.all(
      Array.from({ length: lists }, () => app.inject({ method: 'GET', url: '/probe-rows?batch=20' })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(lists).fill(200));
    for (const answer of answers) expect(answer.body).toBe(whole);
    expect(streamSlots(database.db).state).toEqual({ used: 0, waiting: 0 });
  });

  it('answers an empty list as []', async () => {
    const response = await app.inject({ method: 'GET', url: '/probe?below=0&batch=5' });
    expect(response.body).toBe('[]');
  });

  it('leaves no cursor open, after a whole list and after an abandoned one', async () => {
    await app.inject({ method: 'GET', url: '/probe?below=1000&batch=10' });
    const batches = idBatches(database.db, probeIds(1000), { batchSize: 10 });
    expect((await batches.next()).value).toHaveLength(10);
    await batches.return(undefined);
    const open = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'serwis_stream%'`,
    );
    expect(rowsOf<{ n: number }>(open)[0].n).toBe(0);
  });

  it('readFirst: the first item read at once, a failure there thrown at once, an early end closes the cursor', async () => {
    const rows = await readFirst(
      idBatches(database.db, probeIds(1000), { batchSize: 10, firstBatchSize: 5 }),
    );
    const read: number[] = [];
    for await (const ids of rows) read.push(...ids);
    expect(JSON.stringify(await load(read))).toBe(await expected(1000));

    const ended: string[] = [];
    const failing = (async function* () {
      try {
        yield* [];
        throw new Error('przed pierwszą partią');
      } finally {
        ended.push('zamknięty');
      }
    })();
    await expect(readFirst(failing)).rejects.toThrow('przed pierwszą partią');
    expect(ended).toEqual(['zamknięty']);

    // Ended before anything was read from it, past the first batch: the cursor is open and closes.
    const started = await readFirst(
      idBatches(database.db, probeIds(1000), { batchSize: 10, firstBatchSize: 5 }),
    );
    await started.next();
    expect((await started.next()).value).toHaveLength(10);
    await started.return?.(undefined);
    const unread = await readFirst(
      idBatches(database.db, probeIds(1000), { batchSize: 10, firstBatchSize: 5 }),
    );
    await unread.return?.(undefined);
    const open = await database.db.execute(
      sql`SELECT count(*)::int AS n FROM pg_cursors WHERE name LIKE 'serwis_stream%'`,
    );
    expect(rowsOf<{ n: number }>(open)[0].n).toBe(0);
  });

  it('a failure before the first byte is an ordinary error answer', async () => {
    const response = await app.inject({ method: 'GET', url: '/fails-first' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  it('a failure after the first byte cuts the answer short: never a valid but incomplete array', async () => {
    const response = await app
      .inject({ method: 'GET', url: '/fails-later' })
      .then((r) => ({ statusCode: r.statusCode, body: r.body }))
      .catch((error: unknown) => ({ statusCode: 0, body: String(error) }));
    if (response.statusCode === 200) {
      expect(() => JSON.parse(response.body)).toThrow();
    } else {
      expect(response.statusCode).toBe(0);
    }
  });

  it('gzips the array for a client that takes it: the same bytes once unpacked, batches flushed', async () => {
    const plain = await app.inject({ method: 'GET', url: '/probe?below=251&batch=50' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const packed = await app.inject({
      method: 'GET',
      url: '/probe?below=251&batch=50',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(String(packed.headers.vary)).toContain('Accept-Encoding');
    const unpacked = gunzipSync(packed.rawPayload);
    expect(unpacked.equals(plain.rawPayload)).toBe(true);
    expect(unpacked.toString()).toBe(await expected(251));
  });

  it('a failure after the first byte cuts a gzipped answer short too', async () => {
    const response = await app
      .inject({ method: 'GET', url: '/fails-later', headers: { 'accept-encoding': 'gzip' } })
      .then((r) => ({ statusCode: r.statusCode, payload: r.rawPayload }))
      .catch((error: unknown) => ({ statusCode: 0, payload: Buffer.from(String(error)) }));
    if (response.statusCode === 200) {
      // What arrived unpacks (partly) to text that is no valid array.
      let text = '';
      try {
        text = gunzipSync(response.payload, { finishFlush: constants.Z_SYNC_FLUSH }).toString();
      } catch {
        text = '';
      }
      expect(() => JSON.parse(text)).toThrow();
    } else {
      // Cut before the packed bytes left: the usual error answer, or the connection cut.
      expect([0, 500]).toContain(response.statusCode);
    }
  });
});
