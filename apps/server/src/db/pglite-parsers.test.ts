import { types, type PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectPglite, type Db } from './database.js';
import { TEXT_TYPE_IDS, withoutTextParsers } from './pglite-parsers.js';
import { rowsOf } from '../lib/result-rows.js';
import { loadTemplatePglite } from '../../test/template.js';

let client: PGlite;
let db: Db;
beforeAll(async () => {
  // The migrated test template (the PostgreSQL run, which writes none, leaves this file out).
  client = await loadTemplatePglite();
  ({ db } = await connectPglite(client, false));
});
afterAll(() => client.close());

const TEXT_VALUES = sql`SELECT timestamp '2024-01-02 03:04:05' AS "at",
  timestamptz '2024-01-02 03:04:05+00' AS "atZone", date '2024-01-02' AS "day",
  interval '26 hours' AS "span", ARRAY[1.5, 2.25]::numeric[] AS "numbers",
  ARRAY[timestamp '2024-01-02 03:04:05'] AS "ats", ARRAY[date '2024-01-02'] AS "days",
  7 AS "count", ARRAY[1, 2] AS "ints"`;

/** PostgreSQL's text of each, as drizzle's PGlite driver has always received it. */
const AS_DRIZZLE_READS_THEM = {
  at: '2024-01-02 03:04:05',
  atZone: '2024-01-02 03:04:05+00',
  day: '2024-01-02',
  span: '26:00:00',
  numbers: '{1.5,2.25}',
  ats: '{"2024-01-02 03:04:05"}',
  days: '{2024-01-02}',
  count: 7,
  ints: [1, 2],
};

describe("PGlite's parsers, set once for drizzle's text types", () => {
  it('keeps dates, times, intervals and their arrays as text, other types parsed, outside a transaction', async () => {
    expect(rowsOf(await db.execute(TEXT_VALUES))).toEqual([AS_DRIZZLE_READS_THEM]);
  });

  it('reads the same inside a transaction and a savepoint', async () => {
    const read = await db.transaction(async (tx) => {
      const outer = rowsOf(await tx.execute(TEXT_VALUES));
      const inner = rowsOf(await tx.transaction((savepoint) => savepoint.execute(TEXT_VALUES)));
      return [...outer, ...inner];
    });
    expect(read).toEqual([AS_DRIZZLE_READS_THEM, AS_DRIZZLE_READS_THEM]);
  });

  it("answers a query's own text-type parsers with the client's: no copy of the map is made", async () => {
    const ownDayParser = { parsers: { [types.DATE]: () => 'own parser' } };
    const alone = await client.query<{ day: string }>(`SELECT date '2024-01-02' AS day`, [], ownDayParser);
    const inTransaction = await client.transaction((tx) =>
      tx.query<{ day: string }>(`SELECT date '2024-01-02' AS day`, [], ownDayParser),
    );
    expect([alone.rows[0]?.day, inTransaction.rows[0]?.day]).toEqual(['2024-01-02', '2024-01-02']);
  });

  it("honours a query's parser of any other type, with its text-type parsers beside it", async () => {
    const own = {
      parsers: { [types.INT4]: (value: string) => `int ${value}`, [types.DATE]: () => 'own day' },
    };
    const { rows } = await client.query(`SELECT 7 AS n, date '2024-01-02' AS day`, [], own);
    expect(rows).toEqual([{ n: 'int 7', day: 'own day' }]);
  });

  it("drops only parsers of the text types and keeps the query's other options", () => {
    const drizzleLike = {
      rowMode: 'array' as const,
      parsers: Object.fromEntries(TEXT_TYPE_IDS.map((id) => [id, (value: string) => value])),
    };
    expect(withoutTextParsers(drizzleLike)).toEqual({ rowMode: 'array' });
    const foreign = { parsers: { [types.INT4]: (value: string) => value } };
    expect(withoutTextParsers(foreign)).toBe(foreign);
    expect(withoutTextParsers(undefined)).toBeUndefined();
  });
});
