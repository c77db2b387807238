import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSeededTestApp } from '../test/test-app.js';
import { insertCategory } from '../test/service-fixtures.js';
import { rowsOf } from './lib/result-rows.js';

/**
 * The test helper for files that read one large register: seeded once, seeded again only after a
 * test that wrote. The tests run in order and each looks at what the one before left.
 */
let seeds = 0;
const ctx = useSeededTestApp(async () => {
  seeds++;
  await insertCategory(ctx.database.db, { name: 'Zasiane' });
});

const names = async () => {
  const result = await ctx.database.db.execute(sql`SELECT name FROM categories ORDER BY id`);
  return rowsOf<{ name: string }>(result).map((row) => row.name);
};

const onPglite = () => ctx.database.kind === 'pglite';

describe('useSeededTestApp', () => {
  it('seeds the emptied database before the first test', async () => {
    expect(seeds).toBe(1);
    expect(await names()).toEqual(['Zasiane']);
  });

  it('keeps the seed for a test after one that only read', async () => {
    // On PostgreSQL the transaction ids are the cluster's, and other files move them.
    if (onPglite()) expect(seeds).toBe(1);
    expect(await names()).toEqual(['Zasiane']);
    await ctx.database.db.execute(sql`INSERT INTO categories (name) VALUES ('Dopisana')`);
    expect(await names()).toEqual(['Zasiane', 'Dopisana']);
  });

  it('empties and seeds again after a test that wrote', async () => {
    if (onPglite()) expect(seeds).toBe(2);
    expect(await names()).toEqual(['Zasiane']);
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO categories (name) VALUES ('Wycofana')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
  });

  it('seeds again after a write that was rolled back', async () => {
    if (onPglite()) expect(seeds).toBe(3);
    expect(await names()).toEqual(['Zasiane']);
  });
});
