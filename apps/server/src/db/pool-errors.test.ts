import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { Database } from './database.js';
import { rowsOf } from '../lib/result-rows.js';

/**
 * The server's connection pool outlives a connection PostgreSQL ends while it is idle (a restart,
 * a failover, an administrator's terminate): the pool drops it and the next query gets a new one.
 * PostgreSQL only (`npm run test:pg`): PGlite has no connections to end.
 */
describe.runIf(process.env.DATABASE_URL)('the PostgreSQL pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  const backendPid = async () =>
    rowsOf<{ pid: number }>(await database.db.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;

  const terminate = async (pid: number) => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      const ended = await admin.query('SELECT pg_terminate_backend($1) AS ended', [pid]);
      expect(ended.rows[0].ended).toBe(true);
    } finally {
      await admin.end();
    }
  };

  it('survives the server ending an idle connection, and answers the next query', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const told: string[] = [];
    database.onConnectionLost?.((message) => told.push(message));
    const idle = await backendPid();
    const removed = new Promise((resolve) => pool.once('remove', resolve));
    await terminate(idle);
    // The pool learns of it from the dropped socket and lets the connection go; an 'error' nobody
    // heard would have ended the test process here.
    await removed;
    const next = await backendPid();
    expect(next).not.toBe(idle);
    // Told to the server's log (its warning), not to the process's standard error.
    await vi.waitFor(() => expect(told.join()).toContain('Serwer bazy danych zamknął'));
  });

  it('survives the server ending a connection a transaction holds: that transaction fails, the next query is answered', async () => {
    let held = 0;
    const outcome = database.db
      .transaction(async (tx) => {
        held = rowsOf<{ pid: number }>(await tx.execute(sql`SELECT pg_backend_pid() AS pid`))[0]!.pid;
        await tx.execute(sql`SELECT pg_sleep(30)`);
      })
      .then(
        () => 'committed',
        (error: Error) => error,
      );
    await vi.waitFor(() => expect(held).toBeGreaterThan(0));
    await terminate(held);
    // The statement in flight fails; the connection's own 'error' event, unheard, ended the process.
    expect(await outcome).toBeInstanceOf(Error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const next = await backendPid();
    expect(next).not.toBe(held);
  });

  it('keeps an idle connection for the next query, however long the pause', async () => {
    // A new connection loads the catalog again: 20–300 ms on a list call (docs/decisions.md,
    // "Connections kept warm"). The pool's clock runs an hour ahead while the connection is idle.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const first = await backendPid();
      await vi.advanceTimersByTimeAsync(3_600_000);
      expect(await backendPid()).toBe(first);
    } finally {
      vi.useRealTimers();
    }
  });
});
