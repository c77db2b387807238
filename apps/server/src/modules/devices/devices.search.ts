import { and, eq, inArray, or, sql, type Column, type SQL } from 'drizzle-orm';
import { MACHINE_STATUSES, type MachineType } from '@serwis/domain';
import { likeContains, lowerPrefix, searchTerm, serialCharacters } from '../../lib/text-search.js';
import { idsAmong } from '../../lib/id-arrays.js';
import { devices, deviceSearchText, deviceSerialCharacters } from './devices.table.js';
import type { SearchedOwners } from './devices.criteria.js';
import {
  categoriesNamed,
  categoriesStarting,
  customersNamed,
  customersStarting,
  ownersAmong,
} from './devices.owner-lookups.js';

/** Weights of the statuses whose enum name or Polish label contains (or, short, starts with) the term. */
export function statusWeightsMatching(term: string, short: boolean) {
  const wanted = term.toLocaleLowerCase('pl');
  const matches = (text: string) => (short ? text.startsWith(wanted) : text.includes(wanted));
  return MACHINE_STATUSES.filter(
    (s) => matches(s.name.toLowerCase()) || matches(s.label.toLocaleLowerCase('pl')),
  ).map((s) => s.weight);
}

/**
 * Free-text search (spec §5) over the list's columns; every branch is index-backed. A term of 1–2
 * characters (lib/text-search.ts, searchTerm) matches the exact id (and, in a family list, the warranty
 * length) and, by prefix, the name, the serial number, the customer's short name, the category and the
 * status: a trigram index cannot serve it.
 */
export function searchCondition(
  family: MachineType | undefined,
  q: string,
  searched?: SearchedOwners,
  options: FamilyBranchOptions = {},
): SQL | undefined {
  const search = searchTerm(q);
  if (search.kind === 'none') return undefined;
  if (search.kind === 'long') {
    return longSearch(devices, family, search.term, ownTextHolds(search.term), searched, options);
  }
  return shortSearch(family, search, searched, undefined, options);
}

/**
 * The machines whose own texts hold a long term: their search text, or, for a term that may be a
 * serial number typed with other separators, their serial number's letters and digits
 * (serialCharactersHold). Each through its trigram index.
 */
export function ownTextHolds(term: string): SQL {
  return or(sql`${deviceSearchText(devices)} ILIKE ${likeContains(term)}`, serialCharactersHold(term))!;
}

/**
 * The machines whose serial number, stripped to its letters and digits, holds those of a term that
 * may be a serial number typed with other separators ("TO 2023 000921" for "TO-2023-000921",
 * serialCharacters); undefined for any other term.
 */
export function serialCharactersHold(term: string): SQL | undefined {
  const characters = serialCharacters(term);
  return characters ? sql`${deviceSerialCharacters(devices)} ILIKE ${likeContains(characters)}` : undefined;
}

/**
 * `familyInFront`: the family list states its family once, in front of the search, and its
 * branches leave it out (`familyBranch`).
 */
export interface FamilyBranchOptions {
  familyInFront?: boolean;
}

/**
 * A branch of a family list's search that holds machines of every family (a status, a warranty
 * length), with the family stated too: the `(type, …)` index then serves it in the branches' bitmap.
 * It is left out where no bitmap is built (`familyInFront`): in the form written for the planner's
 * estimate, which would count the family's share twice (the third-party machines' "a", the 12,600
 * broken ones, were estimated at 3,100 and sorted as few), and in a walk of the family's index, which
 * would compare it on every entry for nothing (0.25 against 0.16 µs an entry).
 */
const familyBranch = (
  type: Column,
  family: MachineType | undefined,
  condition: SQL,
  { familyInFront = false }: FamilyBranchOptions,
) => and(family && !familyInFront ? eq(type, family) : undefined, condition)!;

/**
 * A term of one or two characters: the exact id (and, in a family list, the warranty length), the
 * start of the name or the serial number, of the customer's short name, of the category's name,
 * of the status. `owners`: the customers and categories already read (searchedOwners, `short`), as
 * constant ids. `own`, how the machine's own row is checked (the known-matches walk's, which checks
 * the index entry): `start`, a check it passes whenever its name or serial number starts with the
 * term (the signature's bits), put in front of them; `ids`, the machines whose name or serial number
 * starts with the term, read beforehand (devices.known-matches.ts, `startingMachines`).
 */
export function shortSearch(
  family: MachineType | undefined,
  search: { term: string; id?: number },
  owners?: SearchedOwners,
  own?: { start: SQL } | { ids: number[] },
  options: FamilyBranchOptions = {},
): SQL {
  const weights = statusWeightsMatching(search.term, true);
  // A one- or two-digit number is also a warranty length, found on the (type, warranty_length) index;
  // not 0, which the list shows as no months at all ("0" found 240 machines showing no 0).
  const byWarranty =
    search.id !== undefined && search.id > 0 && family
      ? familyBranch(devices.type, family, eq(devices.warrantyLength, search.id), options)
      : undefined;
  const starts = or(lowerPrefix(devices.name, search.term), lowerPrefix(devices.serialNumber, search.term))!;
  const ownStarts = !own ? starts : 'ids' in own ? idsAmong(devices.id, own.ids) : and(own.start, starts);
  return or(
    search.id !== undefined ? eq(devices.id, search.id) : undefined,
    byWarranty,
    ownStarts,
    ownersAmong(devices.customerId, owners?.customers, customersStarting(search.term)),
    ownersAmong(devices.categoryId, owners?.categories, categoriesStarting(search.term)),
    weights.length
      ? familyBranch(devices.type, family, inArray(devices.statusWeight, weights), options)
      : undefined,
  )!;
}

/**
 * A term of three or more characters: `text` (the machine's own columns), or its customer's names,
 * its category's name or its status. `t` is `devices`, or the signature walk's alias of it
 * (devices.signature.ts), whose `text` is the signature's check. `owners`: the customers and
 * categories the term names, already read (searchedOwners), as constant ids instead of subqueries.
 */
export function longSearch(
  t: Record<'customerId' | 'categoryId' | 'type' | 'statusWeight', Column>,
  family: MachineType | undefined,
  term: string,
  text: SQL,
  owners?: SearchedOwners,
  options: FamilyBranchOptions = {},
): SQL {
  const pattern = likeContains(term);
  const weights = statusWeightsMatching(term, false);
  return or(
    text,
    ownersAmong(t.customerId, owners?.customers, customersNamed(pattern)),
    ownersAmong(t.categoryId, owners?.categories, categoriesNamed(pattern)),
    weights.length ? familyBranch(t.type, family, inArray(t.statusWeight, weights), options) : undefined,
  )!;
}
