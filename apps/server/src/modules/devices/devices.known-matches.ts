import { and, eq, or, type SQL } from 'drizzle-orm';
import type { MachineSortField } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { idsAmong } from '../../lib/id-arrays.js';
import { estimatedRows, type PageWindow } from '../../lib/paging.js';
import { cleanTerm, lowerPrefix, searchTerm } from '../../lib/text-search.js';
import {
  holdsBits,
  signatureColumnsOf,
  startSignature,
  walkMayPay,
  walkedIds,
} from '../../lib/trigram-signature.js';
import { SEARCH_SIGNATURE_COLUMNS } from './devices.signature.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria, FirstMatchesWalk } from './devices.criteria.js';
import { deviceOrder, deviceSort, WEIGHT_SORT_FIELDS } from './devices.order.js';
import { searchedOwners } from './devices.owner-lookups.js';
import {
  ownTextHolds,
  longSearch,
  shortSearch,
  statusWeightsMatching,
  type FamilyBranchOptions,
} from './devices.search.js';
import { deviceWhere } from './devices.where.js';
import type { KnownBranches } from './devices.value-walk.js';
import {
  boundedMatchIds,
  deviceMatches,
  findDevicesByIds,
  pageDeviceIdsQuery,
} from './devices.repository.js';

/**
 * The known-matches walk (docs/decisions.md, "A search told on the index entry"). A search term
 * matches a machine by its own text, or by its customer's names, its category's name or its
 * status. When the machines' own texts hold a long term only a few times (the trigram index finds
 * them at once: "nowak" is the name of 332 customers and in no machine's text), every branch is
 * known by id before the page is read: those machines, those customers, those categories, those
 * statuses. The sort order's index carries each machine's customer, category and status, so the
 * page walks it index-only and reads no machine it passes, in any order whose index carries them.
 * A short term (one or two characters) matches the start of the name or the serial number. When
 * few machines' do ("a", none at 1,000,000 machines), they are known by id too, and the walk is
 * taken in every order a long term's is: the third-party "a" by handover date passes a few hundred
 * entries for its first page, where its 12,600 broken machines were collected and sorted.
 * Otherwise the default order's index carries the name and serial number with the search text's
 * signature: its entries are checked there, the signature's bits of the term's start first (a
 * machine whose text lacks them cannot start with it), the lower-cased name and serial number only
 * for the rest.
 */

/**
 * Up to this many machines may hold a long term in their own text, or start theirs with a short one;
 * with more, the walk is not tried (a short term's, in the default order, checks the start itself).
 */
const TEXT_MATCH_BOUND = 2000;

/**
 * The sort fields whose `(type, key, id)` index INCLUDEs the status weight, the customer, the
 * category, the handover date and the province (devices.table.ts): the walk reads only the index.
 * A short term needs the name, the serial number, the warranty length and the signature too: only
 * the default order's index (status weight) carries them, unless its machines are known by id.
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
 * What an index entry passed costs and what a match collected through its indexes and sorted
 * costs, in microseconds, measured on the bench's PostgreSQL. A long term: an entry checked by ids
 * (hashed), "nowak" in both orders at 1,000,000 machines. A short term: an entry of the walk the
 * planner's estimate predicts, set high. The estimate of the prefixes' OR is two and a half times
 * too high ("to": 134,000 estimated, 53,000 found), so the walk passes more entries than predicted,
 * the bits of a single letter's start rule out fewer machines than two letters', and a page past
 * the end walks the whole family: at 100,000 machines the 1,000th page of "t" (14,700 estimated,
 * 5,300 found) took 97 ms walked, 41 ms sorted; at 1M, "to" 46 ms walked for 56,000 entries
 * predicted. A match collected through the prefix indexes and sorted: "to" at 100,000 machines,
 * 39 ms for 13,500 estimated.
 */
const COST = {
  long: { entry: 0.15, candidate: 0, match: 3.5 },
  short: { entry: 1.2, candidate: 0, match: 3 },
};

/** A search this walk can answer: its term and whether it is short. */
export interface KnownSearch {
  term: string;
  short: boolean;
  /** A short term that is a number (the id, the warranty length). */
  id?: number;
  /**
   * A short term in an order whose index carries no name or serial number: the machines they start
   * with the term must be known by id (`startingMachines`), or the walk is not taken.
   */
  startsById?: true;
}

