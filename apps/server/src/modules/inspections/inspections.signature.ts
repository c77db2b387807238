import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { estimatedRows, SEARCH_TOTAL_BOUND, type PageWindow } from '../../lib/paging.js';
import { isShortTerm, trimmedTerm } from '../../lib/text-search.js';
import {
  holdsBits,
  nearTheEnd,
  signatureColumnsOf,
  startSignature,
  termSignatures,
  walkedIds,
  walkMayPay,
} from '../../lib/trigram-signature.js';
import { keptTotal } from '../list-counts/list-counts.repository.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import { modeFilter, searchOf, type InspectionListOptions } from './inspections.repository.js';

/**
 * The inspections' walk by signature (docs/decisions.md, "The inspections' walk by signature"): the
 * default order's two indexes carry the search copy and its trigram signature (migration 0027), so
 * a deep page of a long search walks the index alone, passes by its bits every machine whose copy
 * cannot hold the term and compares the copy with the pattern only for the rest. The plain walk
 * compared every copy ("Spawarka", page 1,000 at 1,000,000 machines: 208,000 copies, 0.38 µs each).
 * A term of two characters, compared with the starts of the copy's fields, is passed by the bits of
 * a word's start (startSignature): "Sz", page 1,000 of the current inspections, 40 ms of LIKE before.
 */
const signature = signatureColumnsOf('inspection_summaries', [
  'search_sig1',
  'search_sig2',
  'search_sig3',
  'search_sig4',
]);

/**
 * Costs in microseconds (bench, 1,000,000 machines): an index entry passed by its bits, a candidate's
 * copy compared with the pattern on the entry itself, a match collected through the copy's trigram
 * index and sorted.
 */
const COSTS = { entry: 0.12, candidate: 0.4, match: 2.5 };

/**
 * The ids of a deep page of a list searched for a term of two or more characters, in the default
 * order (days to the next inspection, ascending), by the signature walk; undefined when the list's
 * own query serves it: a first page (a few entries walked), another order, one character or a long
 * term without a trigram, a page near the estimated end, or matches few enough to sort.
 */
export async function walkedInspectionIds(
  db: Db,
  options: InspectionListOptions,
  window: PageWindow,
): Promise<number[] | undefined> {
  const term = trimmedTerm(options.q);
  // Two characters are compared with the starts of the copy's fields: a field that starts with them
  // starts a word with them, whose first trigrams the signature holds (startSignature).
  const twoCharacters = term !== undefined && [...term].length === 2;
  if (!term || (isShortTerm(term) && !twoCharacters)) return undefined;
  if (options.sort.field !== 'daysToNextInspection' || options.sort.direction !== 'asc') return undefined;
  if (window.offset + window.limit <= SEARCH_TOTAL_BOUND) return undefined;
  const mode = modeFilter(options.mode);
  const search = (await searchOf(db, options))!;
  const estimatedMatches = await estimatedRows(
    db,
    sql`SELECT ${inspectionSummaries.deviceId} FROM ${inspectionSummaries} WHERE ${mode} AND ${search()}`,
  );
  if (nearTheEnd(window, estimatedMatches)) return undefined;
  const list = await keptTotal(
    db,
    options.mode === 'onlyActual' ? 'inspections:actual' : 'inspections:listed',
  );
  if (!walkMayPay(window, { total: list.total, estimatedMatches }, COSTS)) return undefined;
  const bits = twoCharacters ? await startSignature(db, term) : (await termSignatures(db, [term]))[0]!;
  const held = holdsBits(signature, bits);
  // The bits first, in a CASE: the planner would otherwise order the cheaper-looking LIKE before them.
  const walked = search((copyCondition) =>
    held ? sql`CASE WHEN ${held} THEN ${copyCondition} ELSE FALSE END` : copyCondition,
  );
  const page = sql`SELECT ${inspectionSummaries.deviceId} AS id FROM ${inspectionSummaries}
    WHERE ${mode} AND ${walked}
    ORDER BY ${inspectionSummaries.nextInspection} ASC NULLS LAST, ${inspectionSummaries.deviceId} ASC
    LIMIT ${window.limit} OFFSET ${window.offset}`;
  return walkedIds(db, page);
}
