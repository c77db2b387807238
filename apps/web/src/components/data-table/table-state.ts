import { useEffect } from 'react';
import type { OnChangeFn, SortingState } from '@tanstack/react-table';
import type { ListState } from './use-list-state';

/** The part of `useListState` that drives a table's pager and sorting. */
interface TableList {
  state: Pick<ListState<unknown>, 'page' | 'size' | 'sorting'>;
  /** The search the shown rows answer, when the list has a search box. */
  debouncedSearch?: string;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSorting: OnChangeFn<SortingState>;
}

/**
 * The paging and sorting props of `DataTable` for a list kept by `useListState`:
 * `<DataTable {...tableStateProps(list, PAGE_SIZES.other.sizes)} columns={…} … />`.
 * Without `pageSizes` the table shows no page-size buttons.
 */
export function tableStateProps(list: TableList, pageSizes?: readonly number[]) {
  return {
    page: list.state.page,
    pageSize: list.state.size,
    pageSizes,
    onPageChange: list.setPage,
    onPageSizeChange: list.setSize,
    sorting: list.state.sorting,
    onSortingChange: list.setSorting,
    searched: list.debouncedSearch,
  };
}

/**
 * For server-paged lists: once a page arrives, keeps the current page within the page count of its
 * total (a saved page number can point past the end after rows were deleted or a filter changed).
 */
export function useClampPage(
  list: { clampPage: (total: number) => void },
  data: { total: number } | undefined,
) {
  const { clampPage } = list;
  useEffect(() => {
    if (data) clampPage(data.total);
  }, [data, clampPage]);
}
