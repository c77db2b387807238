import type { FastifyReply } from 'fastify';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ListQuery } from '@serwis/domain';
import type { Db, DbOrTx } from '../db/database.js';
import { parseIdArray } from './id-arrays.js';
import { trimmedTerm } from './text-search.js';
import { rowsOf } from './result-rows.js';

/** limit/offset for a paged request, or undefined when the client asked for the full array. */
export function pageWindow(query: Pick<ListQuery, 'page' | 'size'>, defaultSize = 20) {
  if (query.page === undefined && query.size === undefined) return undefined;
  const size = query.size ?? defaultSize;
  const page = query.page ?? 1;
  return { limit: size, offset: (page - 1) * size };
}

/**
 * Up to this many matching rows a list's total is counted exactly; beyond it the total is the
 * planner's estimate and the answer says so (docs/decisions.md, "Totals of long lists").
 */
export const EXACT_TOTAL_BOUND = 10_000;

/**
 * The bound of a searched list (docs/decisions.md, "A search counts to 1,000"): a broad term ("t",
 * "wyciek", a common surname) matches a large share of a big register, and counting 10,001 of its
 * matches reads as much as the 1,000th page. Its total is exact up to 1,000 and "ponad 1 000" (or
 * the planner's "ok. …") beyond, for a tenth of the counting.
 */
export const SEARCH_TOTAL_BOUND = 1_000;

/** The exact-total bound of a list searched for `q`: SEARCH_TOTAL_BOUND, or EXACT_TOTAL_BOUND without a term. */
export function totalBoundFor(q: string | undefined): number {
  return trimmedTerm(q) ? SEARCH_TOTAL_BOUND : EXACT_TOTAL_BOUND;
}

/** The total of a list: exact, or (above the bound) estimated. */
export interface ListTotal {
  total: number;
  estimated: boolean;
  /** Estimated: how many the server has seen match (the count's bound + 1, or a full page's end + 1). */
  proven?: number;
  /** `total` is `proven`: that many match at least, maybe more (`searchedTotal`, `pastBound`). */
  lowerBound?: boolean;
}

/**
 * A searched list's total past its bound: the matches the server has seen, as a lower bound, and
 * not the planner's estimate. The planner's figure for a text search runs up to three times the
 * matches (the machines' "sz": 14,915 for 5,216), which "ok. 15 000" would show as about right;
 * "ponad 1 000" is true, and a page further on raises it ("ponad 5 200" on the 521st of 10).
 * docs/decisions.md, "A search's total as a lower bound".
 */
export function searchedTotal(total: ListTotal): ListTotal {
  return total.estimated && total.proven !== undefined
    ? { total: total.proven, estimated: true, proven: total.proven, lowerBound: true }
    : total;
}

/**
 * Up to `bound` + 1 of the ids `query` selects (its first column is the id), in no particular
 * order, as one array value: collected through the conditions' own indexes or a scan that stops at
 * the bound, never by walking a sort index, which the planner likes with a LIMIT, assuming the
 * matches are spread evenly along it. Fewer than bound + 1 ids are every match. In one process:
 * parallel workers take longer to start than the 10,001 rows take to read (the city "kraków" at
 * 1,000,000 machines: 32–35 ms with them, 22–25 ms without). `onOneIndex`: the caller knows that
 * one B-tree's entries answer the whole condition (its columns are the condition's, e.g. a province
 * list on `(type, province, id)`), and the ids are read from that index alone, which the planner,
 * assuming the matches spread evenly, would not choose for a LIMIT. `asCounted`: in one statement,
 * planned as `boundedTotal`'s count is (no settings, no transaction), for a database running one
 * statement at a time (PGlite), where the ids replace the count beside the page and a page of them
 * is cut without running the search again (the to-dos' search).
 */
export async function boundedIds(
  db: Db,
  query: SQL,
  bound: number,
  { onOneIndex = false, asCounted = false }: { onOneIndex?: boolean; asCounted?: boolean } = {},
): Promise<number[]> {
  if (asCounted) return collectIds(db, query, bound);
  return db.transaction(async (tx) => {
    await collectSettings(tx, { onOneIndex });
    return collectIds(tx, query, bound);
  });
}

