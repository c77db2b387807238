import { sql, type SQL } from 'drizzle-orm';
import { runsSideBySide, type Db, type DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { parseIdArray } from '../../lib/id-arrays.js';
import type { PageWindow } from '../../lib/paging.js';
import { underTheWalk } from '../../lib/trigram-signature.js';

/**
 * A deep page's signature walk split in two at a month, the two parts walked at once on two of
 * PostgreSQL's connections (docs/decisions.md, "The events' walk split in two"). The walk of the
 * own events' "wyciek" to its 1,000th page passes 529,000 index entries (65 ms); cut at a month
 * boundary into the newest months and the rest, each part passes about half of them.
 *
 * The first part walks the newest year's months after `month` (a year and months fixed by
 * equality, so that the backward walk stops at the boundary) and counts its matches up to the
 * page's end; the second walks everything from `month` back, to at most `secondLimit` matches. The
 * page is the first part's share of it followed by the second's. How many matches the first part
 * holds is known only once it has walked, so the second collects a margin more than expected, and
 * is walked again past its limit where that was not enough.
 */
export interface WalkSplit {
  /** The family's newest year. */
  year: number;
  /** The first part holds that year's months after this one (0: the whole year), the second the rest. */
  month: number;
  /** The most matches the second part collects. */
  secondLimit: number;
}

/** The events' dates as the planner sees them (pg_stats): what share is dated on or after a day. */
export interface DateStatistics {
  nullFraction: number;
  /** The histogram's bounds, days since 1970-01-01, ascending: each bucket holds as many rows. */
  bounds: number[];
  /** The most common dates (days) and the share of rows each holds, outside the histogram. */
  common: { day: number; frequency: number }[];
}

/**
 * A walk that passes fewer entries is not split: at about 0.13 µs an entry, 200,000 take about 25
 * ms, and the split costs a statement and a second transaction (about 1 ms).
 */
const SPLIT_MIN_ENTRIES = 200_000;

/**
 * A split walk's time for its entries against the whole walk's on one connection: the own events'
 * "wyciek", page 1,000, at 5,000,000 events: 65 ms whole, 40–57 ms split (the two parts take
 * longer side by side than each alone); the call's median 75–80 → 58–72 ms.
 */
export const SPLIT_ENTRY_SHARE = 0.7;

/**
 * The second part collects the page's end less this share of the first part's expected matches:
 * where the first part's months hold fewer matches than their share of the walk (a term more
 * frequent in older months), the second still reaches the page. Where it does not, it walks on.
 */
const MARGIN = 0.75;

/**
 * The first part is cut at this share of the walk; the second then passes about
 * 1 - MARGIN * FIRST_PART_SHARE of it (0.625). Cut where both would pass as many (4/7 of the walk:
 * July to November for the own events' "wyciek", 345,000 entries), the first part took 53–60 ms
 * against the second's 37; cut at half (August to November), they took about as long.
 */
const FIRST_PART_SHARE = 0.5;

/** A first part of less than this share of the walk saves too little to be split off. */
const FIRST_PART_MIN_SHARE = 0.2;

const DAY_MS = 86_400_000;
const dayOf = (year: number, month: number) => Date.UTC(year, month - 1, 1) / DAY_MS;
const dayOfText = (text: string) => Date.parse(`${text}T00:00:00Z`) / DAY_MS;

/** The share of the rows dated on or after `day`, by the planner's statistics. */
export function shareOnOrAfter(stats: DateStatistics, day: number): number {
  const common = stats.common.reduce((sum, value) => sum + value.frequency, 0);
  const commonAfter = stats.common
    .filter((value) => value.day >= day)
    .reduce((sum, value) => sum + value.frequency, 0);
  return commonAfter + (1 - stats.nullFraction - common) * histogramShareAfter(stats.bounds, day);
}

function histogramShareAfter(bounds: number[], day: number): number {
  const buckets = bounds.length - 1;
  if (buckets < 1) return 0;
  if (day <= bounds[0]!) return 1;
  if (day > bounds[buckets]!) return 0;
  const i = Math.max(0, bounds.findIndex((bound) => bound >= day) - 1);
  const low = bounds[i]!;
  const high = bounds[i + 1]!;
  const within = high > low ? (high - day) / (high - low) : 0;
  return (buckets - i - 1 + within) / buckets;
}

/**
 * Where to cut a walk expected to pass `walkEntries` of the family's `familyTotal` events to the
 * page's end (`windowEnd` matches): the month of the newest year after which about FIRST_PART_SHARE
 * of the walk lies, or undefined where even the whole newest year holds too little of it.
 */
export function chooseSplit(
  stats: DateStatistics,
  newestYear: number,
  walk: { walkEntries: number; familyTotal: number; windowEnd: number },
): WalkSplit | undefined {
  const target = walk.walkEntries * FIRST_PART_SHARE;
  const after = (month: number) => walk.familyTotal * shareOnOrAfter(stats, dayOf(newestYear, month + 1));
  let month = 11;
  while (month > 0 && after(month - 1) <= target) month -= 1;
  if (month > 0 && Math.abs(after(month - 1) - target) < Math.abs(after(month) - target)) month -= 1;
  const firstEntries = after(month);
  if (firstEntries < walk.walkEntries * FIRST_PART_MIN_SHARE) return undefined;
  const firstMatches = Math.min(walk.windowEnd, (walk.windowEnd * firstEntries) / walk.walkEntries);
  return {
    year: newestYear,
    month,
    secondLimit: Math.max(1, walk.windowEnd - Math.floor(MARGIN * firstMatches)),
  };
}

/** pg_stats' date statistics of the events, and the family's newest year (`newestYear`, a subquery). */
async function readSplitInputs(db: Db, newestYear: SQL) {
  const result = await db.execute(sql`SELECT (${newestYear}) AS year, s.null_frac AS "nullFraction",
      s.histogram_bounds::text AS bounds, s.most_common_vals::text AS common,
      s.most_common_freqs::text AS frequencies
    FROM (SELECT 1) AS one
    LEFT JOIN pg_stats AS s ON s.schemaname = current_schema() AND s.tablename = 'services' AND s.attname = 'date'`);
  const row = rowsOf<Record<string, string | number | null>>(result)[0]!;
  const list = (value: string | number | null) =>
    typeof value === 'string' ? value.slice(1, -1).split(',').filter(Boolean) : [];
  const commonDays = list(row.common).map(dayOfText);
  const frequencies = list(row.frequencies).map(Number);
  const stats: DateStatistics = {
    nullFraction: Number(row.nullFraction ?? 0),
    bounds: list(row.bounds).map(dayOfText),
    common: commonDays.map((day, i) => ({ day, frequency: frequencies[i] ?? 0 })),
  };
  return { year: row.year === null ? undefined : Number(row.year), stats };
}

/**
 * The split of a descending walk to the page's end, on PostgreSQL's pool only (PGlite runs one
 * statement at a time), where it is expected to pass SPLIT_MIN_ENTRIES or more; undefined otherwise
 * or where the statistics of the events' dates are missing (not yet analysed).
 */
export async function planWalkSplit(
  db: Db,
  walk: { descending: boolean; newestYear: SQL },
  family: { total: number; estimatedMatches: number },
  window: PageWindow,
): Promise<WalkSplit | undefined> {
  if (!walk.descending || !runsSideBySide(db)) return undefined;
  const windowEnd = window.offset + window.limit;
  const walkEntries = (windowEnd * family.total) / Math.max(family.estimatedMatches, 1);
  if (walkEntries < SPLIT_MIN_ENTRIES) return undefined;
  const { year, stats } = await readSplitInputs(db, walk.newestYear);
  if (year === undefined || (stats.bounds.length < 2 && !stats.common.length)) return undefined;
  return chooseSplit(stats, year, { walkEntries, familyTotal: family.total, windowEnd });
}

/** The two parts of a split walk, each a query of the walk's ids in list order. */
export interface SplitWalkQueries {
  first: (window: PageWindow) => SQL;
  second: (window: PageWindow) => SQL;
}

/**
 * The page's ids by the two parts at once, each in a transaction of its own, so on two connections
 * of a pool.
 */
export async function splitWalkIds(
  db: Db,
  split: WalkSplit,
  queries: SplitWalkQueries,
  window: PageWindow,
): Promise<number[]> {
  const end = window.offset + window.limit;
  const [first, second] = await Promise.all([
    underTheWalk(db, async (tx) => {
      const result = await tx.execute(sql`SELECT count(*)::int AS n,
          (array_agg(part.id))[${window.offset + 1}::int:${end}::int] AS ids
        FROM (${queries.first({ offset: 0, limit: end })}) AS part(id)`);
      const row = rowsOf<{ n: number; ids: string | number[] | null }>(result)[0]!;
      return { matches: Number(row.n), ids: parseIdArray(row.ids) };
    }),
    underTheWalk(db, (tx) => idsOf(tx, queries.second({ offset: 0, limit: split.secondLimit }))),
  ]);
  if (first.matches >= end) return first.ids;
  const needed = end - first.matches;
  // The first part held fewer matches than expected and the second stopped at its limit: a third
  // statement walks the second part again, past its limit, to the page.
  const more =
    second.length === split.secondLimit && second.length < needed
      ? await underTheWalk(db, (tx) =>
          idsOf(tx, queries.second({ offset: split.secondLimit, limit: needed - split.secondLimit })),
        )
      : [];
  return [...first.ids, ...[...second, ...more].slice(Math.max(0, window.offset - first.matches), needed)];
}

const idsOf = async (tx: DbOrTx, query: SQL) => {
  const result = await tx.execute(sql`SELECT array_agg(part.id) AS ids FROM (${query}) AS part(id)`);
  return parseIdArray(rowsOf<{ ids: string | number[] | null }>(result)[0]!.ids);
};