/** The search of a list this walk can answer, or undefined. */
export function knownMatchesSearch(
  criteria: DeviceCriteria,
  sort: string | undefined,
): KnownSearch | undefined {
  if (!criteria.family || criteria.owner) return undefined;
  const search = searchTerm(criteria.q);
  if (search.kind === 'none') return undefined;
  const short = search.kind === 'short';
  const { field } = deviceSort(sort);
  if (!CARRYING_ORDERS.has(field)) return undefined;
  // A number's warranty length is on the default order's entry alone.
  const startsById = short && !WEIGHT_SORT_FIELDS.has(field);
  if (startsById && search.id !== undefined) return undefined;
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
  if (textFilter) return undefined;
  return { term: search.term, short, id: search.id, ...(startsById ? { startsById } : {}) };
}

/**
 * Whether the walk could pay against sorting `matches` matches, before anything is looked up.
 * `byIds`: every branch is known by id, each entry checked as a long term's are.
 */
export const knownMatchesMayPay = (
  window: PageWindow,
  search: KnownSearch,
  familySize: number,
  matches: number,
  byIds = !search.short || search.startsById === true,
) => walkMayPay(window, { total: familySize, estimatedMatches: matches }, byIds ? COST.long : COST.short);

/** The list's condition as the walk checks it on the index entry. */
export interface KnownMatches {
  where: SQL;
  /**
   * When every branch is known by id: the same condition written for the planner's estimate
   * (deviceWhere's `estimate`), so that the matches are estimated anew from the ids' statistics;
   * and written for collecting the matches through the branches' indexes, to be sorted.
   */
  estimating?: SQL;
  collected?: SQL;
  /** The branches, by id (devices.value-walk.ts, knownSearchWalk), when they all are. */
  branches?: KnownBranches;
}

/**
 * The machines of `condition` (the family's own texts that hold or start with a term), when at most
 * TEXT_MATCH_BOUND; else undefined. The planner's estimate from the columns' statistics first: the
 * lookup of a common term would read 2,001 of its machines for nothing ("frezarka": 45,000
 * estimated, 40 ms).
 */
async function fewMatches(db: Db, condition: SQL): Promise<number[] | undefined> {
  if ((await estimatedRows(db, deviceMatches(condition))) > TEXT_MATCH_BOUND) return undefined;
  const ids = await boundedMatchIds(db, condition, TEXT_MATCH_BOUND);
  return ids.length > TEXT_MATCH_BOUND ? undefined : ids;
}

/**
 * The family's machines whose name or serial number starts with a short term, through the prefix
 * indexes, when few (`fewMatches`); a number's, which is an id and a warranty length too, never.
 * Read once for a list's request (its criteria are one object throughout): the value walk asks
 * first, the known-matches walk again when the value walk is not taken.
 */
function startingMachines(db: Db, criteria: DeviceCriteria, search: KnownSearch) {
  if (search.id !== undefined) return Promise.resolve(undefined);
  let read = startingRead.get(criteria);
  if (!read) {
    const starts = or(lowerPrefix(devices.name, search.term), lowerPrefix(devices.serialNumber, search.term));
    read = fewMatches(db, and(eq(devices.type, criteria.family!), starts)!);
    startingRead.set(criteria, read);
  }
  return read;
}

const startingRead = new WeakMap<DeviceCriteria, Promise<number[] | undefined>>();

/**
 * The list's condition with the search's owners known by id, and the machines' own matches too
 * when few: those whose text holds a long term, or whose name or serial number starts with a short
 * one. Undefined when the machines' own texts hold a long term more than TEXT_MATCH_BOUND times, or
 * a short one starts more of theirs in an order that needs them by id (`startsById`). A short term
 * with many starts in the default order is checked on its entry: the signature's bits of its start
 * first (a machine whose text lacks them cannot start with it), the names only for the rest.
 * `branchesOnly`: only a condition whose branches are all known by id is wanted (the value walk's).
 */
