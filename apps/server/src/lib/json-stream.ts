import { pipeline, Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { z } from 'zod';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { DB_CASING, type Db } from '../db/database.js';
import { MSG } from '@serwis/domain';
import { AppError } from './app-error.js';
import { acceptsGzip } from './gzip-json.js';
import { keepConnectionUntil } from './keep-connection.js';
import { rowsOf } from './result-rows.js';
import { Slots } from './slots.js';

/**
 * Rows per batch of a streamed list: one cursor FETCH of ids, one lookup of their rows, one
 * chunk of the answer. Big enough that the round trips do not dominate, small enough that a
 * batch of full machine rows stays around a megabyte.
 */
export const streamDefaults = {
  batchSize: 2000,
  firstBatchSize: 100,
  /** How long a stream waits for a place (`streamSlots`) before it is answered 503. */
  waitMs: 15_000,
};

/**
 * Streams at once per database, in two sets of places: whole lists (a form's customers, a spec
 * client's unpaged list) and CSV exports, so that exports, which run longest, never make a form
 * wait. On PostgreSQL each stream holds a pooled connection for its cursor and borrows another for
 * every batch of rows: with as many streams as connections, every stream held one and waited for a
 * second for good, and the whole server with them (ten machine forms opened at once did it). The
 * two sets hold at most three fifths of the pool (4 + 2 of 10), leaving the rest to the rows and to
 * every other request. PGlite runs one statement at a time: a few long lists interleave, more only
 * slow everyone.
 */
export type StreamKind = 'list' | 'export';
const PGLITE_STREAMS: Record<StreamKind, number> = { list: 3, export: 2 };

function placesFor(client: object, kind: StreamKind): number {
  if (!(client instanceof pg.Pool)) return PGLITE_STREAMS[kind];
  const pool = client.options.max ?? 10;
  const exports = Math.max(1, Math.floor(pool / 5));
  return kind === 'export' ? exports : Math.max(1, Math.ceil((pool * 3) / 5) - exports);
}

const slotsByClient = new WeakMap<object, Record<StreamKind, Slots>>();

export function streamSlots(db: Db, kind: StreamKind = 'list'): Slots {
  const client = (db as unknown as { $client: object }).$client;
  let slots = slotsByClient.get(client);
  if (!slots) {
    slots = { list: new Slots(placesFor(client, 'list')), export: new Slots(placesFor(client, 'export')) };
    slotsByClient.set(client, slots);
  }
  return slots[kind];
}

const busy = () => new AppError(503, MSG.serverBusy, 'BUSY');

export interface StreamOptions {
  /** Rows per batch (default `streamDefaults.batchSize`, which tests set small to cross batches). */
  batchSize?: number;
  /** Rows of the first batch: small, so the first byte leaves before a whole batch is loaded. */
  firstBatchSize?: number;
  /**
   * The array's element schema, when the rows must pass through it to read as the response schema
   * would write them (a mapper whose key order differs from the schema's); else JSON.stringify.
   */
  rowSchema?: z.ZodType;
  /** Which set of stream places a long list takes (default a whole list; CSV exports their own). */
  kind?: StreamKind;
}

let cursorSerial = 0;
const cursorName = () => `serwis_stream_${process.pid}_${++cursorSerial}`;

const firstColumn = (row: Record<string, unknown>) => Number(Object.values(row)[0]);

/**
 * PostgreSQL: a cursor in a read-only transaction on one pooled connection, held for the whole
 * stream. The rows are produced as they are fetched, so the first batch comes as soon as the plan
 * delivers it and nothing is materialised (see docs/decisions.md, "Unpaged lists as streams").
 */
async function* postgresCursor(pool: pg.Pool, query: SQLWrapper, batchSize: number) {
  const client = await pool.connect();
  const name = cursorName();
  let broken: Error | undefined;
  let committed = false;
  try {
    await client.query('BEGIN READ ONLY');
    await drizzlePg({ client, casing: DB_CASING }).execute(
      sql`DECLARE ${sql.raw(name)} NO SCROLL CURSOR FOR ${query}`,
    );
    for (;;) {
      const { rows } = await client.query<Record<string, unknown>>(`FETCH FORWARD ${batchSize} FROM ${name}`);
      if (rows.length > 0) yield rows.map(firstColumn);
      if (rows.length < batchSize) break;
    }
    await client.query('COMMIT');
    committed = true;
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // Also reached when the stream is abandoned (client gone): the transaction must not linger.
    if (!committed) await client.query('ROLLBACK').catch(() => undefined);
    client.release(broken);
  }
}

/**
 * PGlite: one session shared by every request, so a transaction would stall all of them for the
 * stream's length. A WITH HOLD cursor needs none: the ids are materialised inside the database
 * when it is declared (not in JavaScript objects) and fetched a batch at a time between other
 * requests' queries.
 */
async function* pgliteCursor(db: Db, query: SQLWrapper, batchSize: number) {
  const name = sql.raw(cursorName());
  await db.execute(sql`DECLARE ${name} NO SCROLL CURSOR WITH HOLD FOR ${query}`);
  try {
    for (;;) {
      const result = await db.execute(sql`FETCH FORWARD ${sql.raw(String(batchSize))} FROM ${name}`);
      const rows = rowsOf<Record<string, unknown>>(result);
      if (rows.length > 0) yield rows.map(firstColumn);
      if (rows.length < batchSize) break;
    }
  } finally {
    await db.execute(sql`CLOSE ${name}`).catch(() => undefined);
  }
}

/**
 * The ids of `query` (its first column: a list's ids in list order) in batches, never all at
 * once: a server-side cursor over the list's own query, so the order is exactly the list's.
 */
export function idBatches(db: Db, query: SQLWrapper, options: StreamOptions = {}): AsyncGenerator<number[]> {
  const next = options.batchSize ?? streamDefaults.batchSize;
  const first = Math.min(next, options.firstBatchSize ?? streamDefaults.firstBatchSize);
  const client = (db as unknown as { $client: unknown }).$client;
  const cursor = (rest: SQLWrapper) =>
    client instanceof pg.Pool ? postgresCursor(client, rest, next) : pgliteCursor(db, rest, next);
  const place = () => streamSlots(db, options.kind).take(streamDefaults.waitMs, busy);
  return headThenCursor(db, query, first, cursor, place);
}

/**
 * The first rows by a plain `LIMIT` (an index-ordered list answers it at once, and a short list is
 * done without any cursor), the rest through a cursor over the same query with `OFFSET`. Every
 * list's order ends with its unique id, so the two statements cut the same order at one place.
 *
 * Only a list longer than its first rows holds a cursor, so only it takes one of the database's
 * stream places (`place`, which gives back the function that frees it): before its first rows are
 * yielded, so that a refusal is an ordinary 503 answer, and freed when the batches end, fail or are
 * abandoned. A short list (the categories of a form) never waits behind long ones.
 */
async function* headThenCursor(
  db: Db,
  query: SQLWrapper,
  first: number,
  cursor: (rest: SQLWrapper) => AsyncGenerator<number[]>,
  place: () => Promise<() => void>,
): AsyncGenerator<number[]> {
  const result = await db.execute(sql`${query} LIMIT ${sql.raw(String(first))}`);
  const head = rowsOf<Record<string, unknown>>(result).map(firstColumn);
  if (head.length < first) {
    if (head.length > 0) yield head;
    return;
  }
  const release = await place();
  try {
    yield head;
    // Let the first chunk leave before the cursor opens: Node flushes a response write on a later
    // tick, and PGlite runs a statement (here the WITH HOLD materialisation) on this same thread.
    await new Promise((resolve) => setImmediate(resolve));
    yield* cursor(sql`${query} OFFSET ${sql.raw(String(first))}`);
  } finally {
    release();
  }
}

/** Each batch of ids turned into the list's rows (a loader that keeps the ids' order). */
export async function* mapBatches<T>(
  batches: AsyncIterable<number[]>,
  load: (ids: number[]) => Promise<T[]>,
): AsyncGenerator<T[]> {
  for await (const ids of batches) yield await load(ids);
}

/**
 * `batches` with its first item already read, so that a failure there (a refused value, a database
 * error) is thrown here, before any header of a streamed answer goes out, and is answered as usual.
 * Ending the result early, even before reading from it, ends `batches` (its cursor closes).
 */
export async function readFirst<T>(batches: AsyncIterable<T>): Promise<AsyncIterableIterator<T>> {
  const iterator = batches[Symbol.asyncIterator]();
  let first: IteratorResult<T> | undefined;
  try {
    first = await iterator.next();
  } catch (error) {
    await iterator.return?.(undefined).catch(() => undefined);
    throw error;
  }
  const rest: AsyncIterableIterator<T> = {
    async next() {
      const read = first ?? (await iterator.next());
      first = undefined;
      return read;
    },
    async return(value?: unknown) {
      first = undefined;
      return (await iterator.return?.(value)) ?? { done: true, value: undefined };
    },
    [Symbol.asyncIterator]: () => rest,
  };
  return rest;
}

/**
 * Ends `source` (a `readFirst` result: its cursor closes, its stream place is given back) once the
 * answer is done or its client gone, whether or not the answer's stream ever started reading it.
 * Ending the stream alone did not reach it when the client had left before the first chunk (a
 * stream whose generator never started ends without ending what that generator would have read),
 * and the place was lost until a restart.
 */
export function endWithAnswer(reply: FastifyReply, source: AsyncIterator<unknown>): void {
  const end = () => {
    void source.return?.(undefined).catch(() => undefined);
  };
  // The request's own `destroyed` is no sign: a POST's request is destroyed once its body is read.
  if (reply.raw.destroyed) end();
  else reply.raw.once('close', end);
}

/**
 * `chunks` as they are read, with the connection cut when its client takes nothing for the server's
 * idle time (`IDLE_CONNECTION_TIMEOUT_S`, Fastify's `connectionTimeout`; none when it is 0). Node's
 * own idle limit counts from the last write the socket has taken, not from the last the client
 * read: a download whose client stopped reading (a tablet that lost the network) held its cursor
 * and its stream place twice that long. Cutting the connection ends the answer, and with it its
 * source (`endWithAnswer`).
 */
export async function* cutWhenStalled<T>(reply: FastifyReply, chunks: AsyncIterable<T>): AsyncGenerator<T> {
  const idleMs = reply.server.initialConfig.connectionTimeout ?? 0;
  for await (const chunk of chunks) {
    // Held at this `yield` until the answer's stream asks for more, which it does as the client reads.
    const stalled = idleMs > 0 ? setTimeout(() => reply.raw.destroy(), idleMs) : undefined;
    try {
      yield chunk;
    } finally {
      clearTimeout(stalled);
    }
  }
}

/**
 * Answers a JSON array from batches of rows, written as the client reads it (backpressure: the
 * next batch is fetched only when the socket has taken the previous one). The text is what the
 * array's response schema would have produced: `[`, each row's JSON.stringify joined by `,`, `]`.
 *
 * The first batch is read before any header goes out, so a failure there is the usual JSON error
 * answer. A failure after the first byte cannot change the status any more: it is logged and the
 * connection is cut, so the client sees a truncated (invalid) array rather than a wrong one.
 */
export async function sendJsonArray<T>(
  reply: FastifyReply,
  batches: AsyncIterable<T[]>,
  options: { rowSchema?: z.ZodType; log?: FastifyBaseLogger } = {},
): Promise<FastifyReply> {
  const log = options.log ?? reply.log;
  const { rowSchema } = options;
  const toJson = rowSchema
    ? (row: T) => JSON.stringify(z.encode(rowSchema, row))
    : (row: T) => JSON.stringify(row);
  const rows = await keepConnectionUntil(reply, readFirst(batches));
  endWithAnswer(reply, rows);
  async function* body(): AsyncGenerator<string> {
    try {
      let separator = '[';
      for await (const batch of rows) {
        if (batch.length > 0) {
          yield separator + batch.map(toJson).join(',');
          separator = ',';
        }
      }
      yield separator === '[' ? '[]' : ']';
    } catch (error) {
      log.error({ err: error }, 'Strumień listy przerwany po wysłaniu nagłówków');
      throw error;
    }
  }
  // Bytes, not object mode: the stream buffers about one batch ahead of the socket, no more.
  const stream = Readable.from(cutWhenStalled(reply, body()), {
    objectMode: false,
    highWaterMark: 64 * 1024,
  });
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  if (!acceptsGzip(reply.request)) return reply.send(stream);
  // Gzipped for a client that takes it (5,000 customers for a machine form: 1.5 MB, a fraction of
  // it packed), each batch flushed as it comes, so the first rows still leave at once. A failure
  // of the rows destroys the packed stream too: the client sees a cut answer, as above.
  const packed = zlib.createGzip({ level: 4, flush: zlib.constants.Z_SYNC_FLUSH });
  pipeline(stream, packed, () => undefined);
  return reply.header('Content-Encoding', 'gzip').send(packed);
}

/** An unpaged list: ids from the list's ordered id query, rows from `load`, streamed as JSON. */
export function streamList<T>(
  reply: FastifyReply,
  db: Db,
  idQuery: SQLWrapper,
  load: (ids: number[]) => Promise<T[]>,
  options: StreamOptions = {},
): Promise<FastifyReply> {
  return sendJsonArray(reply, mapBatches(idBatches(db, idQuery, options), load), options);
}

/** `rows` (fetched by `ids` in any order) put in the order of `ids`; a row gone meanwhile is left out. */
export function inIdOrder<T>(ids: number[], rows: T[], idOf: (row: T) => number): T[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `column = ANY('{…}'::int[])`: one array parameter for a whole batch, cheap to bind and plan. */
export function anyId(column: SQLWrapper, ids: number[], type: 'int' | 'bigint' = 'int'): SQL {
  return sql`${column} = ANY(${`{${ids.join(',')}}`}::${sql.raw(type)}[])`;
}
