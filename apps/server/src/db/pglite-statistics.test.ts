import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPglite } from './database.js';
import { analyzeStaleTables } from './pglite-statistics.js';
import { loadTemplatePglite } from '../../test/template.js';

/** PGlite has no autovacuum: the server analyses what grew (issue 11, db/pglite-statistics.ts). */
let client: PGlite;
beforeAll(async () => {
  // The migrated test template (the PostgreSQL run, which writes none, leaves this file out).
  client = await loadTemplatePglite();
  await connectPglite(client, false);
});
afterAll(() => client.close());

const statistics = async (table: string) => {
  const { rows } = await client.query<{ tuples: number; columns: number }>(
    `SELECT c.reltuples::int AS tuples,
       (SELECT count(*)::int FROM pg_stats s WHERE s.schemaname = 'public' AND s.tablename = c.relname) AS columns
     FROM pg_class c WHERE c.relname = $1`,
    [table],
  );
  return rows[0]!;
};

describe('PGlite statistics', () => {
  it('analyses the tables that were never analysed, then nothing while nothing changes', async () => {
    await analyzeStaleTables(client);
    expect(await analyzeStaleTables(client)).toEqual([]);
  });

  it('analyses a table that grew past a tenth of its size, and only that one', async () => {
    await client.exec(`INSERT INTO customers (short_name, full_name, city)
      SELECT 'Klient ' || g, 'Zakład ' || g, CASE WHEN g % 2 = 0 THEN 'Kraków' ELSE 'Łódź' END
      FROM generate_series(1, 3000) g`);
    const before = await statistics('customers');
    expect(before.columns).toBe(0);

    expect(await analyzeStaleTables(client)).toEqual(['customers']);
    const after = await statistics('customers');
    expect(after.tuples).toBe(3000);
    expect(after.columns).toBeGreaterThan(5);
    const { rows } = await client.query<{ values: string }>(
      `SELECT most_common_vals::text AS values FROM pg_stats WHERE tablename = 'customers' AND attname = 'city'`,
    );
    expect(rows[0]!.values).toBe('{Kraków,Łódź}');
    expect(await analyzeStaleTables(client)).toEqual([]);
  });

  it('leaves a table alone while it grows by less than a tenth, and analyses it past that', async () => {
    await client.exec(
      `INSERT INTO customers (short_name) SELECT 'Mały ' || g FROM generate_series(1, 100) g`,
    );
    expect(await analyzeStaleTables(client)).toEqual([]);
    await client.exec(
      `INSERT INTO customers (short_name) SELECT 'Duży ' || g FROM generate_series(1, 3000) g`,
    );
    expect(await analyzeStaleTables(client)).toEqual(['customers']);
    expect((await statistics('customers')).tuples).toBe(6100);
  });

  it('analyses a table again when a new index on an expression has no statistics', async () => {
    expect(await analyzeStaleTables(client)).toEqual([]);
    await client.exec(`CREATE INDEX customers_city_lower_test ON customers (lower(city))`);
    expect(await analyzeStaleTables(client)).toEqual(['customers']);
    const { rows } = await client.query<{ values: string }>(
      `SELECT most_common_vals::text AS values FROM pg_stats WHERE tablename = 'customers_city_lower_test'`,
    );
    expect(rows[0]!.values).toContain('kraków');
    expect(await analyzeStaleTables(client)).toEqual([]);
  });

  it('vacuums an analysed table whose pages are not known all-visible, so index-only scans skip it', async () => {
    await client.exec(`CREATE TABLE vacuum_probe (id int PRIMARY KEY, label text)`);
    await client.exec(`INSERT INTO vacuum_probe SELECT g, 'wiersz ' || g FROM generate_series(1, 5000) g`);
    // Analysed (as the server once did) but never vacuumed: no page is in the visibility map.
    await client.exec(`ANALYZE vacuum_probe`);
    const heapFetches = async () => {
      await client.exec(`SET enable_seqscan = off; SET enable_bitmapscan = off`);
      const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(
        `EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM vacuum_probe ORDER BY id`,
      );
      await client.exec(`RESET enable_seqscan; RESET enable_bitmapscan`);
      const raw = rows[0]!['QUERY PLAN'];
      const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw)[0].Plan;
      expect(plan['Node Type']).toBe('Index Only Scan');
      return plan['Heap Fetches'] as number;
    };
    expect(await heapFetches()).toBe(5000);

    expect(await analyzeStaleTables(client)).toEqual(['vacuum_probe']);
    expect(await heapFetches()).toBe(0);
    expect(await analyzeStaleTables(client)).toEqual([]);
  });
});
