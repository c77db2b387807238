export { DataTable, STICKY_END, type DataTableProps } from './data-table';
export { Pager } from './pager';
export { PageSizeButtons } from './page-size-buttons';
export { SearchBox } from './search-box';
export { presetListState, useListState, type ListState } from './use-list-state';
export { localPage } from './local-rows';
export { tableStateProps, useClampPage } from './table-state';
export { totalLabel } from './total-label';
