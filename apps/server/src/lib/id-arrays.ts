import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** `'{1,2,3}'::int[]`: a constant the planner can estimate, and hashes in `= ANY` from nine ids on. */
export const intArray = (ids: number[]): SQL => sql`${`{${ids.join(',')}}`}::int[]`;

/** `column = ANY(the ids)`, the ids as one constant array (`intArray`). */
export const idsAmong = (column: SQLWrapper, ids: number[]): SQL => sql`${column} = ANY(${intArray(ids)})`;

/** An int[] as the drivers hand it over: node-postgres parses it into numbers, others may send '{1,2,3}'. */
export function parseIdArray(value: string | number[] | null): number[] {
  if (value === null) return [];
  return typeof value === 'string'
    ? value.slice(1, -1).split(',').filter(Boolean).map(Number)
    : value.map(Number);
}
