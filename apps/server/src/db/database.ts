import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import pg from 'pg';
import * as schema from './schema.js';
import { analyzeStaleTables, PGLITE_ANALYZE_INTERVAL_MS } from './pglite-statistics.js';
import { migrating } from './database-failure.js';
import { lockDataDir } from './pglite-lock.js';
import { ServerPGlite } from './server-pglite.js';

export type Schema = typeof schema;
/** How drizzle names the columns in SQL: `customerShortName` is `customer_short_name`. */
export const DB_CASING = 'snake_case';
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories accept either the database or an open transaction. */
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /**
   * The migrations this opening applied and how long they took (none: the database was current;
   * `fresh`: it was empty, a first start).
   */
  migrated?: { applied: number; ms: number; fresh: boolean };
  /**
   * Tells `listener` of a connection the database server ended (PostgreSQL); until one is given (the
   * server's log, server.ts), a process warning tells it.
   */
  onConnectionLost?: (listener: (message: string) => void) => void;
}

/** Finds the migrations folder both from sources (tests, tsx) and from the bundled dist/. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../drizzle'), path.resolve(here, '../drizzle')];
  const found = candidates.find((c) => fs.existsSync(path.join(c, 'meta', '_journal.json')));
  if (!found) throw new Error(`Nie znaleziono katalogu migracji (szukano: ${candidates.join(', ')})`);
  return found;
}

/** The time stamps of the migrations this build carries (drizzle's `folderMillis`), oldest first. */
export function migrationTimes(): number[] {
  const journal = JSON.parse(
    fs.readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: { when: number }[] };
  return journal.entries.map((entry) => entry.when);
}

type RowsQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Runs this build's migrations on one connection and says how many were new to the database (after
 * an upgrade the log tells what the start did, and why it took long).
 */
async function migrateCounted(query: RowsQuery, run: () => Promise<void>): Promise<Database['migrated']> {
  const present = await query(`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const recorded = present.rows[0]?.present
    ? Number(
        (await query(`SELECT coalesce(max(created_at), 0)::text AS newest FROM drizzle.__drizzle_migrations`))
          .rows[0]?.newest ?? 0,
      )
    : 0;
  const started = Date.now();
  await migrating(run);
  return {
    applied: migrationTimes().filter((when) => when > recorded).length,
    ms: Date.now() - started,
    fresh: recorded === 0,
  };
}

const MIGRATION_LOCK_ID = 724_001;

/**
 * Memory a session may give one sort or bitmap (docs/decisions.md, "Session settings"): a search
 * matching 100,000 events keeps an exact bitmap instead of a lossy one rechecked row by row.
 */
const SESSION_WORK_MEM = '32MB';
/** Every PostgreSQL session also runs without JIT: compiling costs a list call 5–50 ms. */
/** How long a request waits for a free pooled connection before it is answered 503. */
const POOL_WAIT_MS = 15_000;
const POSTGRES_SESSION_OPTIONS = `-c jit=off -c work_mem=${SESSION_WORK_MEM}`;

export async function openPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}): Promise<PGlite> {
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  return ServerPGlite.open({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
  });
}

export async function connectPglite(client: PGlite, runMigrations = true): Promise<Database> {
  const db = drizzlePglite({ client, schema, casing: DB_CASING }) as unknown as Db;
  // PGlite is one session: set once, it holds for every query.
  await client.exec(`SET work_mem = '${SESSION_WORK_MEM}'`);
  let migrated: Database['migrated'];
  if (runMigrations) {
    await client.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    migrated = await migrateCounted(
      (text) => client.query(text),
      () => migratePglite(db as never, { migrationsFolder: migrationsFolder() }),
    );
  }
  return { db, kind: 'pglite', close: () => client.close(), migrated };
}

export async function connectPostgres(url: string, runMigrations = true, max = 10): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    options: POSTGRES_SESSION_OPTIONS,
    // A connection, once opened, is kept (docs/decisions.md, "Connections kept warm"): a new session
    // loads the catalog of every table and index its statements touch, 20–300 ms before a list call
    // runs at full speed, and the pool used to close a connection after 10 s idle, so the first
    // call after a pause paid it again. Keepalive finds a connection a network silently dropped.
    idleTimeoutMillis: 0,
    keepAlive: true,
    // A request that cannot get a connection in this time is answered 503 (plugins/errors.ts), not
    // left waiting for good behind a pool that something holds.
    connectionTimeoutMillis: POOL_WAIT_MS,
  });
  // An idle connection the server ends (a restart, a failover, an administrator's terminate, or one
  // still closing after pool.end()) is an 'error' on the pool, which has already dropped it; the
  // next query opens a new one. Unheard, the event would end the whole process.
  let listener = (message: string) => process.emitWarning(message, { code: 'SERWIS_DB_CONNECTION_CLOSED' });
  const lost = (message: string) => listener(message);
  pool.on('error', (error) => lost(`Serwer bazy danych zamknął nieużywane połączenie: ${error.message}`));
  // A connection the server ends while a request holds it (in a transaction, under a list's cursor)
  // fails that request's statement, which the request answers; the same end is also an 'error' on
  // the connection, which nothing else hears between statements, and it ended the whole process.
  pool.on('connect', (client) => {
    client.on('error', (error) => lost(`Serwer bazy danych zamknął używane połączenie: ${error.message}`));
  });
  let migrated: Database['migrated'];
  if (runMigrations) {
    // Several servers may start at once: one migrates while the others wait on the lock.
    const client = await pool.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
      migrated = await migrateCounted(
        (text) => client.query(text),
        () => migratePg(drizzlePg({ client, casing: DB_CASING }), { migrationsFolder: migrationsFolder() }),
      );
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
  }
  const db = drizzlePg({ client: pool, schema, casing: DB_CASING }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    close: () => pool.end(),
    migrated,
    onConnectionLost: (to) => void (listener = to),
  };
}

/**
 * Whether two statements of one request can run at once: on PostgreSQL's pool they can; PGlite (one
 * session) and a transaction (one connection) run them one after the other.
 */
export const runsSideBySide = (db: DbOrTx) => (db as { $client?: unknown }).$client instanceof pg.Pool;

export async function openDatabase(config: { DATABASE_URL?: string; dataDir: string }): Promise<Database> {
  if (config.DATABASE_URL) return connectPostgres(config.DATABASE_URL);
  // One process at a time on PGlite's folder (db/pglite-lock.ts).
  const release = lockDataDir(config.dataDir);
  let database: Database;
  let client: PGlite;
  try {
    client = await openPglite({ dataDir: path.join(config.dataDir, 'db') });
    database = await connectPglite(client);
    // No autovacuum in PGlite (db/pglite-statistics.ts): statistics after the migrations, then
    // again as the tables grow. A failed check is retried at the next interval.
    await analyzeStaleTables(client);
  } catch (error) {
    release();
    throw error;
  }
  const timer = setInterval(() => {
    analyzeStaleTables(client).catch(() => undefined);
  }, PGLITE_ANALYZE_INTERVAL_MS);
  timer.unref();
  return {
    ...database,
    close: async () => {
      clearInterval(timer);
      try {
        await database.close();
      } finally {
        release();
      }
    },
  };
}
