import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/database.js';
import type { PageWindow } from '../../lib/paging.js';
import {
  allOf,
  candidateShare,
  holdsBits,
  signatureColumnsOf,
  termSignatures,
  walkMayPay,
  walkPays,
  walkedIds,
  nearTheEnd,
} from '../../lib/trigram-signature.js';
import { cleanTerm, hasTrigram, searchTerm, serialCharacters } from '../../lib/text-search.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria, FirstMatchesWalk } from './devices.criteria.js';
import { statusCondition } from './devices.filters.js';
import { deviceSort, WEIGHT_SORT_FIELDS } from './devices.order.js';
import { longSearch } from './devices.search.js';
import { deviceWhere } from './devices.where.js';
import { findDevicesByIds } from './devices.repository.js';

/**
 * The signature walk (docs/decisions.md, "A walk that skips by signature"). Every machine keeps a
 * 256-bit signature of its search text's trigrams, four bigints the database computes (migration
 * 0020) and the default order's index carries. A deep page of a broad text condition ("frezarka",
 * a street) walks that index and checks each entry's bits against the term's: an entry missing one
 * cannot match and is passed without reading its machine. The candidates left are decided on the
 * entry too, which carries every column the list's conditions read (short copies of the street,
 * city and warranty, migration 0025; `verdictOf`); only one whose texts are longer than their copies
 * is read and checked for real, through `devices` itself (the walk is `walked`, an alias of the
 * same table).
 */
const walked = alias(devices, 'walked');

interface SignatureTerms {
  /** Texts the machine's search text must contain: the filters on its columns. */
  required: string[];
  /** A long `q`, which the machine's customer, category or status may answer instead. */
  search?: string;
}

/** The terms a signature can check, or undefined when there are none (a short or letterless term). */
export function signatureTerms({ filter, q }: DeviceCriteria): SignatureTerms | undefined {
  const required = filter
    ? [filter.serialNumber, filter.warranty, filter.street, filter.zipCode, filter.city]
        .map((value) => cleanTerm(value))
        .filter(hasTrigram)
    : [];
  const search = searchTerm(q);
  const term = search.kind === 'long' ? search.term : undefined;
  if (!required.length && !term) return undefined;
  // A serial number's letters and digits alone ("to2023000921") are not among its text's trigrams
  // (the search's and the S/N filter's second branch: devices.search.ts, serialCharactersHold).
  if ([term, cleanTerm(filter?.serialNumber)].some((text) => text && serialCharacters(text)))
    return undefined;
  return { required, search: term };
}

/** The machines' four signature columns (migration 0020), which the database alone writes. */
export const SEARCH_SIGNATURE_COLUMNS = ['search_sig1', 'search_sig2', 'search_sig3', 'search_sig4'];

const signatureColumns = signatureColumnsOf('walked', SEARCH_SIGNATURE_COLUMNS);

/**
 * What the index entry alone can tell of a machine: its family and status, and for each term the
 * signature (the search's also the customer, category and status that answer it instead). The
 * machines passing it are read and checked in full; none that matches is left out.
 */
async function candidates(db: DbOrTx, criteria: DeviceCriteria, terms: SignatureTerms) {
  const signatures = await termSignatures(db, [...terms.required, ...(terms.search ? [terms.search] : [])]);
  const required = allOf(signatures.slice(0, terms.required.length));
  const searched = terms.search ? holdsBits(signatureColumns, signatures[terms.required.length]!) : undefined;
  return (
    and(
      criteria.family ? eq(walked.type, criteria.family) : undefined,
      statusCondition(criteria.filter, walked.statusWeight),
      holdsBits(signatureColumns, required),
      terms.search && searched
        ? longSearch(walked, criteria.family, terms.search, searched, criteria.searched)
        : undefined,
    ) ?? sql`TRUE`
  );
}

/**
 * A family list in the default order (status, then id; either direction): the order of the index
 * that carries the signature. Undefined for any other list or order.
 */
export function signatureWalkOrder(criteria: DeviceCriteria, sort: string | undefined) {
  if (!criteria.family || criteria.owner) return undefined;
  const { field, direction } = deviceSort(sort);
  if (!WEIGHT_SORT_FIELDS.has(field)) return undefined;
  return direction === 'desc' ? sql`DESC` : sql`ASC`;
}

