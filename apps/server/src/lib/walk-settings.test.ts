import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';
import { openTestDatabase } from '../../test/test-app.js';
import { keepTheWalk, SHALLOW_WALK_OFFSET, type WalkProcesses } from './trigram-signature.js';

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
  const underWalk = (window?: { limit: number; offset: number }, options?: WalkProcesses) =>
    database.db.transaction(async (tx) => {
      // A server that allows two workers (PGlite, one process, allows none).
      await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 2`);
      await keepTheWalk(tx, window, options);
      return {
        workers: await setting(tx, 'max_parallel_workers_per_gather'),
        sort: await setting(tx, 'enable_sort'),
      };
    });

  it('walks a first page in one process, a deep page as the server allows', async () => {
    const allowed = '2';
    expect(await underWalk({ limit: 10, offset: 0 })).toEqual({ workers: '0', sort: 'off' });
    expect(await underWalk({ limit: 10, offset: SHALLOW_WALK_OFFSET - 10 })).toEqual({
      workers: '0',
      sort: 'off',
    });
    expect(await underWalk({ limit: 10, offset: SHALLOW_WALK_OFFSET })).toEqual({
      workers: allowed,
      sort: 'off',
    });
    expect(await underWalk()).toEqual({ workers: allowed, sort: 'off' });
  });

  it('walks a deep page in one process where the list asks for it', async () => {
    const deep = { limit: 15, offset: 14_985 };
    expect(await underWalk(deep, { deepInOneProcess: true })).toEqual({ workers: '0', sort: 'off' });
    expect(await underWalk(deep, { deepInOneProcess: false })).toEqual({ workers: '2', sort: 'off' });
  });

  it('leaves the session as it was after the walk', async () => {
    const before = await setting(database.db, 'max_parallel_workers_per_gather');
    await underWalk({ limit: 10, offset: 0 });
    expect(await setting(database.db, 'enable_sort')).toBe('on');
    expect(await setting(database.db, 'max_parallel_workers_per_gather')).toBe(before);
  });
});
