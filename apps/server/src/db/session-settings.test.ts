import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.js';
import type { Database } from './database.js';
import { rowsOf } from '../lib/result-rows.js';

/**
 * Every session the server opens gets the list-friendly settings (docs/decisions.md, "Session
 * settings"). On PostgreSQL (`npm run test:pg`) the pool's sessions are checked several at once, so
 * more than one connection is looked at.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const setting = async (name: 'work_mem' | 'jit') => {
  const result = await database.db.execute(sql`SELECT current_setting(${name}) AS value`);
  return rowsOf<{ value: string }>(result)[0]!.value;
};

describe('session settings', () => {
  it('gives each sort or bitmap 32 MB, on every connection', async () => {
    const values = await Promise.all(Array.from({ length: 4 }, () => setting('work_mem')));
    expect(values).toEqual(Array(4).fill('32MB'));
  });

  it.runIf(process.env.DATABASE_URL)('runs PostgreSQL without JIT compilation', async () => {
    const values = await Promise.all(Array.from({ length: 4 }, () => setting('jit')));
    expect(values).toEqual(Array(4).fill('off'));
  });
});
