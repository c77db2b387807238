import type { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { handBackPglite, takeTemplatePglite } from './pglite-reuse.js';

/*
 * The PGlite a test file hands on to the next file of its worker must be as the template: what the
 * file wrote, analysed and set is gone, and a file that changed the schema does not hand it on.
 */

const one = async <T>(client: PGlite, query: string) => (await client.query<T>(query)).rows[0]!;

// On PostgreSQL every file has a database of its own, made from the template database.
describe.skipIf(process.env.DATABASE_URL)('a test database handed on to the next file', () => {
  let held: PGlite | undefined;
  afterAll(async () => {
    if (held) await handBackPglite(held);
  });

  it('comes back empty, without statistics, settings, prepared statements or temporary tables', async () => {
    const first = await takeTemplatePglite();
    const workMem = (await one<{ work_mem: string }>(first, 'SHOW work_mem')).work_mem;
    await first.exec(`
      INSERT INTO categories (name) SELECT 'Kategoria ' || n FROM generate_series(1, 300) n;
      ANALYZE categories;
      SET work_mem = '7MB';
      PREPARE left_behind AS SELECT 1;
      CREATE TEMP TABLE left_behind_rows (n int);`);
    expect(await one(first, 'SELECT count(*)::int AS n FROM categories')).toEqual({ n: 300 });
    await handBackPglite(first);

    held = await takeTemplatePglite();
    expect(held).toBe(first);
    expect(await one(held, 'SELECT count(*)::int AS n FROM categories')).toEqual({ n: 0 });
    expect(
      await one(
        held,
        `SELECT count(*)::int AS n FROM pg_statistic
          WHERE starelid IN (SELECT oid FROM pg_class WHERE relnamespace = 'public'::regnamespace)`,
      ),
    ).toEqual({ n: 0 });
    expect(
      await one(
        held,
        `SELECT relpages, reltuples::int AS reltuples FROM pg_class WHERE relname = 'categories'`,
      ),
    ).toEqual({ relpages: 0, reltuples: -1 });
    expect((await one<{ work_mem: string }>(held, 'SHOW work_mem')).work_mem).toBe(workMem);
    expect(await one(held, 'SELECT count(*)::int AS n FROM pg_prepared_statements')).toEqual({ n: 0 });
    expect(await one(held, `SELECT to_regclass('left_behind_rows') AS t`)).toEqual({ t: null });
    expect(await one(held, `INSERT INTO categories (name) VALUES ('Pierwsza') RETURNING id`)).toEqual({
      id: 1,
    });
  });

  it('is not handed on after a change of the schema: the next file loads the template', async () => {
    const changed = held!;
    held = undefined;
    await changed.exec('ALTER TABLE categories ADD COLUMN probe int');
    await handBackPglite(changed);
    expect(changed.closed).toBe(true);

    held = await takeTemplatePglite();
    expect(held).not.toBe(changed);
    expect(
      await one(
        held,
        `SELECT count(*)::int AS n FROM information_schema.columns
          WHERE table_name = 'categories' AND column_name = 'probe'`,
      ),
    ).toEqual({ n: 0 });
  });
});
