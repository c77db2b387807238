import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.js';
import { openTestDatabase } from '../../test/test-app.js';
import { boundedTotal } from './paging.js';

describe('boundedTotal', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.execute(sql`CREATE TABLE paging_probe (n int PRIMARY KEY)`);
    await database.db.execute(sql`INSERT INTO paging_probe SELECT g FROM generate_series(1, 500) g`);
    await database.db.execute(sql`ANALYZE paging_probe`);
  });
  afterAll(async () => database.close());

  const matching = (below: number) => sql`SELECT n FROM paging_probe WHERE n < ${below}`;

  it('counts exactly up to the bound', async () => {
    expect(await boundedTotal(database.db, matching(101), 100)).toEqual({ total: 100, estimated: false });
    expect(await boundedTotal(database.db, matching(1), 100)).toEqual({ total: 0, estimated: false });
  });

  it('estimates above the bound, never below bound + 1', async () => {
    const above = await boundedTotal(database.db, matching(10_000), 100);
    expect(above.estimated).toBe(true);
    // The planner knows the table's 500 rows from ANALYZE; all of them match.
    expect(above.total).toBeGreaterThanOrEqual(400);
    expect(above.total).toBeLessThanOrEqual(600);
    const barely = await boundedTotal(database.db, matching(103), 100);
    expect(barely).toEqual({ total: expect.any(Number), estimated: true });
    expect(barely.total).toBeGreaterThanOrEqual(101);
  });
});
