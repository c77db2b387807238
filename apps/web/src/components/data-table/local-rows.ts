import type { SortingState } from '@tanstack/react-table';

type Accessor<T> = (row: T) => unknown;

const compare = (a: unknown, b: unknown) => {
  if (a === b) return 0;
  if (a === null || a === undefined || a === '') return 1;
  if (b === null || b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'pl', { numeric: true, sensitivity: 'base' });
};

/**
 * For the short lists the API answers whole (employees, categories): search, sort and cut one page
 * in the browser, with the same table as the server-paged lists.
 */
export function localPage<T>(
  rows: readonly T[],
  options: {
    search: string;
    searchFields: Accessor<T>[];
    sorting: SortingState;
    accessors: Record<string, Accessor<T>>;
    page: number;
    size: number;
  },
) {
  const term = options.search.trim().toLowerCase();
  const filtered = term
    ? rows.filter((row) =>
        options.searchFields.some((f) =>
          String(f(row) ?? '')
            .toLowerCase()
            .includes(term),
        ),
      )
    : [...rows];
  const sort = options.sorting[0];
  const accessor = sort ? options.accessors[sort.id] : undefined;
  if (sort && accessor) {
    filtered.sort((a, b) => compare(accessor(a), accessor(b)) * (sort.desc ? -1 : 1));
  }
  const start = (options.page - 1) * options.size;
  return { items: filtered.slice(start, start + options.size), total: filtered.length };
}
