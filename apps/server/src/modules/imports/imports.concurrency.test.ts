import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ImportResult } from '@serwis/domain';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import { rowsOf } from '../../lib/result-rows.js';
import { sendImport } from './imports.fixtures.js';

/**
 * The same file imported twice at once (a second admin, a second tab, a double click): the second
 * import must find what the first wrote and update it, not add it again. On PGlite statements run
 * one at a time, so this passes there whatever the code; on PostgreSQL (CI runs the server suite
 * with DATABASE_URL) the two imports really overlap, and only their lock keeps them apart.
 */
const ctx = useTestApp();
const ROWS = 200;
const AT_ONCE = 3;

const machineFile = () =>
  [
    'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
    ...Array.from(
      { length: ROWS },
      (_, i) => `Tokarka ${i};Odlewnia ${i % 7};Tokarki ${i % 3};SN-${i};Kraków`,
    ),
  ].join('\r\n');

const customerFile = () =>
  ['Nazwa skrócona;Miejscowość', ...Array.from({ length: ROWS }, (_, i) => `Kontrahent ${i};Łódź`)].join(
    '\r\n',
  );

describe('imports at the same time', () => {
  it(`${AT_ONCE} imports of one machine file add each machine once; the later ones find it as it is`, async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const text = machineFile();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        sendImport(ctx, user, '/api/device/import', text, { createMissing: true }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const results = answers.map((a) => a.json<ImportResult>());
    expect(results.map((r) => r.added).sort((a, b) => b - a)).toEqual([ROWS, ...Array(AT_ONCE - 1).fill(0)]);
    expect(results.map((r) => r.updated)).toEqual(Array(AT_ONCE).fill(0));
    expect(results.map((r) => r.unchanged).sort((a, b) => a - b)).toEqual([
      0,
      ...Array(AT_ONCE - 1).fill(ROWS),
    ]);

    const machines = await ctx.database.db.select().from(devices).where(eq(devices.type, 'INTERNAL'));
    expect(machines).toHaveLength(ROWS);
    expect(new Set(machines.map((m) => m.serialNumber)).size).toBe(ROWS);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(7);
    expect(await ctx.database.db.select().from(categories)).toHaveLength(3);
    expect(await ctx.database.db.select().from(logs).where(eq(logs.arg1, 'import:INTERNAL'))).toHaveLength(
      AT_ONCE,
    );
  });

  it.runIf(process.env.DATABASE_URL)(
    'imports sent at once wait in the server, not each on a database connection',
    async () => {
      const user = await createUserAndLogin(ctx, { admin: true });
      const answers = Promise.all(
        Array.from({ length: 4 }, () =>
          sendImport(ctx, user, '/api/device/import', machineFile(), { createMissing: true }),
        ),
      );
      let settled = false;
      void answers.finally(() => (settled = true));
      // While they run, no connection waits for the imports' lock (each would hold one of the pool's).
      // This file's own database only: the other test files run beside it on the same cluster, and
      // their uploads of one name wait for each other on a lock of the same kind.
      const waitingOnLock: number[] = [];
      while (!settled) {
        const [row] = rowsOf<{ n: number }>(
          await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE wait_event_type = 'Lock' AND wait_event = 'advisory' AND datname = current_database()`),
        );
        waitingOnLock.push(Number(row!.n));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect((await answers).map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
      expect(waitingOnLock.length).toBeGreaterThan(3);
      expect(Math.max(...waitingOnLock)).toBe(0);
    },
  );

  it(`${AT_ONCE} imports of one customer file add each customer once, and none is refused`, async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const text = customerFile();
    const answers = await Promise.all(
      Array.from({ length: AT_ONCE }, () =>
        sendImport(ctx, user, '/api/customer/import', text, undefined, 'kontrahenci.csv'),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(AT_ONCE).fill(200));
    const added = answers.map((a) => a.json<ImportResult>().added).sort((a, b) => b - a);
    expect(added).toEqual([ROWS, ...Array(AT_ONCE - 1).fill(0)]);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(ROWS);
  });
});
