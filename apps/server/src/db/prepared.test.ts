import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { Database } from './database.js';
import { preparedPerDatabase } from './prepared.js';

describe('preparedPerDatabase', () => {
  let first: Database;
  let second: Database;
  beforeAll(async () => {
    [first, second] = await Promise.all([openTestDatabase(), openTestDatabase()]);
  });
  afterAll(async () => Promise.all([first.close(), second.close()]));

  it('builds a statement once per database and runs it with each call’s values', async () => {
    let builds = 0;
    const doubled = preparedPerDatabase((db) => {
      builds += 1;
      return { run: (n: number) => db.execute(sql`SELECT ${n}::int * 2 AS n`) };
    });
    const value = async (database: Database, n: number) =>
      ((await doubled(database.db).run(n)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    expect(await value(first, 2)).toBe(4);
    expect(await value(first, 21)).toBe(42);
    expect(builds).toBe(1);
    expect(await value(second, 5)).toBe(10);
    expect(builds).toBe(2);
    expect(doubled(first.db)).toBe(doubled(first.db));
  });
});
