import { and, eq, sql, type SQL } from 'drizzle-orm';
import { machineSortFields, type MachineSortField } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { estimatedRows, type PageWindow } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { likeContains, searchTerm } from '../../lib/text-search.js';
import { hasTrigram, walkMayPay, walkedIds } from '../../lib/trigram-signature.js';
import { devices, deviceSearchText } from './devices.table.js';
import {
  cleanTerm,
  deviceOrder,
  deviceWhere,
  idsAmong,
  longSearch,
  searchedOwners,
  type DeviceCriteria,
} from './devices.query.js';
import {
  boundedMatchIds,
  deviceMatches,
  findDevicesByIds,
  pageDeviceIdsQuery,
} from './devices.repository.js';

/**
 * The known-matches walk (docs/decisions.md, "A search told on the index entry"). A long search
 * term matches a machine by its own text, or by its customer's names, its category's name or its
 * status. When the machines' own texts hold it only a few times (the trigram index finds them at
 * once: "nowak" is the name of 332 customers and in no machine's text), every branch is known by
 * id before the page is read: those machines, those customers, those categories, those statuses.
 * The sort order's index carries each machine's customer, category and status, so the page walks
 * it index-only and reads no machine it passes, in any order whose index carries them.
 */

/** Up to this many machines may hold the term in their own text; with more, the walk is not tried. */
const TEXT_MATCH_BOUND = 2000;

/**
 * The sort fields whose `(type, key, id)` index INCLUDEs the status weight, the customer, the
 * category, the handover date and the province (devices.table.ts): the walk reads only the index.
 */
const CARRYING_ORDERS = new Set<MachineSortField>([
  'id',
  'status',
  'statusWeight',
  'name',
  'customer',
  'category',
  'serialNumber',
  'transferDate',
]);

/**
 * What an index entry passed costs (the hashed id checks included) and what a match collected
 * through the trigram and customer indexes and sorted costs, in microseconds, measured on the
 * bench's PostgreSQL at 1,000,000 machines ("nowak" in both orders, pages 1 and 1,000).
 */
const COST = { entry: 0.15, candidate: 0, match: 3.5 };

/** The long term of a list this walk can answer, or undefined. */
export function knownMatchesTerm(criteria: DeviceCriteria, sort: string | undefined): string | undefined {
  if (!criteria.family || criteria.owner) return undefined;
  const search = searchTerm(criteria.q);
  if (search.kind !== 'long' || !hasTrigram(search.term)) return undefined;
  const { field } = parseSortParam(sort, machineSortFields, { field: 'statusWeight', direction: 'asc' });
  if (!CARRYING_ORDERS.has(field)) return undefined;
  // A text filter reads a column the index does not carry.
  const filter = criteria.filter;
  const textFilter =
    filter &&
    [
      filter.serialNumber,
      filter.sourcePower,
      filter.warranty,
      filter.street,
      filter.zipCode,
      filter.city,
    ].some((value) => cleanTerm(value));
  return textFilter ? undefined : search.term;
}

/** Whether the walk could pay against sorting `matches` matches, before anything is looked up. */
export const knownMatchesMayPay = (window: PageWindow, familySize: number, matches: number) =>
  walkMayPay(window, { total: familySize, estimatedMatches: matches }, COST);

/**
 * The list's condition with every branch of the search known by id, or undefined when the
 * machines' own texts hold the term more than TEXT_MATCH_BOUND times.
 */
export async function knownMatchesWhere(
  db: Db,
  criteria: DeviceCriteria,
  term: string,
): Promise<SQL | undefined> {
  const family = criteria.family!;
  const ownText = and(
    eq(devices.type, family),
    sql`${deviceSearchText(devices)} ILIKE ${likeContains(term)}`,
  )!;
  // The planner's estimate from the search text's statistics first: the lookup of a common term
  // would read 2,001 of its machines for nothing ("frezarka": 45,000 estimated, 40 ms).
  if ((await estimatedRows(db, deviceMatches(ownText))) > TEXT_MATCH_BOUND) return undefined;
  const texts = await boundedMatchIds(db, ownText, TEXT_MATCH_BOUND);
  if (texts.length > TEXT_MATCH_BOUND) return undefined;
  const owners = await searchedOwners(db, term);
  return and(
    deviceWhere({ ...criteria, q: undefined }),
    longSearch(devices, family, term, idsAmong(devices.id, texts), owners),
  );
}

/** One page by walking the sort order's index with the known condition (lib/trigram-signature.ts, walkedIds). */
export async function knownMatchesPage(db: Db, where: SQL, sort: string | undefined, window: PageWindow) {
  return findDevicesByIds(db, await walkedIds(db, pageDeviceIdsQuery(where, deviceOrder(sort), window)));
}
