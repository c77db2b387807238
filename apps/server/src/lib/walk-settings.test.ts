import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';
import { openTestDatabase } from '../../test/test-app.js';
import { keepTheWalk } from './trigram-signature.js';

/** The planner settings a walk runs under (keepTheWalk), read back inside its transaction. */
describe('keepTheWalk', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => database.close());

  const setting = async (db: DbOrTx, name: string) => {
    const result = await db.execute(sql`SELECT current_setting(${name}) AS value`);
    return rowsOf<{ value: string }>(result)[0]!.value;
  };
  const underWalk = () =>
    database.db.transaction(async (tx) => {
      // A server that allows two workers (PGlite, one process, allows none).
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 2`);
      await keepTheWalk(tx);
      return {
        workers: await setting(tx, 'max_parallel_workers_per_gather'),
        sort: await setting(tx, 'enable_sort'),
        workMem: await setting(tx, 'work_mem'),
      };
    });

  it('walks in one process, without a sort, in little memory, where the server allows workers', async () => {
    expect(await underWalk()).toEqual({ workers: '0', sort: 'off', workMem: '64kB' });
  });

  it('leaves the session as it was after the walk', async () => {
    const before = await setting(database.db, 'max_parallel_workers_per_gather');
    await underWalk();
    expect(await setting(database.db, 'enable_sort')).toBe('on');
    expect(await setting(database.db, 'max_parallel_workers_per_gather')).toBe(before);
  });
});
