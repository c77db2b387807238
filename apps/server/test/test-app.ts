import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { CreateBucketCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeEach, inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { connectPglite, connectPostgres, type Database } from '../src/db/database.js';
import { hashPassword } from '../src/modules/auth/password.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import type { Mailer, MailMessage } from '../src/plugins/mailer.js';
import { S3Storage } from '../src/plugins/storage/index.js';
import type { SessionUser } from '@serwis/domain';
import { loadTemplatePglite, PG_TEMPLATE_DB } from './template.js';
import { handBackPglite, takeTemplatePglite } from './pglite-reuse.js';
import { rowsOf } from '../src/lib/result-rows.js';

export const XHR = { 'x-requested-with': 'XMLHttpRequest' } as const;

/** A mailer that keeps what would have been sent, for assertions. Real delivery is tested in mailer.test.ts. */
export class CapturingMailer implements Mailer {
  readonly target = 'memory';
  sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
}

/**
 * Drops a test's PostgreSQL database after its pools have closed. pool.end() resolves before its
 * connections have finished closing: a forced drop would kill them mid-close (an unhandled 57P01
 * in the test file); a plain drop waits (up to 5 s, inside PostgreSQL) for those backends to exit.
 * Force only for a connection that leaked.
 */
export async function dropTestDatabase(url: string, name: string) {
  const cleanup = new pg.Client({ connectionString: url });
  await cleanup.connect();
  try {
    await cleanup.query(`DROP DATABASE IF EXISTS ${name}`);
  } catch {
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await cleanup.end();
  }
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `serwis_test_${crypto.randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const fileUrl = new URL(url);
    fileUrl.pathname = `/${name}`;
    const database = await connectPostgres(fileUrl.toString(), false, 20);
    return {
      ...database,
      async close() {
        await database.close();
        await dropTestDatabase(url, name);
      },
    };
  }
  return connectPglite(await loadTemplatePglite(), false);
}

/**
 * The database of a file's app (`useTestApp`), which resets it before each test: on PGlite the one
 * the worker's previous file handed back, if any (pglite-reuse.ts); closing it hands it on.
 */
async function openFileDatabase(): Promise<Database> {
  if (process.env.DATABASE_URL) return openTestDatabase();
  const client = await takeTemplatePglite();
  const database = await connectPglite(client, false);
  return { ...database, close: () => handBackPglite(client) };
}

/**
 * With STORAGE_DRIVER=s3 in the environment (`npm run test:s3`), every test app keeps its files in
 * a bucket of its own on the s3rver that the global setup started; otherwise in DATA_DIR/files.
 */
export const TEST_STORAGE_DRIVER = process.env.STORAGE_DRIVER === 's3' ? 's3' : 'local';

/** The environment of a fresh bucket on the test run's S3 server (created here). */
export async function testS3Env(endpoint = inject('s3Endpoint')): Promise<Record<string, string>> {
  const env = {
    STORAGE_DRIVER: 's3',
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_BUCKET: `serwis-test-${crypto.randomBytes(6).toString('hex')}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  };
  const storage = new S3Storage({ ...S3_TEST_CREDENTIALS, endpoint, bucket: env.S3_BUCKET });
  await (await storage.client()).send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  await storage.close();
  return env;
}

export const S3_TEST_CREDENTIALS = {
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  region: 'us-east-1',
  forcePathStyle: true,
} as const;

export interface TestContext {
  app: App;
  database: Database;
  mailer: CapturingMailer;
  config: Config;
  dataDir: string;
}

/** The port of the file's app listening on loopback, for calls over a real socket (started once). */
export async function listeningPort(ctx: TestContext): Promise<number> {
  if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return (ctx.app.server.address() as AddressInfo).port;
}

/**
 * One app and one database per test file, emptied before each test. Call at the top of a
 * test file: `const ctx = useTestApp();` and use `ctx.app` inside tests.
 */
export function useTestApp(env: Record<string, string> = {}): TestContext {
  return perFileApp(env, resetDatabase);
}

