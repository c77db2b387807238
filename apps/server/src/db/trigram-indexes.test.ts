import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import { TRIGRAM_PENDING_LIST_KB } from './columns.js';
import type { Database } from './database.js';
import { rowsOf } from '../lib/result-rows.js';

/** The trigram indexes' pending lists (db/columns.ts, docs/decisions.md). */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rows = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(query));

describe('trigram indexes', () => {
  it('keep every pending list at 256 kB', async () => {
    const indexes = await rows<{ name: string; options: string[] | string | null }>(sql`
      SELECT c.relname AS name, c.reloptions AS options FROM pg_class c
      JOIN pg_am am ON am.oid = c.relam JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE am.amname = 'gin' AND n.nspname = current_schema() ORDER BY c.relname`);
    expect(indexes.map((i) => i.name)).toEqual(
      expect.arrayContaining([
        'devices_search_trgm',
        'logs_search_trgm',
        'parts_key_trgm',
        'services_internal_fault_trgm',
      ]),
    );
    expect(indexes).toHaveLength(17);
    for (const index of indexes) {
      const options =
        typeof index.options === 'string' ? index.options : `{${(index.options ?? []).join(',')}}`;
      expect(options, index.name).toBe(`{gin_pending_list_limit=${TRIGRAM_PENDING_LIST_KB}}`);
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'merge 2,000 new log entries into the index as they come, leaving at most 32 pages pending',
    async () => {
      await database.db.execute(sql`CREATE EXTENSION IF NOT EXISTS pgstattuple`);
      await database.db.execute(sql`INSERT INTO logs (timestmp, formatted_message, arg0, arg1)
        SELECT g, 'Dodanie maszyny nr ' || g || ' przez pracownika', 'jan' || g || '@example.com', 'device:' || g
        FROM generate_series(1, 2000) g`);
      const [pending] = await rows<{ pages: number; tuples: number }>(sql`
        SELECT pending_pages AS pages, pending_tuples AS tuples FROM pgstatginindex('logs_search_trgm')`);
      expect(Number(pending!.pages)).toBeLessThanOrEqual(32);
      const found = await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM logs
        WHERE (formatted_message || chr(31) || coalesce(arg0, '') || chr(31) || coalesce(arg1, '')) ILIKE '%jan1999@%'`);
      expect(found[0]!.n).toBe(1);
    },
  );
});
