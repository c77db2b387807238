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

function read<F>(key: string | undefined, initial: ListState<F>): ListState<F> {
  if (!key) return initial;
  try {
    const raw = sessionStorage.getItem(`list:${key}`);
    return raw ? { ...initial, ...(JSON.parse(raw) as Partial<ListState<F>>) } : initial;
  } catch {
    return initial;
  }
}

/**
 * Page, size, sort, search text and filters of a list; with `persistKey` they survive leaving the
 * screen and coming back (kept in sessionStorage for this browser tab).
 */
export function useListState<F = Record<string, unknown>>(initial: ListState<F>, persistKey?: string) {
  const [state, setState] = useState<ListState<F>>(() => read(persistKey, initial));
  const [debouncedSearch] = useDebouncedValue(state.search, 300);

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
    state,
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
