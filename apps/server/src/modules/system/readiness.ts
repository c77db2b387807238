import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { migrationTimes } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';

export type CheckResult = 'ok' | 'error';
export interface Readiness {
  ready: boolean;
  checks: { database: CheckResult; migrations: CheckResult; storage: CheckResult; accepting: CheckResult };
}

/** The time stamp of the newest migration this build carries (drizzle's `folderMillis`). */
export function newestMigration(): number {
  return Math.max(0, ...migrationTimes());
}

async function migrationsApplied(app: FastifyInstance) {
  const result = await app.db.execute(
    sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  );
  const newest = Number(rowsOf<{ newest: string | null }>(result)[0]?.newest ?? 0);
  return newest >= newestMigration();
}

/** Writes, reads back and removes a few bytes: proves the store takes files now. */
async function storageWritable(app: FastifyInstance) {
  const stored = await app.storage.save(Readable.from([Buffer.from('ready')]), { extension: '.probe' });
  try {
    const stat = await app.storage.stat(stored.name);
    return stat?.size === 5;
  } finally {
    await app.storage.delete(stored.name);
  }
}

async function run(check: () => Promise<boolean>, app: FastifyInstance, name: string): Promise<CheckResult> {
  try {
    if (await check()) return 'ok';
    app.log.warn({ check: name }, 'readiness check failed');
  } catch (error) {
    app.log.warn({ err: error, check: name }, 'readiness check failed');
  }
  return 'error';
}

/** Database reachable, this build's migrations applied, storage writable, not shutting down. */
export async function readiness(app: FastifyInstance): Promise<Readiness> {
  const database = await run(async () => (await app.db.execute(sql`SELECT 1`), true), app, 'database');
  const migrations = database === 'ok' ? await run(() => migrationsApplied(app), app, 'migrations') : 'error';
  const storage = await run(() => storageWritable(app), app, 'storage');
  const accepting: CheckResult = app.lifecycle.draining ? 'error' : 'ok';
  const checks = { database, migrations, storage, accepting };
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