/**
 * Like useTestApp, for a file whose tests read one large register (thousands of machines, which
 * take PGlite seconds to write): `seed` fills the emptied database once, and again only after a
 * test that wrote to it. A test that only reads leaves the next transaction id where it was; any
 * write moves it (a rolled-back one too), and the next test then gets a fresh reset and `seed`. On
 * PostgreSQL the id is the cluster's, which other files move, so there nearly every test reseeds.
 * `seed` sets the file's own variables (references, users) as a `beforeEach` would.
 */
export function useSeededTestApp(
  seed: (ctx: TestContext) => Promise<void>,
  env: Record<string, string> = {},
): TestContext {
  let seededAt: string | undefined;
  const ctx: TestContext = perFileApp(env, async (database) => {
    if (seededAt !== undefined && (await nextTransactionId(database)) === seededAt) return;
    seededAt = undefined;
    await resetDatabase(database);
    await seed(ctx);
    seededAt = await nextTransactionId(database);
  });
  return ctx;
}

/** The transaction id the database will give next: unchanged while nothing writes. */
export async function nextTransactionId(database: Database): Promise<string> {
  const result = await database.db.execute(sql`SELECT pg_snapshot_xmax(pg_current_snapshot())::text AS next`);
  return rowsOf<{ next: string }>(result)[0]!.next;
}

function perFileApp(
  env: Record<string, string>,
  prepare: (database: Database) => Promise<void>,
): TestContext {
  const ctx = {} as TestContext;
  let ready: Promise<void> | undefined;

  const init = async () => {
    ctx.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-test-'));
    ctx.config = loadConfig({
      DATA_DIR: ctx.dataDir,
      FAST_HASH_FOR_TESTS: 'true',
      LOG_LEVEL: 'silent',
      ...(TEST_STORAGE_DRIVER === 's3' ? await testS3Env() : {}),
      ...env,
    });
    ctx.database = await openFileDatabase();
    ctx.mailer = new CapturingMailer();
    ctx.app = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.mailer,
      logger: false,
    });
    await ctx.app.ready();
  };

  beforeEach(async () => {
    ready ??= init();
    await ready;
    await prepare(ctx.database);
    ctx.mailer.sent = [];
  });

  afterAll(async () => {
    if (!ready) return;
    await ready;
    await ctx.app.close();
    await ctx.database.close();
    fs.rmSync(ctx.dataDir, { recursive: true, force: true });
  });

  return ctx;
}

/**
 * The statements sent to the database from now until `stop()` (PGlite's session or PostgreSQL's
 * pool alike; not those of a transaction's own connection).
 */
export function recordStatements(database: Database): { sent: string[]; stop: () => void } {
  const client = (database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const send = client.query;
  const sent: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = args[0];
    sent.push(typeof text === 'string' ? text : String((text as { text?: string }).text));
    return send.apply(this, args);
  };
  return { sent, stop: () => void (client.query = send) };
}

/** Up to this many rows a table is emptied by DELETE; a larger one (a seeded register) is truncated. */
const DELETED_UP_TO = 500;

