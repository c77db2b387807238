import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database.js';
import { rowsOf } from './result-rows.js';

/**
 * Texts sorted by code point, and the regions of that order where a lower-cased start lies
 * (docs/decisions.md, "A search in a column's order"). Text sorts follow the database's collation;
 * with C, POSIX or C.UTF-8 (PGlite's, and the clusters' here) that order is the code points'. The
 * texts whose lower-cased form starts with "sz" are then exactly those that start with "sz", "sZ",
 * "Sz" or "SZ": four ranges of the order, found from the term alone.
 */

/** The collations whose order is the code points' (PostgreSQL compares their texts byte by byte). */
const CODE_POINT_COLLATIONS = new Set(['c', 'posix', 'c.utf-8', 'c.utf8']);

const byDatabase = new WeakMap<object, Promise<boolean>>();

/** Whether the database sorts text by code point (its default collation), asked once per handle. */
export function sortsByCodePoint(db: DbOrTx): Promise<boolean> {
  let known = byDatabase.get(db);
  if (!known) {
    known = db
      .execute(sql`SELECT datcollate AS collation FROM pg_database WHERE datname = current_database()`)
      .then((result) => {
        const row = rowsOf<{ collation: string }>(result)[0];
        return row !== undefined && CODE_POINT_COLLATIONS.has(row.collation.toLowerCase());
      });
    byDatabase.set(db, known);
  }
  return known;
}

/**
 * The characters whose lower case is the given one, besides it and its upper case: the Kelvin sign
 * (K) and the dotted capital I (İ) are the only ones whose lower case starts with a Latin letter or
 * digit, or a Polish letter (code-point-order.test.ts checks every code point).
 */
const OTHER_UPPER: Record<string, string[]> = { k: ['\u212a'], i: ['\u0130'] };

/** The characters a lower-cased term's character may stand for; undefined outside those known. */
function casesOf(character: string): string[] | undefined {
  if (!/^[\x20-\x7e]$|^[ąćęłńóśźż]$/u.test(character)) return undefined;
  const upper = character.toUpperCase();
  const cases = upper === character ? [character] : [upper, character];
  return [...(OTHER_UPPER[character] ?? []), ...cases];
}

/** At most this many ranges (a term of four letters has 16): more are not worth their statements. */
const RANGES_MAX = 16;

export interface CodePointRange {
  /** The first text of the range (a start the term's cases give). */
  from: string;
  /** The first text past it: the start with its last character's next code point. */
  to: string;
}

/**
 * The ranges of code-point order that hold exactly the texts whose lower-cased form starts with
 * `term` (lower-cased), in that order; undefined for a character outside printable ASCII and the
 * Polish letters, or a term with more than RANGES_MAX of them.
 */
export function lowerStartRanges(term: string): CodePointRange[] | undefined {
  const characters = [...term.toLowerCase()];
  if (!characters.length) return undefined;
  let starts = [''];
  for (const character of characters) {
    const cases = casesOf(character);
    if (!cases) return undefined;
    starts = starts.flatMap((start) => cases.map((c) => start + c));
    if (starts.length > RANGES_MAX) return undefined;
  }
  // Every character here is in the BMP, where JavaScript's order of strings is the code points'.
  return starts.sort().map((from) => {
    const last = from.codePointAt(from.length - 1)!;
    return { from, to: from.slice(0, -1) + String.fromCodePoint(last + 1) };
  });
}
