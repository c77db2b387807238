import { and, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/database.js';
import { idsAmong } from '../../lib/id-arrays.js';
import { boundedIds, estimatedRows, SEARCH_TOTAL_BOUND, type PageWindow } from '../../lib/paging.js';
import { parseSortParam } from '../../lib/sort-param.js';
import { copyMatches, isShortTerm, likeContains, prefixPattern, trimmedTerm } from '../../lib/text-search.js';
import {
  candidateShares,
  holdsBits,
  signatureColumnsOf,
  termSignatures,
  walkMayPay,
  walkPays,
  walkedIds,
  nearTheEnd,
  type WalkCosts,
} from '../../lib/trigram-signature.js';
import { keptTotal } from '../list-counts/list-counts.repository.js';
import { FAULT_HEAD_CHARS, services } from './services.table.js';
import {
  planWalkSplit,
  splitWalkIds,
  SPLIT_ENTRY_SHARE,
  type SplitWalkQueries,
  type WalkSplit,
} from './services.split-walk.js';
import {
  exactBranches,
  faultMatches,
  lookUpSearch,
  numberTailFilter,
  searchBranches,
  SERVICE_SORT_FIELDS,
  type SearchLookups,
  type ServiceListOptions,
} from './services.list.js';

/**
 * The signature walk of the service-work lists (docs/decisions.md, "A walk that skips by
 * signature"): every event keeps the trigram signature of its description's search copy and its
 * first 100 characters (migrations 0021, 0022, 0024), and an index per family in the default order
 * (the full number, migration 0023) carries them with the customer and the creator. A deep page of
 * a broad search ("wyciek": 109,000 of 3,750,000 own events) walks that index, passes every event
 * whose bits (or start) lack the term and whose customer, creator, number and machines the search
 * did not find, without reading it, takes the events the entry tells a match (the term in the
 * description's head, a branch that names them), and reads only the candidates left through the
 * primary key, where the whole search is checked (docs/decisions.md, "Walks decided on the entry").
 */
const walked = alias(services, 'walked');
const signatureColumns = signatureColumnsOf('walked', [
  'fault_sig1',
  'fault_sig2',
  'fault_sig3',
  'fault_sig4',
]);

/**
 * Costs in microseconds, measured on the bench's 5,000,000 events (page 1,000 of the third-party
 * "wyciek", one process): an index entry passed by its bits and head (526,000 in 63 ms), a
 * candidate read and checked, a match collected through the description's trigram index and sorted
 * (38,000 in 92 ms).
 */
const COSTS = { entry: 0.12, candidate: 2.5, match: 2.5 };

export interface ServiceWalk {
  family: 'INTERNAL' | 'EXTERNAL';
  /**
   * Every candidate is `sure`: the descriptions holding the term are known by id (knownDescriptions),
   * or a short term is compared with the description's start on the entry.
   */
  allSure: boolean;
  /** What the index entry tells: the description's bits, or a customer, creator, number, machine found. */
  candidates: SQL;
  /** The branches of `candidates` that match outright: such an event is not read to be checked. */
  sure: SQL;
  direction: SQL;
}

/**
 * The walk of a list, or undefined: only a family list in its default order (the full number,
 * either way), searched for a term that is not the end of a number.
 */
export async function serviceSignatureWalk(
  db: DbOrTx,
  options: ServiceListOptions,
  knownIds?: number[],
  found?: SearchLookups,
): Promise<ServiceWalk | undefined> {
  const list = walkedList(options);
  if (!list) return undefined;
  const description = knownIds ? knownCheck(knownIds) : await descriptionCheck(db, list.term);
  return {
    family: list.family,
    allSure: description.allHeld,
    ...candidatesOf(found ?? (await lookUpSearch(db, list.term)), description),
    direction: list.direction,
  };
}

/**
 * A list the walk can serve: a family list in its default order (the full number, either way),
 * searched for a term that is not the end of a number; its family, term and direction.
 */
export function walkedList(options: ServiceListOptions) {
  const term = trimmedTerm(options.q);
  if (!options.family || options.deviceId !== undefined || !term || numberTailFilter(term)) return undefined;
  const order = parseSortParam(options.sort, SERVICE_SORT_FIELDS, { field: 'fullNumber', direction: 'desc' });
  if (order.field !== 'fullNumber' && order.field !== 'number') return undefined;
  const descending = order.direction === 'desc';
  return { family: options.family, term, descending, direction: descending ? sql`DESC` : sql`ASC` };
}

/**
 * What the index entry tells: a candidate passes the description's check or a branch that names it
 * outright; those branches and the description's `holds` are `sure`, a match without reading the
 * event.
 */
function candidatesOf(found: SearchLookups, description: DescriptionCheck) {
  const exact = [description.holds, ...exactBranches(walked, found)];
  return {
    candidates: searchBranches(walked, found, description.check),
    sure: sql`(${sql.join(exact, sql` OR `)})`,
  };
}

/** What the walk's entry tells of the description (services.table.ts, FAULT_HEAD_CHARS). */
interface DescriptionCheck {
  /** Lets through every event whose description may hold the term. */
  check: SQL;
  /** The events whose description holds it for sure. */
  holds: SQL;
  /** `holds` is `check`: every event the check lets through holds the term. */
  allHeld: boolean;
}

const head = sql`${sql.identifier('walked')}.${sql.identifier('fault_head')}`;

/** The descriptions holding the term, known by id (knownDescriptions). */
const knownCheck = (ids: number[]): DescriptionCheck => {
  const byId = idsAmong(walked.id, ids);
  return { check: byId, holds: byId, allHeld: true };
};

/**
 * What the entry tells of the description: a short term (isShortTerm) is compared with its
 * start (`fault_head`, the search copy's first FAULT_HEAD_CHARS characters; the short search matches
 * the description's start). A longer one passes the bits of its trigrams; then the head either holds
 * it (a match) or is the whole description (shorter than FAULT_HEAD_CHARS) and lacks it (none), and
 * only a longer description is read.
 */
async function descriptionCheck(db: DbOrTx, term: string): Promise<DescriptionCheck> {
  if (isShortTerm(term)) {
    const starts = sql`${head} LIKE ${prefixPattern(term)}`;
    return { check: starts, holds: starts, allHeld: true };
  }
  const [bits] = await termSignatures(db, [term]);
  const holds = copyMatches(head, likeContains(term));
  const cut = sql`char_length(${head}) >= ${sql.raw(String(FAULT_HEAD_CHARS))}`;
  return {
    check: and(holdsBits(signatureColumns, bits!), sql`(${holds} OR ${cut})`)!,
    holds,
    allHeld: false,
  };
}

/** Up to this many events of a family may hold a term in their description for knownDescriptions. */
const KNOWN_DESCRIPTIONS = 2000;

/**
 * The family's events whose description holds a long term, when they are few (a customer's name,
 * "Szymański", is in no description): the planner's estimate from the description's statistics
 * first, then the ids through its trigram index, up to KNOWN_DESCRIPTIONS. The walk then takes
 * them by id, and every event it takes is a match without reading it. Undefined when many.
 */
export async function knownDescriptions(
  db: Db,
  family: 'INTERNAL' | 'EXTERNAL',
  term: string,
): Promise<number[] | undefined> {
  if (isShortTerm(term)) return undefined;
  const ofFamily = family === 'INTERNAL' ? services.hasInternal : services.hasExternal;
  const holding = sql`SELECT ${services.id} FROM ${services} WHERE ${ofFamily} AND ${faultMatches(term)}`;
  if ((await estimatedRows(db, holding)) > KNOWN_DESCRIPTIONS) return undefined;
  const ids = await boundedIds(db, holding, KNOWN_DESCRIPTIONS);
  return ids.length > KNOWN_DESCRIPTIONS ? undefined : ids;
}

/** The family's events in the walk's order: the partial index of that family (its predicate, bare). */
const familyOf = (walk: Pick<ServiceWalk, 'family'>) =>
  walk.family === 'INTERNAL' ? walked.hasInternal : walked.hasExternal;

/**
 * The walk's order; without the year where a part of a split walk fixes it (an equality the
 * planner would otherwise not carry out of the subquery, sorting the part above the walk).
 */
const orderOf = (table: string, walk: ServiceWalk, yearFixed = false) =>
  sql.join(
    ['year', 'month', 'number', 'number_extension', 'id']
      .filter((column) => !yearFixed || column !== 'year')
      .map((column) => sql`${sql.identifier(table)}.${sql.identifier(column)} ${walk.direction}`),
    sql`, `,
  );

/** The months of a part of a split walk (services.split-walk.ts). */
interface WalkRange {
  condition: SQL;
  yearFixed: boolean;
}

/**
 * The ids of one page by the walk, in list order; `where` is the list's whole condition, `range`
 * the months of a part of a split walk.
 */
export function walkedPageIds(walk: ServiceWalk, where: SQL, window: PageWindow, range?: WalkRange): SQL {
  const yearFixed = range?.yearFixed ?? false;
  return sql`SELECT candidates.id
    FROM (SELECT ${walked.id}, ${walked.year}, ${walked.month}, ${walked.number}, ${walked.numberExtension},
            ${walk.sure} AS sure
          FROM ${services} AS ${sql.identifier('walked')}
          WHERE ${and(sql`${familyOf(walk)}`, range?.condition, walk.candidates)}
          ORDER BY ${orderOf('walked', walk, yearFixed)} OFFSET 0) AS candidates
    WHERE candidates.sure OR EXISTS (SELECT 1 FROM ${services} WHERE ${services.id} = candidates.id AND ${where})
    ORDER BY ${orderOf('candidates', walk, yearFixed)}
    LIMIT ${window.limit} OFFSET ${window.offset}`;
}

/**
 * The two parts of a descending walk split at `split.month` of the newest year: that year's later
 * months (year and months by equality and range, which end a backward walk at the boundary), then
 * everything from the month back (a row comparison, where the walk starts).
 */
export function splitWalkQueries(walk: ServiceWalk, where: SQL, split: WalkSplit): SplitWalkQueries {
  const first: WalkRange = {
    condition: sql`${walked.year} = ${split.year} AND ${walked.month} > ${split.month}`,
    yearFixed: true,
  };
  const second: WalkRange = {
    condition:
      split.month > 0
        ? sql`(${walked.year}, ${walked.month}) <= (${split.year}, ${split.month})`
        : sql`${walked.year} < ${split.year}`,
    yearFixed: false,
  };
  return {
    first: (window) => walkedPageIds(walk, where, window, first),
    second: (window) => walkedPageIds(walk, where, window, second),
  };
}

/** The family's newest year, for planWalkSplit. */
const newestYearOf = (walk: Pick<ServiceWalk, 'family'>) =>
  sql`SELECT max(${walked.year}) FROM ${services} AS ${sql.identifier('walked')} WHERE ${familyOf(walk)}`;

/**
 * The ids of a deep page of a searched family list by the signature walk, or undefined when the
 * list's own query is the better read: a page before the search's counted bound, a list or term the
 * walk cannot serve, or one whose matches are few or whose bits leave many candidates (a sample of
 * the family; lib/trigram-signature.ts, walkMayPay and walkPays).
 */
export async function walkedServicePage(
  db: Db,
  options: ServiceListOptions,
  window: PageWindow,
  where: SQL | undefined,
  found?: SearchLookups,
): Promise<number[] | undefined> {
  if (window.offset + window.limit <= SEARCH_TOTAL_BOUND) return undefined;
  return walkedServiceIds(db, options, window, where, found);
}

/**
 * A searched family list's first `upTo` + 1 matches in list order by the signature walk, to count
 * it to its bound and cut its first pages from (services.routes.ts), when the walk pays against
 * collecting every match through the description's trigram index, which the bounded count does
 * ("wyciek", 102,600 own events at 5,000,000: its count to 1,001 took about 21 ms, its walk passes
 * about 37,000 entries); undefined otherwise.
 */
export const walkedServiceFirst = (
  db: Db,
  options: ServiceListOptions,
  upTo: number,
  where: SQL | undefined,
  found?: SearchLookups,
) => walkedServiceIds(db, options, { offset: 0, limit: upTo + 1 }, where, found);

/** The ids of a window of a searched family list by the signature walk, when it pays. */
async function walkedServiceIds(
  db: Db,
  options: ServiceListOptions,
  window: PageWindow,
  where: SQL | undefined,
  found?: SearchLookups,
): Promise<number[] | undefined> {
  const list = walkedList(options);
  if (!where || !list) return undefined;
  const family = await keptTotal(db, `services:${list.family}`);
  const estimatedMatches = await estimatedRows(
    db,
    sql`SELECT ${services.id} FROM ${services} WHERE ${where}`,
  );
  // A page that may lie past the end is sorted. The entry tells most events (a description whole in
  // its head, known ids, a short term): a walk that reads none of its candidates must pay at least.
  if (nearTheEnd(window, estimatedMatches)) return undefined;
  const counts = { total: family.total, estimatedMatches };
  // A walk split in two passes its entries in about SPLIT_ENTRY_SHARE of the time.
  const split = await planWalkSplit(
    db,
    { descending: list.descending, newestYear: newestYearOf(list) },
    counts,
    window,
  );
  const costs = split ? { ...COSTS, entry: COSTS.entry * SPLIT_ENTRY_SHARE } : COSTS;
  if (!walkMayPay(window, counts, { ...costs, candidate: 0 })) return undefined;
  const known = await knownDescriptions(db, list.family, list.term);
  const walk = await serviceSignatureWalk(db, options, known, found);
  if (!walk) return undefined;
  // A walk of known ids reads nothing it takes; any other is asked of the family's sample.
  if (!known && !(await sampleSaysWalk(db, walk, window, counts, costs))) return undefined;
  if (split) return splitWalkIds(db, split, splitWalkQueries(walk, where, split), window);
  return walkedIds(db, walkedPageIds(walk, where, window));
}

/**
 * Whether the walk pays, by the family's sample: the share of its candidates, and of those it reads
 * because the entry does not tell them (a description longer than its head).
 */
async function sampleSaysWalk(
  db: Db,
  walk: ServiceWalk,
  window: PageWindow,
  family: { total: number; estimatedMatches: number },
  costs: WalkCosts,
): Promise<boolean> {
  const sample = {
    table: sql`${services}`,
    alias: 'walked',
    scope: sql`${familyOf(walk)}`,
    total: family.total,
  };
  const [share, readShare] = await candidateShares(db, sample, [
    walk.candidates,
    walk.allSure ? sql`FALSE` : sql`${walk.candidates} AND NOT ${walk.sure}`,
  ]);
  return walkPays(window, { ...family, candidateShare: share, readShare }, costs);
}
