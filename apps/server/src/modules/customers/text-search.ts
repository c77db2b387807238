import { ilike, or, type Column, type SQL } from 'drizzle-orm';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Case-insensitive "contains" over the given columns; undefined (no filter) for an empty term. */
export function containsAny(columns: Column[], q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((column) => ilike(column, pattern)));
}

/**
 * Reads `field,asc|desc` against a whitelist of sortable columns; anything else falls back to the
 * list's default order rather than failing the request.
 */
export function parseSort<K extends string>(
  sort: string | undefined,
  allowed: readonly K[],
): { field: K; desc: boolean } | undefined {
  if (!sort) return undefined;
  const [field, direction = 'asc'] = sort.split(',').map((s) => s.trim());
  if (!(allowed as readonly string[]).includes(field)) return undefined;
  if (direction !== 'asc' && direction !== 'desc') return undefined;
  return { field: field as K, desc: direction === 'desc' };
}
