import { useCallback, useEffect, useState } from 'react';
import type { SortingState } from '@tanstack/react-table';
import { useDebouncedValue } from '@mantine/hooks';

export interface ListState<F = Record<string, unknown>> {
  page: number;
  size: number;
  sorting: SortingState;
  search: string;
  filters: F;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A kept filter value in the shape of the list's own (a select's null start takes any value). */
const fitsFilter = (kept: unknown, start: unknown) =>
  start === null || (Array.isArray(kept) === Array.isArray(start) && typeof kept === typeof start);

/**
 * What was kept for this list, each part only when it has the shape the list uses now: a state
 * kept by an older build (a filter that changed shape, a page that is not a number) gives way to
 * the list's own start instead of reaching its requests.
 */
function read<F>(key: string | undefined, initial: ListState<F>): ListState<F> {
  if (!key) return initial;
  try {
    const raw = sessionStorage.getItem(`list:${key}`);
    const kept: unknown = raw ? JSON.parse(raw) : null;
    if (!isObject(kept)) return initial;
    const count = (value: unknown, fallback: number) =>
      Number.isInteger(value) && (value as number) > 0 ? (value as number) : fallback;
    const sorting: unknown[] | null = Array.isArray(kept.sorting) ? kept.sorting : null;
    const sortingFits = sorting?.every(
      (s) => isObject(s) && typeof s.id === 'string' && typeof s.desc === 'boolean',
    );
    const start = initial.filters as unknown;
    const filters =
      isObject(start) && isObject(kept.filters)
        ? Object.fromEntries(
            Object.entries(kept.filters).filter(
              ([name, value]) => name in start && fitsFilter(value, start[name]),
            ),
          )
        : {};
    return {
      page: count(kept.page, initial.page),
      size: count(kept.size, initial.size),
      sorting: sortingFits ? (sorting as ListState<F>['sorting']) : initial.sorting,
      search: typeof kept.search === 'string' ? kept.search : initial.search,
      filters: isObject(start) ? ({ ...start, ...filters } as F) : initial.filters,
    };
  } catch {
    return initial;
  }
}

/**
 * Opens another list (by its `persistKey`) at its first page with `patch` applied (a search, the
 * filters), keeping the rest it kept: what a link to that list with the same question sets first.
 */
export function presetListState<F>(key: string, patch: Partial<Pick<ListState<F>, 'search' | 'filters'>>) {
  let kept: unknown = null;
  try {
    kept = JSON.parse(sessionStorage.getItem(`list:${key}`) ?? 'null');
  } catch {
    // Unreadable: the patch alone, the rest from the list's own start.
  }
  sessionStorage.setItem(
    `list:${key}`,
    JSON.stringify({ ...(isObject(kept) ? kept : {}), ...patch, page: 1 }),
  );
}

/**
 * Page, size, sort, search text and filters of a list; with `persistKey` they survive leaving the
 * screen and coming back (kept in sessionStorage for this browser tab).
 */
export function useListState<F = Record<string, unknown>>(initial: ListState<F>, persistKey?: string) {
  const [state, setState] = useState<ListState<F>>(() => read(persistKey, initial));
  const [debouncedSearch] = useDebouncedValue(state.search, 300);
  // While a search is being typed (not yet asked for), the list shows the page it shows: a search
  // typed on page 2 first asked for page 1 of the old search, then for the new one.
  const typing = state.search !== debouncedSearch;
  const [askedPage, setAskedPage] = useState(state.page);
  if (!typing && askedPage !== state.page) setAskedPage(state.page);

  useEffect(() => {
    if (persistKey) sessionStorage.setItem(`list:${persistKey}`, JSON.stringify(state));
  }, [persistKey, state]);

  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const setSize = useCallback((size: number) => setState((s) => ({ ...s, size, page: 1 })), []);
  const setSearch = useCallback((search: string) => setState((s) => ({ ...s, search, page: 1 })), []);
  const setFilters = useCallback((filters: F) => setState((s) => ({ ...s, filters, page: 1 })), []);
  const setSorting = useCallback(
    (updater: SortingState | ((old: SortingState) => SortingState)) =>
      setState((s) => ({
        ...s,
        sorting: typeof updater === 'function' ? updater(s.sorting) : updater,
        page: 1,
      })),
    [],
  );
  /** Keeps the page between 1 and the page count once the total is known. */
  const clampPage = useCallback((total: number) => {
    setState((s) => {
      const last = Math.max(1, Math.ceil(total / s.size));
      return s.page > last ? { ...s, page: last } : s.page < 1 ? { ...s, page: 1 } : s;
    });
  }, []);

  const sortParam = state.sorting[0]
    ? `${state.sorting[0].id},${state.sorting[0].desc ? 'desc' : 'asc'}`
    : undefined;
  return {
    state: typing && state.page !== askedPage ? { ...state, page: askedPage } : state,
    debouncedSearch,
    sortParam,
    setPage,
    setSize,
    setSearch,
    setFilters,
    setSorting,
    clampPage,
  };
}
