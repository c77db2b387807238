import { ilike, or, sql, type Column, type SQL } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%term%` for ILIKE, or undefined for an empty search. */
export function containsPattern(q: string | undefined): string | undefined {
  const term = q?.trim();
  return term ? `%${escapeLike(term)}%` : undefined;
}

/** Case-insensitive "contains" over the given columns; undefined (no filter) for an empty term. */
export function containsAny(columns: Column[], q: string | undefined): SQL | undefined {
  const pattern = containsPattern(q);
  if (!pattern) return undefined;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * Terms up to this long are too short for a trigram index (a trigram needs three characters, so
 * `%ab%` would read the whole index or table): they match by prefix instead.
 */
export const SHORT_TERM_MAX = 2;

/** How a list searches for a term (docs/decisions.md, "Short search terms"). */
export type SearchTerm =
  | { kind: 'none' }
  /** 1–2 characters: `prefix` (LIKE pattern, lower-cased) on btree-indexed lower(column), and the exact id. */
  | { kind: 'short'; term: string; prefix: string; id?: number }
  /** 3+ characters: `contains` (ILIKE pattern) on trigram-indexed columns, and the exact id. */
  | { kind: 'long'; term: string; contains: string; id?: number };

/**
 * The one rule every list applies to its free-text `q`: trimmed; empty → no filter; 1–2 characters →
 * a prefix match (`lower(column) LIKE 'ab%'`, served by a `lower(column) text_pattern_ops` btree) plus
 * the exact id; 3+ characters → the trigram "contains" plus the exact id. Either way no search reads
 * the whole table.
 */
export function searchTerm(q: string | undefined): SearchTerm {
  const term = [...(q ?? '')]
    .map((ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch))
    .join('')
    .trim();
  if (!term) return { kind: 'none' };
  const id = /^\d{1,9}$/.test(term) ? Number(term) : undefined;
  if ([...term].length <= SHORT_TERM_MAX) {
    return { kind: 'short', term, prefix: `${escapeLike(term.toLowerCase())}%`, id };
  }
  return { kind: 'long', term, contains: `%${escapeLike(term)}%`, id };
}

/**
 * `lower(column) LIKE 'ab%'`: the form a `lower(column) text_pattern_ops` index serves (the
 * pattern from `searchTerm`, already lower-cased and escaped).
 */
export const lowerPrefix = (column: Column | SQL, prefix: string): SQL =>
  sql`lower(${column}) LIKE ${prefix}`;
