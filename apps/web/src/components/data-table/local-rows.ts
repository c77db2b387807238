import type { SortingState } from '@tanstack/react-table';
import { plainText } from '@serwis/domain';

type Accessor<T> = (row: T) => unknown;

const searchable = (text: string) => plainText(text).toLowerCase();

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'pl', { numeric: true, sensitivity: 'base' });
};

/**
 * For the short lists the API answers whole (employees, categories): search, sort and cut one page
 * in the browser, with the same table as the server-paged lists. `state` is the list state (or any
 * page, size and sorting); the text in `state.search` filters only when `searchFields` are given,
 * so lists searched by the server pass none.
 */
export function localPage<T>(
  rows: readonly T[],
  state: { page: number; size: number; sorting: SortingState; search?: string },
  options: { accessors: Record<string, Accessor<T>>; searchFields?: Accessor<T>[] },
) {
  // Made plain as the server's searches make their term and its stored texts (plain-text.ts): a
  // term pasted with a non-breaking or a zero-width space finds the record, as on the other lists.
  const term = options.searchFields ? searchable(state.search ?? '').trim() : '';
  const filtered = term
    ? rows.filter((row) => options.searchFields!.some((f) => searchable(String(f(row) ?? '')).includes(term)))
    : [...rows];
  const sort = state.sorting[0];
  const accessor = sort ? options.accessors[sort.id] : undefined;
  if (sort && accessor) {
    filtered.sort((a, b) => compare(accessor(a), accessor(b)) * (sort.desc ? -1 : 1));
  }
  const start = (state.page - 1) * state.size;
  return { items: filtered.slice(start, start + state.size), total: filtered.length };
}