/**
 * The machine as the default order's entry holds it (migrations 0019, 0020, 0025): every column the
 * list's conditions read, under its own name, the street, city and warranty by their short copies
 * (NULL when longer).
 */
const ENTRY_COLUMNS: [name: string, onEntry: string][] = [
  ...[
    'id',
    'type',
    'status_weight',
    'customer_id',
    'category_id',
    'transfer_date',
    'province',
    'zip_code',
    'source_power',
    'serial_number',
    'name',
    'warranty_length',
  ].map((name): [string, string] => [name, name]),
  ['street_address', 'street_short'],
  ['city', 'city_short'],
  ['warranty', 'warranty_short'],
];

/**
 * The list's whole condition on the walk's entry: TRUE a match, FALSE none, NULL when it depends on a
 * text longer than its copy, which only the machine tells. The conditions name `devices`; here that
 * is a row of the entry's columns (a subquery per candidate, about a microsecond).
 */
function verdictOf(criteria: DeviceCriteria): SQL {
  const row = ENTRY_COLUMNS.map(
    ([name, onEntry]) =>
      sql`${sql.identifier('walked')}.${sql.identifier(onEntry)} AS ${sql.identifier(name)}`,
  );
  return sql`(SELECT ${deviceWhere(criteria, { entry: true })}
    FROM (SELECT ${sql.join(row, sql`, `)}) AS ${sql.identifier('devices')})`;
}

/** A walk ready to run: what it checks on the index entry, what on the machine, in which direction. */
export interface SignatureWalk {
  criteria: DeviceCriteria;
  candidates: SQL;
  /** The list's condition on the entry (verdictOf): only a candidate it leaves unknown is read. */
  verdict: SQL;
  direction: SQL;
  /** Whether the list's sort of its matches would recheck the search text (see signatureWalkPays). */
  readsSearchText: boolean;
}

/** The walk of a list, or undefined when its order or its terms give the signature nothing to check. */
export async function signatureWalk(
  db: DbOrTx,
  criteria: DeviceCriteria,
  sort: string | undefined,
): Promise<SignatureWalk | undefined> {
  const direction = signatureWalkOrder(criteria, sort);
  const terms = direction && signatureTerms(criteria);
  if (!direction || !terms) return undefined;
  // A street or warranty answered by its values (devices.filter-values.ts) is a list of them, not
  // the search text.
  const street = cleanTerm(criteria.filter?.street) && !criteria.values?.street;
  const warranty = cleanTerm(criteria.filter?.warranty) && !criteria.values?.warranty;
  const readsSearchText = Boolean(terms.search || street || warranty);
  return {
    criteria,
    direction,
    candidates: await candidates(db, criteria, terms),
    verdict: verdictOf(criteria),
    readsSearchText,
  };
}

/**
 * The share of candidates in a sample of the family (lib/trigram-signature.ts). The walk's cost
 * counts each as read although the entry decides most (`verdictOf`): the verdict of a search that
 * names owners compares their ids one by one (`ANY` over a subquery's array), and "nowak", whose
 * bits pass a fifth of the machines, walked its 1,000th page in 72 ms where the sort took 36.
 */
export const walkCandidateShare = (db: DbOrTx, walk: SignatureWalk, familySize: number) =>
  candidateShare(
    db,
    {
      table: sql`${devices}`,
      alias: 'walked',
      scope: eq(walked.type, walk.criteria.family!),
      total: familySize,
    },
    walk.candidates,
  );

/**
 * What the walk and the sort cost, in microseconds (measured at 1,000,000 machines on the bench's
 * PostgreSQL: page 1,000 of "frezarka", of a street and of a city each way): an index entry passed
 * by its bits in one process (the city "kraków": 290,000 in 55 ms), a candidate read through its
 * primary key and checked, a match collected through its column's trigram index and sorted, or
 * through the search text's, whose recheck reads the nine columns together (a search, a street or
 * warranty filter).
 */
const COST = { entry: 0.19, candidate: 5, sortedMatch: 2, sortedSearchTextMatch: 3.5 };

