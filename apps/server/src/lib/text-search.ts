import { polishNipDigits } from '@serwis/domain';
import { ilike, or, sql, type Column, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Quotation marks and apostrophes of every kind: Word, phones and Polish typing turn `"` into „ ”
 * and `'` into ’, so the register holds both forms; a search means any of them.
 */
export const QUOTE_CHARACTERS = `"'„”“«»‚’‘\`´`;
const QUOTE_MARKS = new RegExp(`[${QUOTE_CHARACTERS}]`, 'g');

/**
 * `%text%`: user text as a literal inside a LIKE / ILIKE "contains" pattern, except that a quotation
 * mark or apostrophe stands for any one ("Stalmet" finds „Stalmet”, O’Brien finds O'Brien). A term of
 * nothing but such marks is taken as typed: as "any one character" it found every text.
 */
export const likeContains = (text: string) => {
  const literal = escapeLike(text);
  const marksOnly = text.replace(QUOTE_MARKS, '').trim() === '';
  return `%${marksOnly ? literal : literal.replace(QUOTE_MARKS, '_')}%`;
};

/** `%term%` for ILIKE (the term as every list reads it: trimmedTerm), or undefined for an empty search. */
export function containsPattern(q: string | undefined): string | undefined {
  const term = trimmedTerm(q);
  return term ? likeContains(term) : undefined;
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

/** pg_trgm's trigrams come from runs of letters and digits: a term needs three in a row to have one. */
export const hasTrigram = (term: string) => /[\p{L}\p{N}]{3}/u.test(term);

/** Whether a term has any letter or digit, which a trigram index can start from. */
export const hasLetterOrDigit = (term: string) => /[\p{L}\p{N}]/u.test(term);

/** How a list searches for a term (docs/decisions.md, "Short search terms"). */
export type SearchTerm =
  | { kind: 'none' }
  /**
   * 1–2 characters, or no three letters or digits in a row (isShortTerm): the start of btree-indexed
   * lower(column) (`lowerPrefix`), and the exact id.
   */
  | { kind: 'short'; term: string; id?: number }
  /** Any other: `contains` (ILIKE pattern) on trigram-indexed columns, and the exact id. */
  | { kind: 'long'; term: string; contains: string; id?: number };

/**
 * The digits of a term that reads as a number typed with any separators ("634-012-34-56",
 * "+48 703 826 047", "(22) 123 45 67"): three digits or more, and nothing but digits, spaces and
 * `+ - . / ( )`; or a whole NIP after its "PL" ("PL 634-012-34-56": "PL123" or "pl. 12" is text);
 * else undefined. Numbers are stored as each was typed, so a list compares digits.
 */
export function numberDigits(term: string): string | undefined {
  if (/^pl/i.test(term)) return polishNipDigits(term) ?? undefined;
  if (!/^[\d\s+\-./()]+$/.test(term)) return undefined;
  const digits = term.replace(/\D/g, '');
  return digits.length >= 3 ? digits : undefined;
}

/** The fewest letters and digits a term needs to be compared as a serial number (serialCharacters). */
const SERIAL_CHARACTERS_MIN = 6;

/**
 * The letters and digits of a term that may be a serial number typed off a nameplate with other
 * separators than the register holds ("TO 2023 000921" or "TO2023000921" for "TO-2023-000921"):
 * ASCII letters and digits with spaces or `- . / \ _` among them (or the dashes a word processor
 * puts for a hyphen, `‐ – —`), a digit and six characters at least; else undefined. Serial numbers
 * are stored as each was typed, so the machine list compares letters and digits alone too
 * (devices.search.ts, ownTextHolds).
 */
export function serialCharacters(term: string): string | undefined {
  if (!/^[0-9A-Za-z\s\-‐–—./\\_]+$/.test(term) || !/\d/.test(term)) return undefined;
  const characters = term.replace(/[^0-9A-Za-z]/g, '');
  return characters.length >= SERIAL_CHARACTERS_MIN ? characters : undefined;
}

/**
 * The one rule every list applies to its free-text `q`: trimmed, runs of spaces as one; empty → no
 * filter; a short term (isShortTerm: 1–2 characters, or no three letters or digits in a row) → a
 * prefix match (`lower(column) LIKE 'ab%'`, served by a `lower(column) text_pattern_ops` btree) plus
 * the exact id; else the trigram "contains" plus the exact id. Either way no search reads the whole
 * table.
 */
export function searchTerm(q: string | undefined): SearchTerm {
  const term = cleanTerm(q);
  if (!term) return { kind: 'none' };
  const id = /^\d{1,9}$/.test(term) ? Number(term) : undefined;
  if (isShortTerm(term)) return { kind: 'short', term, id };
  return { kind: 'long', term, contains: likeContains(term), id };
}

/**
 * A term matched by its start: one or two characters, or a longer one without three letters or
 * digits in a row ("1.5", "31-1", "50%", "---"). pg_trgm builds a pattern's trigrams from its runs of
 * letters and digits; shorter runs give none, or only trigrams that every word starting or ending
 * like them holds (" 12", "31 "), which a trigram index answers with most of the table: "---" read
 * all 5,000,000 events (11–22 s), "x-1" 1.9 s, "-12" 0.8 s, "31-1" 0.2–0.7 s at 1,000,000 machines.
 * docs/decisions.md, "Terms without three letters or digits in a row".
 */
export const isShortTerm = (term: string) => [...term].length <= SHORT_TERM_MAX || !hasTrigram(term);

/**
 * A typed text as every search and filter compares it: control characters blanked (a pasted NUL,
 * which PostgreSQL refuses in a text, and chr 31, which separates the columns of the search copies),
 * runs of white space as one space (pasted text often has two: "tokarka  cnc" found nothing where
 * "tokarka cnc" found 21 machines; the register saves its one-line values so too), then trimmed.
 */
export const cleanTerm = (text: string | undefined) =>
  [...(text ?? '')]
    .map((ch) => (ch.charCodeAt(0) < 32 ? ' ' : ch))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();

/** The search text (cleanTerm), or undefined when there is nothing to search for. */
export const trimmedTerm = (q: string | undefined) => cleanTerm(q) || undefined;

/**
 * The LIKE pattern of a short term, lower-cased by the database itself (as the indexed key is), so a
 * non-ASCII initial ("Ł") is folded the same way on both sides whatever the locale (PGlite's is C).
 */
export const prefixPattern = (term: string) => sql`(lower(${escapeLike(term)}) || '%')`;

/** `lower(column) LIKE 'ab%'`: the form a `lower(column) text_pattern_ops` index serves. */
export const lowerPrefix = (column: Column | SQL, term: string): SQL =>
  sql`lower(${column}) LIKE ${prefixPattern(term)}`;

/**
 * A search copy (a text the database keeps lower-cased beside the searched columns:
 * services.fault_search, inspection_summaries.search_text, todos.description_search) against a LIKE
 * pattern, lower-cased by the database the same way. A third of the cost of ILIKE, which lower-cases
 * every row it checks (docs/decisions.md, "The search copies").
 */
export const copyMatches = (copy: SQLWrapper, pattern: string) => sql`${copy} LIKE lower(${pattern})`;

/**
 * A two-character term at the start of one of the texts a search copy joins with chr(31): at the
 * copy's start, or right after a separator. The copy's trigram index answers it (the first trigrams
 * of the words starting with the term); for a single character those are too many, so a
 * one-character term goes to prefix B-trees instead.
 */
export const copyFieldStarts = (copy: SQLWrapper, term: string) =>
  sql`(${copy} LIKE ${prefixPattern(term)} OR ${copy} LIKE ('%' || chr(31) || ${prefixPattern(term)}))`;

/**
 * The start of a long text, lower-cased: what a short term is compared with and what its B-tree
 * holds. Cut to 64 characters so a long text (a 5,000-character description) still fits a B-tree
 * entry.
 */
export const prefixKey = (column: SQLWrapper) => sql`lower(${copyPrefixKey(column)})`;

/** The index expression for short terms on long texts: `lower(left(col, 64)) text_pattern_ops`. */
export const prefixIndexExpression = (column: SQLWrapper) => sql`${prefixKey(column)} text_pattern_ops`;

/**
 * The start of a search copy (already lower-case), as prefixKey without lower(): what its B-tree
 * holds (`copyPrefixKey(copy) text_pattern_ops`) and what `copyStarts` compares.
 */
export const copyPrefixKey = (copy: SQLWrapper) => sql`left(${copy}, 64)`;

/** A short term at the start of a search copy, in the form its copyPrefixKey B-tree serves. */
export const copyStarts = (copy: SQLWrapper, term: string) =>
  sql`${copyPrefixKey(copy)} LIKE ${prefixPattern(term)}`;

/**
 * A long text's sort key: its first 100 characters, so a list sorted by a free text (up to 5,000
 * characters) can walk a B-tree; texts equal in those 100 characters fall to the next key.
 */
export const sortPrefix = (column: SQLWrapper) => sql`left(${column}, 100)`;

/**
 * A name (at most a few hundred characters, so its whole `lower(col) text_pattern_ops` B-tree fits):
 * `lower(col) LIKE 'te%'` for a short term, `col ILIKE '%term%'` (its trigram index) otherwise.
 */
export function nameMatches(column: Column, term: string): SQL {
  if (isShortTerm(term)) return lowerPrefix(column, term);
  return sql`${column} ILIKE ${likeContains(term)}`;
}

/**
 * A search copy (copyMatches) against a term: its start for a short term (a `copyPrefixKey`
 * B-tree), "contains" otherwise (its trigram index).
 */
export function copyTermMatches(copy: SQLWrapper, term: string): SQL {
  if (isShortTerm(term)) return copyStarts(copy, term);
  return copyMatches(copy, likeContains(term));
}

/** `lower(left(col, 64)) LIKE 'te%'` for a short term, `col ILIKE '%term%'` otherwise. */
export function textMatches(column: SQLWrapper, term: string): SQL {
  if (isShortTerm(term)) return sql`${prefixKey(column)} LIKE ${prefixPattern(term)}`;
  return sql`${column} ILIKE ${likeContains(term)}`;
}
