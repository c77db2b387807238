import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openPglite } from './database.js';
import { keepTextTypesAsText } from './pglite-parsers.js';

// The server's client, and PGlite as it comes with the same parsers (dates kept as text): every
// answer of the first is compared with the second's, on the same schema and rows.
let client: PGlite;
let plain: PGlite;
beforeAll(async () => {
  [client, plain] = await Promise.all([openPglite(), PGlite.create({ extensions: { pg_trgm } })]);
  keepTextTypesAsText(plain);
});
afterAll(() => Promise.all([client.close(), plain.close()]));

const SCHEMA = `DROP TABLE IF EXISTS kinds;
  CREATE TABLE kinds (id serial PRIMARY KEY, name text UNIQUE NOT NULL, flag boolean, amount numeric,
    tags text[], numbers int[], doc jsonb, day date, at timestamptz);
  INSERT INTO kinds (name, flag, amount, tags, numbers, doc, day, at) VALUES
    ('pierwszy', true, 12.50, '{a,b}', '{1,2}', '{"k": [1, "ż"]}', '2026-11-27', '2026-11-27 10:00+00'),
    ('drugi', false, NULL, '{}', NULL, NULL, NULL, NULL)`;
beforeEach(async () => {
  await Promise.all([client.exec(SCHEMA), plain.exec(SCHEMA)]);
});

/** Both clients' answers to the same statement: rows, fields and affected rows. */
async function both(text: string, params?: unknown[], options?: QueryOptions) {
  const [ours, theirs] = await Promise.all([
    client.query(text, params, options),
    plain.query(text, params, options),
  ]);
  return { ours, theirs };
}

/** A query's error, with the properties the server's error handling reads. */
async function failure(run: Promise<unknown>) {
  const error = await run.then(
    () => undefined,
    (e: unknown) => e as { code?: string; message: string; query?: string; params?: unknown[] },
  );
  expect(error).toBeDefined();
  return { code: error!.code, message: error!.message, query: error!.query, params: error!.params };
}

describe("PGlite's statements in two calls", () => {
  it('answers every kind of value, parameter and row mode as PGlite itself does', async () => {
    const statements: [string, unknown[]?, QueryOptions?][] = [
      ['SELECT * FROM kinds ORDER BY id'],
      ['SELECT * FROM kinds WHERE name = $1 AND flag = $2', ['pierwszy', true]],
      ['SELECT id, tags, numbers FROM kinds WHERE id = ANY($1) ORDER BY id', [[1, 2]], { rowMode: 'array' }],
      [
        'SELECT $1::int AS n, $2::text AS t, $3::jsonb AS j, $4::text[] AS a',
        [7, null, { x: 'ł' }, ['p', 'q']],
      ],
      ['SELECT count(*) FROM kinds WHERE day = $1 OR at < $2', ['2026-11-27', '2027-01-01 00:00+00']],
      ['SELECT name FROM kinds WHERE amount > $1', [10]],
      ['SELECT 1 WHERE false'],
    ];
    for (const [text, params, options] of statements) {
      const { ours, theirs } = await both(text, params, options);
      expect(ours.rows, text).toEqual(theirs.rows);
      expect(ours.fields, text).toEqual(theirs.fields);
    }
    const { ours } = await both('SELECT id, name FROM kinds ORDER BY id DESC', [], { rowMode: 'array' });
    expect(ours.rows).toEqual([
      [2, 'drugi'],
      [1, 'pierwszy'],
    ]);
  });

  it('counts the rows a write changed, and returns what it returns', async () => {
    for (const [text, params] of [
      ['INSERT INTO kinds (name) VALUES ($1), ($2) RETURNING id, name', ['trzeci', 'czwarty']],
      ['UPDATE kinds SET flag = $1 WHERE flag IS NOT true', [true]],
      ['DELETE FROM kinds WHERE name LIKE $1', ['%i']],
    ] as const) {
      const { ours, theirs } = await both(text, [...params]);
      expect(ours.affectedRows, text).toBe(theirs.affectedRows);
      expect(ours.rows, text).toEqual(theirs.rows);
    }
    expect((await client.query('SELECT name FROM kinds ORDER BY id')).rows).toEqual([
      { name: 'pierwszy' },
      { name: 'czwarty' },
    ]);
  });

  it('throws the errors PGlite throws (in parsing, binding and running) and goes on after each', async () => {
    const cases: [string, unknown[]][] = [
      ['SELEC name FROM kinds', []],
      ['SELECT name FROM kinds WHERE id = $1', ['nie liczba']],
      ['INSERT INTO kinds (name) VALUES ($1)', ['drugi']],
      ['SELECT 1 / $1::int', [0]],
    ];
    for (const [text, params] of cases) {
      const ours = await failure(client.query(text, params));
      expect(ours, text).toEqual(await failure(plain.query(text, params)));
      expect(ours.query).toBe(text);
      expect((await client.query<{ n: number }>('SELECT count(*)::int AS n FROM kinds')).rows).toEqual([
        { n: 2 },
      ]);
    }
    expect((await failure(client.query('INSERT INTO kinds (name) VALUES ($1)', ['drugi']))).code).toBe(
      '23505',
    );
  });

  it('runs a transaction: its rows inside it, a failed one rolled back whole, a closed one refused', async () => {
    await client.transaction(async (tx) => {
      await tx.query('INSERT INTO kinds (name) VALUES ($1)', ['w transakcji']);
      expect((await tx.query('SELECT count(*)::int AS n FROM kinds')).rows).toEqual([{ n: 3 }]);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('INSERT INTO kinds (name) VALUES ($1)', ['wycofany']);
        await tx.query('INSERT INTO kinds (name) VALUES ($1)', ['pierwszy']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    let kept: { query: PGlite['query'] } | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
      await tx.rollback();
    });
    await expect(kept!.query('SELECT 1')).rejects.toThrow('Transaction is closed');
    expect((await client.query('SELECT name FROM kinds ORDER BY id')).rows).toEqual([
      { name: 'pierwszy' },
      { name: 'drugi' },
      { name: 'w transakcji' },
    ]);
  });

  it('sends a statement in two calls into PGlite, and a blob statement through PGlite itself', async () => {
    const calls = vi.spyOn(client, 'execProtocolStream');
    await client.query('SELECT name FROM kinds WHERE id = $1', [1]);
    expect(calls).toHaveBeenCalledTimes(2);
    calls.mockClear();
    await client.transaction((tx) => tx.query('SELECT name FROM kinds WHERE id = $1', [1]));
    // BEGIN and COMMIT are PGlite's own simple queries, one call each with its sync.
    expect(calls).toHaveBeenCalledTimes(2 + 2 * 2);
    calls.mockRestore();

    const copied = await client.query("COPY (SELECT name FROM kinds ORDER BY id) TO '/dev/blob'");
    expect(await copied.blob?.text()).toBe('pierwszy\ndrugi\n');
  });
});