/** The names of the app's tables (not the migrations' own). */
export async function appTables(database: Database): Promise<string[]> {
  return rowsOf(
    await database.db.execute(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename NOT LIKE '__drizzle%'`,
    ),
  ).map((row) => String(row.tablename));
}

/**
 * Empties every table and restarts every sequence, as `TRUNCATE … RESTART IDENTITY` of all tables
 * would. Truncating replaces each table's and each index's files: 0.1–0.3 s a test on PGlite for the
 * 35 tables, though a test leaves most of them empty. So only the tables holding rows are emptied:
 * a few rows by DELETE, with the triggers and foreign keys off (the replica role; every table that
 * holds rows is emptied, so none is left pointing at a deleted one), and a large table by TRUNCATE,
 * which leaves no dead rows behind for the next seed's plans. `keep`: tables left as they are, their
 * sequences too (the accounts and sessions of a file that logs in once and resets its register often).
 */
export async function resetDatabase(database: Database, options: { keep?: readonly string[] } = {}) {
  const keep = options.keep ?? [];
  const tables = (await appTables(database)).filter((t) => !keep.includes(t)).map((table) => `"${table}"`);
  if (!tables.length) return;
  const counted = tables
    .map(
      (table) =>
        `SELECT '${table}' AS name, (SELECT count(*) FROM (SELECT FROM ${table} LIMIT ${DELETED_UP_TO + 1}) r)::int AS rows`,
    )
    .join(' UNION ALL ');
  const holding = rowsOf(await database.db.execute(sql.raw(`SELECT * FROM (${counted}) t WHERE rows > 0`)));
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    const large = holding.filter((t) => Number(t.rows) > DELETED_UP_TO).map((t) => String(t.name));
    for (const table of holding) {
      if (Number(table.rows) <= DELETED_UP_TO) await tx.execute(sql.raw(`DELETE FROM ${String(table.name)}`));
    }
    if (large.length) await tx.execute(sql.raw(`TRUNCATE ${large.join(', ')} CASCADE`));
    // A kept table's sequence (a serial column's) belongs to it through pg_depend.
    const kept = keep.length
      ? ` AND NOT EXISTS (SELECT FROM pg_depend d JOIN pg_class s ON s.oid = d.objid JOIN pg_class t ON t.oid = d.refobjid WHERE s.relname = sequencename AND t.relname IN (${keep.map((t) => `'${t}'`).join(', ')}))`
      : '';
    await tx.execute(
      sql.raw(
        `SELECT setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences WHERE schemaname = 'public' AND last_value IS NOT NULL${kept}`,
      ),
    );
  });
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  cookie: string;
}

/** Creates an employee directly in the database and logs them in through the API. */
export async function createUserAndLogin(
  ctx: TestContext,
  options: { email?: string; admin?: boolean; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email =
    options.email ?? `${options.admin ? 'admin' : 'user'}-${crypto.randomBytes(3).toString('hex')}@firma.pl`;
  const password = options.password ?? 'Haslo-123456';
  const row = await insertUser(ctx.database.db, {
    userName: options.admin ? 'Kierownik' : 'Serwisant',
    firstName: options.firstName ?? (options.admin ? 'Anna' : 'Jan'),
    lastName: options.lastName ?? (options.admin ? 'Nowak' : 'Kowalski'),
    email,
    passwordHash: await hashPassword(password),
    roles: [options.admin ? 'ADMIN' : 'USER'],
  });
  const cookie = await login(ctx.app, email, password);
  return { id: row.id, email, password, cookie };
}

export async function login(app: App, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/user/auth',
    headers: { ...XHR, authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}` },
  });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  const session = response.cookies.find((c) => c.name === 'SESSION');
  if (!session) throw new Error('no session cookie');
  return `SESSION=${session.value}`;
}

/** Headers for an API call as the browser sends it, logged in as `user`. */
export function as(user: TestUser) {
  return { ...XHR, cookie: user.cookie };
}

/** A PUT made on the version saved at `base` (its updatedAt), as a screen sends its save. */
export function putOnVersion(ctx: TestContext, user: TestUser, url: string, base: string, payload: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: `${url}?base=${encodeURIComponent(base)}`,
    headers: as(user),
    payload,
  });
}

/**
 * Every stored name, whichever the driver; on disk also the temp files of unfinished uploads
 * ('.incoming/…'), so `toEqual([])` proves that nothing at all was left behind.
 */
export async function storedNames(ctx: TestContext): Promise<string[]> {
  if (ctx.app.storage.kind === 'local') {
    const dir = path.join(ctx.dataDir, 'files');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  }
  const names: string[] = [];
  for await (const entry of ctx.app.storage.list()) names.push(entry.name);
  return names.sort();
}

/** The stored bytes under a name, or null. */
export async function readStored(ctx: TestContext, name: string): Promise<Buffer | null> {
  const stream = await ctx.app.storage.open(name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Empties the test app's file store. */
export async function clearStorage(ctx: TestContext) {
  if (ctx.app.storage.kind === 'local') {
    fs.rmSync(path.join(ctx.dataDir, 'files'), { recursive: true, force: true });
    return;
  }
  for (const name of await storedNames(ctx)) await ctx.app.storage.delete(name);
}

/** A signed-in employee of no stored account, for calling a service function directly. */
export const sessionOf = (role: 'admin' | 'user'): SessionUser => ({
  id: 1,
  userName: '',
  email: '',
  firstName: '',
  lastName: '',
  vacationDays: 0,
  roles: [],
  isAdmin: role === 'admin',
});
