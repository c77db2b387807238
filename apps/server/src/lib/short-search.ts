import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { escapeLike } from './text-search.js';

/**
 * Free-text matching that an index can always answer (issue 11). A trigram index cannot narrow a
 * term of one or two characters (it has no trigram), so such a term matches the start of the text
 * instead, through a B-tree on `lower(col) text_pattern_ops`; three characters and more match
 * anywhere in the text through a `gin_trgm_ops` index. Callers add exact id/number matches.
 */

/** Terms up to this many characters match the start of a text only. */
export const SHORT_TERM_MAX = 2;

/** The trimmed term, or undefined when there is nothing to search for. */
export const searchTerm = (q: string | undefined) => q?.trim() || undefined;

export const isShortTerm = (term: string) => [...term].length <= SHORT_TERM_MAX;

/**
 * The start of a text, lower-cased: what a short term is compared with and what its B-tree holds.
 * Cut to 64 characters so a long text (a 5,000-character description) still fits a B-tree entry.
 */
export const prefixKey = (column: SQLWrapper) => sql`lower(left(${column}, 64))`;

/** The index expression for short terms: `lower(left(col, 64)) text_pattern_ops`. */
export const prefixIndexExpression = (column: SQLWrapper) => sql`${prefixKey(column)} text_pattern_ops`;

/**
 * A long text's sort key: its first 100 characters, so a list sorted by a free text (up to 5,000
 * characters) can walk a B-tree; texts equal in those 100 characters fall to the next key.
 */
export const sortPrefix = (column: SQLWrapper) => sql`left(${column}, 100)`;

/**
 * The LIKE pattern of a short term, lower-cased by the database itself (`lower(…)` as the indexed
 * key is), so a non-ASCII initial ("Ł") is folded the same way on both sides whatever the locale.
 */
export const prefixPattern = (term: string) => sql`(lower(${escapeLike(term)}) || '%')`;

/** `lower(left(col, 64)) LIKE 'te%'` for a short term, `col ILIKE '%term%'` otherwise. */
export function textMatches(column: SQLWrapper, term: string): SQL {
  if (isShortTerm(term)) return sql`${prefixKey(column)} LIKE ${prefixPattern(term)}`;
  return sql`${column} ILIKE ${`%${escapeLike(term)}%`}`;
}