/**
 * `boundedIds`' settings, for the transaction `tx`, in one process either way: a scan of the table
 * or a bitmap, never a walk of an index; or (`onOneIndex`) no scan of the table, bitmap or index
 * scan. `enable_indexscan` turns index-only scans off too, so under `onOneIndex` every kind of plan
 * carries the same penalty, and the planner takes the cheapest by its costs: an index-only read
 * where one index holds the condition's columns and is the cheapest to read (docs/decisions.md,
 * "An owner's machines in a city").
 */
export async function collectSettings(tx: DbOrTx, { onOneIndex }: { onOneIndex: boolean }) {
  await tx.execute(
    onOneIndex
      ? sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_bitmapscan', 'off', true),
          set_config('enable_indexscan', 'off', true), set_config('max_parallel_workers_per_gather', '0', true)`
      : sql`SELECT set_config('enable_indexscan', 'off', true), set_config('enable_indexonlyscan', 'off', true),
          set_config('max_parallel_workers_per_gather', '0', true)`,
  );
}

/** Up to `bound` + 1 ids of `query` (its first column), as one array value. */
async function collectIds(db: DbOrTx, query: SQL, bound: number): Promise<number[]> {
  const result = await db.execute(
    sql`SELECT array_agg(m.id) AS ids FROM (${query} LIMIT ${sql.raw(String(bound + 1))}) AS m(id)`,
  );
  return parseIdArray(rowsOf<{ ids: string | number[] | null }>(result)[0]?.ids ?? null);
}

/** The planner's row estimate for a query (EXPLAIN, nothing executed). */
export const estimatedRows = (db: DbOrTx, matching: SQLWrapper) => estimateRows(db, matching);

async function estimateRows(db: DbOrTx, matching: SQLWrapper): Promise<number> {
  return Math.round((await topPlan(db, matching))?.['Plan Rows'] ?? 0);
}

/** The planner's top plan node for a query (EXPLAIN, nothing executed). */
async function topPlan(db: DbOrTx, query: SQLWrapper) {
  const result = await db.execute(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const raw = row ? Object.values(row)[0] : undefined;
  type Plan = { 'Plan Rows': number; 'Total Cost': number };
  return ((typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: Plan }[])[0]?.Plan;
}

/** The planner's estimated cost of running a query to its end (EXPLAIN, nothing executed). */
export const estimatedCost = async (db: DbOrTx, query: SQLWrapper) =>
  (await topPlan(db, query))?.['Total Cost'] ?? 0;

export type PageWindow = { limit: number; offset: number };

/**
 * One page and its list's total. A page that reaches past the exact bound is read first, with one
 * row more than asked, and answers most of the total itself: that extra row means more than the
 * bound match, so the count (which would read as many matches again) is left out and only the
 * planner's estimate asked (`count(atLeast)`); a short page ends the list, so the total is exact
 * without counting; an empty one is counted exactly up to its offset (`count(undefined, offset)`),
 * which fewer match. Before the bound the count runs beside the page where the database runs
 * statements side by side (`sideBySide`, PostgreSQL's pool); else the page is read first, and only a
 * full page (or an empty one past the start) is counted (`countFirst`: the count goes before the
 * page, and the page is told the total). `estimate`: the planner's estimate of the matches, asked
 * for a page past the bound only; when it is under half the page's offset the page likely lies past
 * the end, and the count up to the offset goes first: an empty page is then not read at all (the
 * open to-dos' "ofert", 3,736 of them, on their 1,000th page). `kept`: the total is kept by
 * triggers (exact, one row read), see `pageOfKeptTotal`. `load`: what the page's rows become (a
 * list whose page is ids, its rows read by id); past the bound, on a pool, beside the estimate.
 */
export async function pageWithTotal<T, U = T>(
  window: PageWindow,
  readPage: (window: PageWindow, total?: ListTotal) => Promise<T[]>,
  count: (atLeast?: number, bound?: number) => Promise<ListTotal>,
  options: PageOptions & { load?: (rows: T[]) => Promise<U[]> } = {},
): Promise<{ rows: U[]; total: ListTotal }> {
  // Without `load` the rows are the page's own (U is T).
  const load = options.load ?? (async (rows: T[]) => rows as unknown as U[]);
  const { rows, total } = await pageAndTotal(window, readPage, count, options);
  if (typeof total !== 'function') return { rows: await load(rows), total };
  if (options.sideBySide) {
    const [loaded, asked] = await Promise.all([load(rows), total()]);
    return { rows: loaded, total: asked };
  }
  const asked = await total();
  return { rows: await load(rows), total: asked };
}

interface PageOptions {
  countFirst?: boolean;
  bound?: number;
  sideBySide?: boolean;
  estimate?: () => Promise<number>;
  kept?: boolean;
}

/**
 * pageWithTotal's page and total. A total still to be asked (a function) is the estimate of a list
 * whose full page past the bound proved it longer than the bound: it needs nothing from the rows.
 */
async function pageAndTotal<T>(
  window: PageWindow,
  readPage: (window: PageWindow, total?: ListTotal) => Promise<T[]>,
  count: (atLeast?: number, bound?: number) => Promise<ListTotal>,
  options: PageOptions,
): Promise<{ rows: T[]; total: ListTotal | (() => Promise<ListTotal>) }> {
  if (options.kept) return pageOfKeptTotal(window, readPage, count, options.sideBySide);
  const bound = options.bound ?? EXACT_TOTAL_BOUND;
  if (options.countFirst && window.offset + window.limit <= bound) {
    // The page's plan depends on how many match (e.g. a sort of a few matches instead of walking
    // the order's index past rows that do not match): the count goes first and is handed over.
    const total = await count();
    if (!total.estimated && window.offset >= total.total) return { rows: [], total };
    return { rows: await readPage(window, total), total };
  }
  if (window.offset + window.limit <= bound) {
    if (options.sideBySide) {
      // A pool runs the two at once: the count costs no wait beside the page.
      const [rows, total] = await Promise.all([readPage(window), count()]);
      return { rows, total };
    }
    // One statement at a time (PGlite): a short page ends the list, so its total is known without
    // counting (a search finding a few).
    const rows = await readPage(window);
    if (rows.length < window.limit && (rows.length > 0 || window.offset === 0)) {
      return { rows, total: { total: window.offset + rows.length, estimated: false } };
    }
    return { rows, total: await count() };
  }
  if (options.estimate && (await options.estimate()) * 2 < window.offset) {
    // Counted up to the offset: exact, it ends before the page; else more match than expected.
    const total = await count(undefined, Math.max(bound, window.offset));
    if (!total.estimated) return { rows: [], total };
  }
  const rows = await readPage({ ...window, limit: window.limit + 1 });
  if (rows.length > window.limit) {
    return { rows: rows.slice(0, window.limit), total: () => count(window.offset + rows.length) };
  }
  if (rows.length > 0) return { rows, total: { total: window.offset + rows.length, estimated: false } };
  // Empty: fewer than `offset` match, so a count bounded there is exact and reads no more than the
  // page just did (a search's 1,000th page past its 3,736 matches: 3,736, not "ok. 3 600").
  return { rows, total: await count(undefined, Math.max(bound, window.offset)) };
}

/**
 * A page of a list whose total is kept by triggers (list_counts, todo_status_counts): exact at any
 * size, and one row read, so no bound or estimate applies. Beside the page where the database runs
 * statements side by side; else first, and a page past the end is not read at all (the open to-dos'
 * 1,000th page at 100,000 machines, past their 2,997: on PGlite the page alone cost 2 ms of its 4.5).
 */
async function pageOfKeptTotal<T>(
  window: PageWindow,
  readPage: (window: PageWindow, total?: ListTotal) => Promise<T[]>,
  count: () => Promise<ListTotal>,
  sideBySide = false,
): Promise<{ rows: T[]; total: ListTotal }> {
  if (sideBySide) {
    const [rows, total] = await Promise.all([readPage(window), count()]);
    return { rows, total };
  }
  const total = await count();
  return { rows: window.offset < total.total ? await readPage(window, total) : [], total };
}

/**
 * A page that reaches `bound`, when the planner expects more than the bound to match: read with one
 * row more. With that row the total is the estimate (never less than what the page proves), the
 * answer a count would give; short but not empty, the page ends the list and its total is exact.
 * Else (within the bound, few expected, or an empty page) undefined, and the caller counts.
 */
export async function readPastBound<T>(
  window: PageWindow,
  bound: number,
  estimate: () => Promise<number>,
  readPage: (page: PageWindow, expected: number) => Promise<T[]>,
): Promise<{ rows: T[]; total: ListTotal } | undefined> {
  if (window.offset + window.limit < bound) return undefined;
  const expected = await estimate();
  if (expected <= bound) return undefined;
  const rows = await readPage({ ...window, limit: window.limit + 1 }, expected);
  if (rows.length > window.limit) {
    const proven = window.offset + rows.length;
    return {
      rows: rows.slice(0, window.limit),
      total: pastBound(proven, expected),
    };
  }
  if (rows.length === 0) return undefined;
  return { rows, total: { total: window.offset + rows.length, estimated: false } };
}

/**
 * The total for `matching` (a query selecting the list's matching rows, any columns): counted
 * exactly up to `bound`, which costs at most `bound` index entries whatever the table's size;
 * above it the planner's estimate, never less than bound + 1. `counted`: the same rows up to the
 * bound, cheaper to count (a union whose one part is cut at bound + 1 rows: past it, so is the
 * union; the to-dos' search, todos.repository.ts). `estimate`: the planner's estimate of
 * `matching` when the caller asks it anyway (once for a call, the to-dos' deep pages).
 */
export async function boundedTotal(
  db: DbOrTx,
  matching: SQLWrapper,
  bound = EXACT_TOTAL_BOUND,
  atLeast = 0,
  counted: SQLWrapper = matching,
  estimate: () => Promise<number> = () => estimateRows(db, matching),
): Promise<ListTotal> {
  // Already known to be above the bound (a full page past it, pageWithTotal): only the estimate.
  if (atLeast > bound) return pastBound(atLeast, await estimate());
  const n = await countUpTo(db, counted, bound);
  if (n <= bound) return { total: n, estimated: false };
  return pastBound(bound + 1, await estimate());
}

/**
 * The total of a whole table that only grows (the log, never deleted from): the planner's estimate
 * first. It follows the table's size between ANALYZEs too (PostgreSQL scales the last known rows per
 * page by the pages the table has now), so above twice the bound it is the total and nothing is
 * counted: counting 10,001 entries would end in the same estimate (on PGlite 2 ms of the log's first
 * page; docs/decisions.md, "The log's estimate first, …"). Else as `boundedTotal`, and an
 * estimate it needs is the one already asked.
 */
export async function growingTableTotal(
  db: DbOrTx,
  matching: SQLWrapper,
  bound = EXACT_TOTAL_BOUND,
): Promise<ListTotal> {
  const estimate = await estimateRows(db, matching);
  if (estimate > 2 * bound) return { total: estimate, estimated: true };
  const n = await countUpTo(db, matching, bound);
  if (n <= bound) return { total: n, estimated: false };
  return pastBound(bound + 1, estimate);
}

/**
 * A total past the bound: the planner's estimate, or, when it is not above what has been seen to
 * match (`proven`), that: a lower bound ("ponad 10 000"), not an estimate. The screen told the two
 * apart by the figure's look (a round one + 1), and a planner's 2,101 read as "ponad 2 100" for 2,099.
 */
export function pastBound(proven: number, estimate: number): ListTotal {
  return estimate > proven
    ? { total: estimate, estimated: true, proven }
    : { total: proven, estimated: true, proven, lowerBound: true };
}

/** How many rows `matching` selects, counted up to bound + 1 (which means more than the bound). */
async function countUpTo(db: DbOrTx, matching: SQLWrapper, bound: number): Promise<number> {
  const counted = await db.execute(
    sql`SELECT count(*)::int AS n FROM (${matching} LIMIT ${sql.raw(String(bound + 1))}) AS bounded`,
  );
  return Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0);
}

/**
 * `X-Total-Count`, with `X-Total-Count-Estimated: true` when the total is not counted, and
 * `X-Total-Count-Lower-Bound: true` when it is what the server has seen match (at least so many).
 */
export function setTotalCount(reply: FastifyReply, total: number | ListTotal) {
  const value: ListTotal = typeof total === 'number' ? { total, estimated: false } : total;
  reply.header('X-Total-Count', String(value.total));
  if (value.estimated) reply.header('X-Total-Count-Estimated', 'true');
  if (value.lowerBound) reply.header('X-Total-Count-Lower-Bound', 'true');
}
