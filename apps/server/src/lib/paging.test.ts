import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsSideBySide, type Database } from '../db/database.js';
import { openTestDatabase } from '../../test/test-app.js';
import {
  EXACT_TOTAL_BOUND,
  SEARCH_TOTAL_BOUND,
  boundedTotal,
  pageWithTotal,
  searchedTotal,
  totalBoundFor,
} from './paging.js';

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
    expect(above).toEqual({ total: above.total, estimated: true, proven: 101 });
  });

  it('gives what was seen to match as a lower bound when the estimate is not above it', async () => {
    // The count passes the bound of 100 where the planner expects 90: "more than 100" is sure.
    const all = matching(10_000);
    expect(await boundedTotal(database.db, all, 100, 0, all, async () => 90)).toEqual({
      total: 101,
      estimated: true,
      proven: 101,
      lowerBound: true,
    });
  });

  it('gives a searched list the matches seen as its total, a lower bound', async () => {
    const total = await boundedTotal(database.db, matching(10_000), 100);
    expect(searchedTotal(total)).toEqual({ total: 101, estimated: true, proven: 101, lowerBound: true });
    // An exact total stays as it is.
    expect(searchedTotal({ total: 42, estimated: false })).toEqual({ total: 42, estimated: false });
  });
});

describe('pageWithTotal', () => {
  /** A list of `size` numbers; records whether the count was asked for. */
  function list(size: number) {
    const counted: (number | undefined)[] = [];
    const bounds: (number | undefined)[] = [];
    const all = Array.from({ length: size }, (_, i) => i + 1);
    return {
      counted,
      bounds,
      readPage: async (w: { limit: number; offset: number }) => all.slice(w.offset, w.offset + w.limit),
      /** Exact up to the bound it is given (the list's own when none), estimated beyond. */
      count: async (atLeast?: number, bound?: number) => {
        counted.push(atLeast);
        bounds.push(bound);
        return bound !== undefined && size > bound
          ? { total: bound + 1, estimated: true }
          : { total: size, estimated: false };
      },
    };
  }

  it('takes a short page as the end of the list, without counting', async () => {
    const few = list(7);
    const first = await pageWithTotal({ limit: 10, offset: 0 }, few.readPage, few.count, { bound: 100 });
    expect(first).toEqual({ rows: [1, 2, 3, 4, 5, 6, 7], total: { total: 7, estimated: false } });
    const none = list(0);
    expect(await pageWithTotal({ limit: 10, offset: 0 }, none.readPage, none.count, { bound: 100 })).toEqual({
      rows: [],
      total: { total: 0, estimated: false },
    });
    const last = list(23);
    expect(await pageWithTotal({ limit: 10, offset: 20 }, last.readPage, last.count, { bound: 100 })).toEqual(
      {
        rows: [21, 22, 23],
        total: { total: 23, estimated: false },
      },
    );
    expect([...few.counted, ...none.counted, ...last.counted]).toEqual([]);
  });

  it('counts after a full page, and for an empty page past the start', async () => {
    const many = list(50);
    expect(await pageWithTotal({ limit: 10, offset: 10 }, many.readPage, many.count, { bound: 100 })).toEqual(
      {
        rows: [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
        total: { total: 50, estimated: false },
      },
    );
    expect(await pageWithTotal({ limit: 10, offset: 60 }, many.readPage, many.count, { bound: 100 })).toEqual(
      {
        rows: [],
        total: { total: 50, estimated: false },
      },
    );
    expect(many.counted).toEqual([undefined, undefined]);
  });

  it('counts an empty page past the bound exactly, up to its offset', async () => {
    // 3,736 matches, searched with a bound of 1,000: page 1,000 of 15 lies past the end.
    const searched = list(3736);
    expect(
      await pageWithTotal({ limit: 15, offset: 14_985 }, searched.readPage, searched.count, { bound: 1000 }),
    ).toEqual({ rows: [], total: { total: 3736, estimated: false } });
    expect(searched.bounds).toEqual([14_985]);
    // A page within the bound still counts with the list's own bound.
    const within = list(3736);
    await pageWithTotal({ limit: 15, offset: 0 }, within.readPage, within.count, { bound: 1000 });
    expect(within.bounds).toEqual([undefined]);
  });

  it('counts first, and reads no page, where the estimate puts a deep page past the end', async () => {
    /** The list, recording the pages read. */
    const tracked = (size: number) => {
      const inner = list(size);
      const pages: number[] = [];
      const readPage = async (w: { limit: number; offset: number }) => {
        pages.push(w.offset);
        return inner.readPage(w);
      };
      return { ...inner, pages, readPage };
    };
    const page1000 = { limit: 15, offset: 14_985 };
    // 3,736 matches, 1,100 estimated: counted up to the offset, exact, and no page read.
    const few = tracked(3736);
    expect(
      await pageWithTotal(page1000, few.readPage, few.count, { bound: 1000, estimate: async () => 1100 }),
    ).toEqual({ rows: [], total: { total: 3736, estimated: false } });
    expect(few.pages).toEqual([]);
    expect(few.bounds).toEqual([14_985]);
    // More than estimated: the count passes the offset, so the page is read after all.
    const more = tracked(20_000);
    const read = await pageWithTotal(page1000, more.readPage, more.count, {
      bound: 1000,
      estimate: async () => 1100,
    });
    expect(read.rows).toEqual(Array.from({ length: 15 }, (_, i) => 14_986 + i));
    expect(more.pages).toEqual([14_985]);
    expect(more.bounds).toEqual([14_985, undefined]);
    // An estimate of at least half the offset reads the page first, as without one.
    const near = tracked(3736);
    await pageWithTotal(page1000, near.readPage, near.count, { bound: 1000, estimate: async () => 8000 });
    expect(near.pages).toEqual([14_985]);
    // Within the bound the estimate is not asked.
    let asked = 0;
    const first = tracked(3736);
    await pageWithTotal({ limit: 15, offset: 0 }, first.readPage, first.count, {
      bound: 1000,
      estimate: async () => ++asked,
    });
    expect(asked).toBe(0);
  });

  it('counts beside the page on a pool, whatever the page', async () => {
    const few = list(3);
    expect(
      await pageWithTotal({ limit: 10, offset: 0 }, few.readPage, few.count, {
        bound: 100,
        sideBySide: true,
      }),
    ).toEqual({ rows: [1, 2, 3], total: { total: 3, estimated: false } });
    expect(few.counted).toEqual([undefined]);
  });

  it('loads a full page past the bound beside its estimate on a pool, after it one at a time', async () => {
    /** 20,000 numbers whose page is loaded as texts; each step waits a turn and records its start and end. */
    const loaded = (sideBySide: boolean) => {
      const inner = list(20_000);
      const steps: string[] = [];
      const step = async <R>(name: string, run: () => Promise<R>) => {
        steps.push(`${name} start`);
        await new Promise((resolve) => setImmediate(resolve));
        const result = await run();
        steps.push(`${name} end`);
        return result;
      };
      const answer = pageWithTotal(
        { limit: 15, offset: 14_985 },
        inner.readPage,
        (atLeast, bound) => step('count', () => inner.count(atLeast, bound)),
        {
          bound: 1000,
          sideBySide,
          load: (rows) => step('load', async () => rows.map((n) => `nr ${n}`)),
        },
      );
      return { answer, steps, counted: inner.counted };
    };
    const pooled = loaded(true);
    const expectedRows = Array.from({ length: 15 }, (_, i) => `nr ${14_986 + i}`);
    // The list's count stands for the estimate here: asked with what the page proved, 15,001.
    expect(await pooled.answer).toEqual({ rows: expectedRows, total: { total: 20_000, estimated: false } });
    // The load started before the total was answered.
    expect(pooled.counted).toEqual([15_001]);
    expect(pooled.steps.slice(0, 2).sort()).toEqual(['count start', 'load start']);
    const alone = loaded(false);
    expect((await alone.answer).rows).toEqual(expectedRows);
    expect(alone.steps).toEqual(['count start', 'count end', 'load start', 'load end']);
    // Within the bound, the load follows the page and its count, whatever the database.
    const within = list(50);
    const texts = await pageWithTotal({ limit: 10, offset: 0 }, within.readPage, within.count, {
      bound: 100,
      load: async (rows) => rows.map(String),
    });
    expect(texts).toEqual({
      rows: ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'],
      total: { total: 50, estimated: false },
    });
  });

  it('takes a kept total first, and reads no page past its end, one statement at a time', async () => {
    /** The list with a kept total (exact at any size), recording the pages read and the totals handed over. */
    const kept = (size: number) => {
      const inner = list(size);
      const pages: number[] = [];
      const handed: unknown[] = [];
      const readPage = async (w: { limit: number; offset: number }, total?: unknown) => {
        pages.push(w.offset);
        handed.push(total);
        return inner.readPage(w);
      };
      const count = async () => inner.count(undefined, Number.MAX_SAFE_INTEGER);
      return { ...inner, pages, handed, readPage, count };
    };
    // 2,997 open to-dos: their 1,000th page of 10 lies past the end and is not read.
    const past = kept(2997);
    expect(
      await pageWithTotal({ limit: 10, offset: 9990 }, past.readPage, past.count, { kept: true }),
    ).toEqual({ rows: [], total: { total: 2997, estimated: false } });
    expect(past.pages).toEqual([]);
    // 25,000: exact far past the bound, with no estimate, and the page read once, told the total.
    const many = kept(25_000);
    expect(
      await pageWithTotal({ limit: 10, offset: 19_990 }, many.readPage, many.count, {
        kept: true,
        bound: 100,
      }),
    ).toEqual({
      rows: Array.from({ length: 10 }, (_, i) => 19_991 + i),
      total: { total: 25_000, estimated: false },
    });
    expect(many.pages).toEqual([19_990]);
    expect(many.handed).toEqual([{ total: 25_000, estimated: false }]);
    // On a pool both run at once: the page is read whatever the total.
    const pooled = kept(2997);
    expect(
      await pageWithTotal({ limit: 10, offset: 9990 }, pooled.readPage, pooled.count, {
        kept: true,
        sideBySide: true,
      }),
    ).toEqual({ rows: [], total: { total: 2997, estimated: false } });
    expect(pooled.pages).toEqual([9990]);
  });
});

describe('runsSideBySide', () => {
  it('is true for PostgreSQL’s pool and false for PGlite’s single session', async () => {
    const database = await openTestDatabase();
    try {
      expect(runsSideBySide(database.db)).toBe(database.kind === 'postgres');
      expect(runsSideBySide(database.db)).toBe(Boolean(process.env.DATABASE_URL));
    } finally {
      await database.close();
    }
  });
});

describe('totalBoundFor', () => {
  it('bounds a searched list at 1,000, a list without a search term at 10,000', () => {
    expect(totalBoundFor('t')).toBe(SEARCH_TOTAL_BOUND);
    expect(totalBoundFor(' Sz ')).toBe(SEARCH_TOTAL_BOUND);
    expect(totalBoundFor('Łó')).toBe(SEARCH_TOTAL_BOUND);
    expect(totalBoundFor('wyciek')).toBe(SEARCH_TOTAL_BOUND);
    expect(totalBoundFor('  ')).toBe(EXACT_TOTAL_BOUND);
    expect(totalBoundFor(undefined)).toBe(EXACT_TOTAL_BOUND);
  });
});
