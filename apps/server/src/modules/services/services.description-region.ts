import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { lowerStartRanges, sortsByCodePoint } from '../../lib/code-point-order.js';
import { selectedIds } from '../../lib/id-arrays.js';
import { pageOfParts } from '../../lib/page-parts.js';
import type { PageWindow } from '../../lib/paging.js';
import { isShortTerm, sortPrefix } from '../../lib/text-search.js';
import { underTheWalk } from '../../lib/trigram-signature.js';
import {
  exactBranches,
  faultMatches,
  orderOf,
  searchedFamilyList,
  type SearchLookups,
  type ServiceListOptions,
} from './services.list.js';
import { services } from './services.table.js';

/**
 * A short search's page in the order of the description (docs/decisions.md, "A search in a
 * column's order"). A short term matches the start of the description, and in the description's
 * order those events lie in one region: "sz" at "Sz…", after 3,000,000 own events that the walk of
 * the order passed, reading each, to find the first page (5.6 s at 5,000,000 events). Where the
 * database sorts by code point, the region is the term's case variants' ranges
 * (lib/code-point-order.ts), read from the order's index alone, range by range in the order's
 * direction, up to the page's end; the search's other branches (number, customers, creators) apart,
 * and the two merged by the database when both hold matches.
 */

/** The description's sort key as the list orders it (services.list.ts `orderOf`). */
const key = sortPrefix(services.faultDescription);

/** The longest term the search copy's prefix index reads whole (`left(fault_search, 64)`). */
const TERM_MAX = 64;

/**
 * The page's ids when a family list sorted by description searches a short term and the database
 * sorts by code point; undefined otherwise (the list's own query serves it).
 */
export async function descriptionRegionPage(
  db: Db,
  options: ServiceListOptions,
  window: PageWindow,
  found: SearchLookups | undefined,
): Promise<number[] | undefined> {
  const list = searchedFamilyList(options, found);
  if (!list) return undefined;
  const { family, sort, found: search } = list;
  const term = search.term;
  if (sort.field !== 'faultDescription' || !isShortTerm(term) || term.length > TERM_MAX) return undefined;
  const ranges = lowerStartRanges(term);
  if (!ranges || !(await sortsByCodePoint(db))) return undefined;
  const order = orderOf(sort);
  const end = window.offset + window.limit;
  const others = exactBranches(services, search);
  const [described, ofOthers] = await Promise.all([
    underTheWalk(db, async (tx) => {
      const ids: number[] = [];
      for (const range of sort.desc ? [...ranges].reverse() : ranges) {
        if (ids.length >= end) break;
        ids.push(
          ...(await selectedIds(
            tx,
            sql`SELECT ${services.id} AS id FROM ${services}
              WHERE ${family} AND ${key} >= ${range.from} AND ${key} < ${range.to}
              ORDER BY ${order} LIMIT ${end - ids.length}`,
          )),
        );
      }
      return ids;
    }),
    others.length
      ? selectedIds(
          db,
          sql`SELECT ${services.id} AS id FROM ${services}
            WHERE ${family} AND (${sql.join(others, sql` OR `)}) AND NOT ${faultMatches(term)}
            ORDER BY ${order} LIMIT ${end}`,
        )
      : Promise.resolve([]),
  ]);
  return pageOfParts(db, { table: services, id: services.id }, order, [described, ofOthers], window);
}
