import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';
import { MSG } from '@serwis/domain';
import { badRequest } from './app-error.js';

export interface SortOrder<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/**
 * Reads `sort=<field>,asc|desc` (direction optional, ascending by default) against the fields a
 * list allows; empty means `fallback`. Anything else is a 400, never raw SQL.
 */
export function parseSortParam<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  fallback: SortOrder<F>,
): SortOrder<F> {
  const value = sort?.trim();
  if (!value) return fallback;
  const [field, direction = 'asc', ...rest] = value.split(',').map((part) => part.trim());
  const dir = direction.toLowerCase();
  if (rest.length || !(fields as readonly string[]).includes(field) || (dir !== 'asc' && dir !== 'desc')) {
    throw badRequest(MSG.invalidSort, 'INVALID_SORT', 'sort');
  }
  return { field: field as F, direction: dir };
}

/**
 * ORDER BY for a list whose sort fields are plain columns: the asked (or fallback) field, then the
 * id in the same direction, so pages never overlap. An unknown field is the 400 of parseSortParam.
 */
export function orderByField<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  columns: Record<F, AnyColumn>,
  id: AnyColumn,
  fallback: SortOrder<F>,
): SQL[] {
  const { field, direction } = parseSortParam(sort, fields, fallback);
  const by = direction === 'desc' ? desc : asc;
  return columns[field] === id ? [by(id)] : [by(columns[field]), by(id)];
}
