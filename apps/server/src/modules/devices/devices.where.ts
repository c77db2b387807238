import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { MachineType } from '@serwis/domain';
import { EXACT_TOTAL_BOUND, SEARCH_TOTAL_BOUND } from '../../lib/paging.js';
import { cleanTerm, trimmedTerm } from '../../lib/text-search.js';
import { devices } from './devices.table.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { filterConditions, ownerCondition, statusCondition } from './devices.filters.js';
import { searchCondition } from './devices.search.js';

/** The whole family, nothing else checked: its size is kept by triggers (list_counts), not counted. */
export function isWholeFamily(
  criteria: DeviceCriteria,
): criteria is DeviceCriteria & { family: MachineType } {
  return (
    criteria.family !== undefined &&
    !criteria.owner &&
    !statusCondition(criteria.filter) &&
    !hasCheckedConditions(criteria)
  );
}

/** The filter fields a user types text into: each matches where the column contains it. */
const TEXT_FILTER_FIELDS = [
  'customer',
  'serialNumber',
  'sourcePower',
  'warranty',
  'street',
  'zipCode',
  'city',
] as const;

/**
 * The exact-total bound of a list (lib/paging.ts): SEARCH_TOTAL_BOUND with `q`, or with a text filter
 * the planner expects more than EXACT_TOTAL_BOUND machines to match (a street, city, customer… typed
 * in is a search on one column, and counting 10,001 of its matches reads as much as a deep page:
 * docs/decisions.md, "A text filter counts to 1,000"); EXACT_TOTAL_BOUND otherwise, where the
 * count's ids then serve the page (a zip code's 1,605 machines). `estimate`: the planner's estimate
 * of the matches, asked only for a text filter.
 */
export async function deviceTotalBound(
  { filter, q }: DeviceCriteria,
  estimate: () => Promise<number>,
): Promise<number> {
  if (trimmedTerm(q)) return SEARCH_TOTAL_BOUND;
  const typed = filter !== undefined && TEXT_FILTER_FIELDS.some((field) => cleanTerm(filter[field]));
  return typed && (await estimate()) > EXACT_TOTAL_BOUND ? SEARCH_TOTAL_BOUND : EXACT_TOTAL_BOUND;
}

/** Whether the criteria check anything beyond family, owner and status (a text filter or `q`). */
export function hasCheckedConditions({ family, filter, q }: DeviceCriteria): boolean {
  return and(...(filter ? filterConditions(filter) : []), searchCondition(family, q ?? '')) !== undefined;
}

/**
 * The WHERE of every list, count and CSV query; it touches only `devices` (no joins needed).
 *
 * `walk`: the page is to be read by walking the sort order's index and checking each machine (many
 * machines match, so the first page's are met early). The filter and search conditions are then
 * wrapped in `IS TRUE`, which no index serves, so the planner cannot prefer collecting every match
 * through the filters' own indexes and sorting them (it cannot tell how many the ANY(ARRAY(subquery))
 * branches match). The family, owner and status conditions stay indexable: they bound the walk.
 * A walk checks each column on its own, without the search text's trigram prefilter (no index reads
 * it there, it would only cost a long text per machine and skew the planner's estimate), and the
 * search's status and warranty branches without the family again (`familyBranch`).
 *
 * `estimate`: the same machines, written for the planner's row estimate (no redundant prefilter,
 * see filterConditions; the family stated once, `familyBranch`); never to be executed, it would not
 * use the trigram index.
 *
 * `entry`: checked on the signature walk's index entry (devices.signature.ts, `verdictOf`), where a
 * street, city or warranty longer than its short copy is NULL: no `IS TRUE`, so a condition that
 * depends on it stays unknown (NULL), and no prefilter.
 */
export function deviceWhere(criteria: DeviceCriteria, options: WhereForm = {}): SQL {
  const checked = checkedConditions(criteria, options);
  return (
    and(walkBounds(criteria), checked && options.walk ? sql`(${checked}) IS TRUE` : checked) ?? sql`TRUE`
  );
}

type WhereForm = { walk?: boolean; estimate?: boolean; entry?: boolean };

/** The filter and search conditions (deviceWhere), undefined for none. */
function checkedConditions({ family, filter, q, values, searched }: DeviceCriteria, options: WhereForm) {
  return and(
    ...(filter
      ? filterConditions(filter, {
          prefilter: !options.estimate && !options.walk && !options.entry,
          forEstimate: options.estimate,
          values,
        })
      : []),
    searchCondition(family, q ?? '', searched, { familyInFront: options.estimate || options.walk }),
  );
}

/** The family, owner and status conditions: what bounds a walk (its index serves them). */
const walkBounds = ({ family, owner, filter }: DeviceCriteria) =>
  and(
    family ? eq(devices.type, family) : undefined,
    owner ? ownerCondition(owner) : undefined,
    statusCondition(filter),
  );

/**
 * A walk's conditions apart (devices.capped-walk.ts): `bounds`, which its index serves, and
 * `checked`, each machine's check as `deviceWhere`'s walk writes it, true or not (never NULL).
 */
export function deviceWalkParts(criteria: DeviceCriteria): { bounds: SQL; checked: SQL } {
  const checked = checkedConditions(criteria, { walk: true });
  return {
    bounds: walkBounds(criteria) ?? sql`TRUE`,
    checked: checked ? sql`(${checked}) IS TRUE` : sql`TRUE`,
  };
}
