import { ilike, or, type Column, type SQL } from 'drizzle-orm';

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
