import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import type { PageWindow } from '../../lib/paging.js';
import { walkedIds } from '../../lib/trigram-signature.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { deviceWalkParts } from './devices.where.js';

/**
 * The capped walk (docs/decisions.md, "A walk that gives up"). When the planner prefers walking a
 * sort order's index and checking each machine to collecting the matches and sorting them, it
 * takes the matches for spread evenly over the order. They may lie together instead: the 52,939
 * own machines "sz" starts (grinders: their name, serial number and categories all start with it)
 * come after 428,862 others by name, so the first page by name walked 0.43 million machines (0.9–1.1
 * s) where collecting and sorting them takes 0.2 s. So the walk passes at most `cap` entries of the
 * order; a page not filled by then is given up and the matches are collected and sorted instead.
 */

/** The fewest entries a capped walk passes (a few milliseconds), however few it is expected to need. */
const FEWEST_ENTRIES = 1_000;

/**
 * From this offset a walk is not capped (walkCap): the plain walk, which the planner may run in
 * parallel workers, is left to read the deep page.
 */
const DEEP_PAGE_OFFSET = 1_000;

/** How many times the entries the estimate predicts a walk may pass (walkCap). */
const OVERRUN = { least: 2, most: 256 };

/**
 * The entries a walk for `window` may pass, when `matches` of `familySize` machines match and the
 * planner costs the sort `costRatio` times the walk: the entries it predicts the walk to pass, times
 * that ratio (then the walk given up costs what the sort was expected to), and at least twice them.
 * Undefined when the walk is not capped: a deep page (from DEEP_PAGE_OFFSET), whose plain walk the
 * planner may run in parallel workers, where a capped walk, which hands every entry it passes over
 * to be checked, runs in one process (2.2 times slower for the 1,000th page of "nowak" by zip code
 * at 1,000,000 machines); a cap not under the family's size; a family of unknown size (an owner's
 * list).
 */
export function walkCap(
  window: PageWindow,
  familySize: number,
  matches: number,
  costRatio: number,
): number | undefined {
  if (familySize <= 0 || window.offset >= DEEP_PAGE_OFFSET) return undefined;
  const predicted = ((window.offset + window.limit) * familySize) / Math.max(matches, 1);
  const overrun = Math.min(OVERRUN.most, Math.max(OVERRUN.least, costRatio));
  const cap = Math.max(FEWEST_ENTRIES, Math.ceil(predicted * overrun));
  return cap < familySize ? cap : undefined;
}

/**
 * The ids of `window` by walking the sort order's index over at most `cap` entries (the family's,
 * owner's and status's, which bound the walk), checking each, in list order; undefined when fewer
 * than the window's fill those entries (the list may also end there: the caller's sort tells). The
 * inner LIMIT keeps the check out of the walk's subquery (no condition is pushed past it), and the
 * outer query reads it in its order, lazily: a page found early ends the walk.
 */
export async function cappedWalkIds(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  window: PageWindow,
  cap: number,
): Promise<number[] | undefined> {
  const { bounds, checked } = deviceWalkParts(criteria);
  const order = sql.join(deviceOrder(sort).by, sql`, `);
  const walk = sql`SELECT ${devices.id} AS id, ${checked} AS hit FROM ${devices} WHERE ${bounds}
    ORDER BY ${order} LIMIT ${cap}`;
  const ids = await walkedIds(
    db,
    sql`SELECT w.id FROM (${walk}) AS w WHERE w.hit LIMIT ${window.limit} OFFSET ${window.offset}`,
  );
  return ids.length === window.limit ? ids : undefined;
}