/** The costs of the machine lists' walk and sort (lib/trigram-signature.ts). */
const machineWalkCosts = (readsSearchText: boolean) => ({
  entry: COST.entry,
  candidate: COST.candidate,
  match: readsSearchText ? COST.sortedSearchTextMatch : COST.sortedMatch,
});

/** Whether the walk pays against sorting every match (lib/trigram-signature.ts, walkPays). */
export function signatureWalkPays(
  window: PageWindow,
  walk: { familySize: number; estimatedMatches: number; candidateShare: number; readsSearchText: boolean },
): boolean {
  return walkPays(
    window,
    { total: walk.familySize, estimatedMatches: walk.estimatedMatches, candidateShare: walk.candidateShare },
    machineWalkCosts(walk.readsSearchText),
  );
}

/**
 * Whether a walk could pay at all, before its signatures are looked up (walkMayPay), for a page not
 * near the end (nearTheEnd).
 */
export const signatureWalkMayPay = (window: PageWindow, familySize: number, estimatedMatches: number) =>
  !nearTheEnd(window, estimatedMatches) &&
  walkMayPay(window, { total: familySize, estimatedMatches }, machineWalkCosts(true));

/**
 * One page by the signature walk. The planner cannot estimate the bit checks (it takes each for
 * 1 in 200 and their product for a handful of machines), so it would collect and sort them; inside
 * the page's own transaction, scans that do not keep the order and joins that do not keep the walk's
 * are ruled out, which leaves the walk of the index with a primary-key read per candidate. The
 * candidates are a subquery behind `OFFSET 0`: joined directly, a machine to itself by its primary
 * key, PostgreSQL 17 (PGlite) folds the two readings into one and reads every machine it passes.
 */
export async function signatureWalkPage(db: Db, walk: SignatureWalk, window: PageWindow) {
  return findDevicesByIds(db, await walkedIds(db, signatureWalkIds(walk, window)));
}

/**
 * A list's first `upTo` + 1 matches in list order by the signature walk, to count it to its bound
 * and cut its first pages from (checkedPage): when the walk pays against collecting every match
 * through the trigram index, which the bounded count does ("frezarka", 66,700 machines at
 * 1,000,000: its count to 1,001 took 22–29 ms through the index, against a walk of about 11,000
 * entries). Undefined when the list has no walk, or it would not pay.
 */
export const signatureWalkFirst: FirstMatchesWalk = async (
  db,
  criteria,
  sort,
  upTo,
  familySize,
  estimate,
) => {
  if (!criteria.family || !signatureWalkOrder(criteria, sort) || !signatureTerms(criteria)) return undefined;
  const window = { offset: 0, limit: upTo + 1 };
  const estimatedMatches = await estimate();
  if (!signatureWalkMayPay(window, familySize, estimatedMatches)) return undefined;
  const walk = await signatureWalk(db, criteria, sort);
  if (!walk) return undefined;
  const candidateShare = await walkCandidateShare(db, walk, familySize);
  const pays = signatureWalkPays(window, {
    familySize,
    estimatedMatches,
    candidateShare,
    readsSearchText: walk.readsSearchText,
  });
  return pays ? walkedIds(db, signatureWalkIds(walk, window)) : undefined;
};

/**
 * The ids of one page by the signature walk, in list order: a candidate the entry's verdict takes
 * is a match, one it leaves unknown is read and checked in full.
 */
export function signatureWalkIds(walk: SignatureWalk, window: PageWindow): SQL {
  return sql`SELECT candidates.id
    FROM (SELECT ${walked.id} AS id, ${walked.statusWeight} AS weight, ${walk.verdict} AS verdict
          FROM ${devices} AS ${sql.identifier('walked')}
          WHERE ${walk.candidates}
          ORDER BY ${walked.statusWeight} ${walk.direction}, ${walked.id} ${walk.direction} OFFSET 0) AS candidates
    WHERE candidates.verdict OR (candidates.verdict IS NULL AND EXISTS (SELECT 1 FROM ${devices}
      WHERE ${devices.id} = candidates.id AND ${deviceWhere(walk.criteria, { walk: true })}))
    ORDER BY candidates.weight ${walk.direction}, candidates.id ${walk.direction}
    LIMIT ${window.limit} OFFSET ${window.offset}`;
}