export async function knownMatchesWhere(
  db: Db,
  criteria: DeviceCriteria,
  search: KnownSearch,
  options: { branchesOnly?: boolean } = {},
): Promise<KnownMatches | undefined> {
  const family = criteria.family!;
  const rest = deviceWhere({ ...criteria, q: undefined });
  // Known by id, the condition as the walk checks it and as the planner estimates it, with the
  // family stated once, in front; and as the matches are collected, in each branch too
  // (devices.search.ts, familyBranch).
  const byIds = (searched: (form: FamilyBranchOptions) => SQL, branches: KnownBranches): KnownMatches => ({
    where: and(rest, searched({ familyInFront: true }))!,
    collected: and(rest, searched({}))!,
    estimating: and(
      deviceWhere({ ...criteria, q: undefined }, { estimate: true }),
      searched({ familyInFront: true }),
    )!,
    branches,
  });
  if (search.short) {
    const [owners, starting] = await Promise.all([
      criteria.searched ?? searchedOwners(db, search.term, true),
      startingMachines(db, criteria, search),
    ]);
    if (starting) {
      return byIds((form) => shortSearch(family, search, owners, { ids: starting }, form), {
        texts: starting,
        owners,
        weights: statusWeightsMatching(search.term, true),
      });
    }
    if (search.startsById || options.branchesOnly) return undefined;
    const bits = await startSignature(db, search.term);
    const start = holdsBits(signatureColumnsOf('devices', SEARCH_SIGNATURE_COLUMNS), bits);
    return { where: and(rest, shortSearch(family, search, owners, start && { start }))! };
  }
  const texts = await fewMatches(db, and(eq(devices.type, family), ownTextHolds(search.term))!);
  if (!texts) return undefined;
  const owners = criteria.searched ?? (await searchedOwners(db, search.term));
  return byIds(
    (form) => longSearch(devices, family, search.term, idsAmong(devices.id, texts), owners, form),
    {
      texts,
      owners,
      weights: statusWeightsMatching(search.term, false),
    },
  );
}

/**
 * The known condition of a searched list (as walked, or as collected when the walk does not pay)
 * and whether walking it pays for `window`, when the walk may pay at all and the machines' own
 * texts allow it; else undefined. Known by id, the matches are estimated anew, from the customers'
 * and categories' statistics: the planner takes "000123" for 38,000 machines, and its known
 * condition holds none.
 */
export async function knownMatchesFor(
  db: Db,
  criteria: DeviceCriteria,
  sort: string | undefined,
  window: PageWindow,
  familySize: number,
  matches: number,
): Promise<{ where: SQL; walkPays: boolean } | undefined> {
  const search = knownMatchesSearch(criteria, sort);
  if (!search || !knownMatchesMayPay(window, search, familySize, matches)) return undefined;
  const known = await knownMatchesWhere(db, criteria, search);
  if (!known) return undefined;
  const estimated = known.estimating ? await estimatedRows(db, deviceMatches(known.estimating)) : matches;
  const walkPays = knownMatchesMayPay(window, search, familySize, estimated, known.estimating !== undefined);
  return { where: walkPays ? known.where : (known.collected ?? known.where), walkPays };
}

/**
 * A searched list's first `upTo` + 1 matches in list order by the known-matches walk, to count it
 * to its bound and cut its first pages from (checkedPage), when the walk pays against collecting
 * every match ("to", 136,800 machines at 1,000,000: the walk passes about 5,500 entries where the
 * count through the prefix indexes took 12 ms); undefined otherwise.
 */
export const knownMatchesFirst: FirstMatchesWalk = async (db, criteria, sort, upTo, familySize, estimate) => {
  if (!knownMatchesSearch(criteria, sort)) return undefined;
  const window = { offset: 0, limit: upTo + 1 };
  const known = await knownMatchesFor(db, criteria, sort, window, familySize, await estimate());
  if (!known?.walkPays) return undefined;
  return walkedIds(db, pageDeviceIdsQuery(known.where, deviceOrder(sort), window));
};

/** One page by walking the sort order's index with the known condition (lib/trigram-signature.ts, walkedIds). */
export async function knownMatchesPage(db: Db, where: SQL, sort: string | undefined, window: PageWindow) {
  return findDevicesByIds(db, await walkedIds(db, pageDeviceIdsQuery(where, deviceOrder(sort), window)));
}
