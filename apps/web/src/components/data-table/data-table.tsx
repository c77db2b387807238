import './data-table.css';
import { useEffect, useRef, useState } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnMeta,
  type SortingState,
  type OnChangeFn,
  type RowData,
} from '@tanstack/react-table';
import {
  Box,
  Button,
  Center,
  Group,
  Loader,
  ScrollArea,
  Table,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useCallbackRef } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { MSG, LIST_MSG } from '@serwis/domain';
import { BusyBar } from '../busy-bar';
import { Pager } from './pager';
import { PageSizeButtons } from './page-size-buttons';
import { totalLabel } from './total-label';
import { DataTableRow, STICKY_END } from './data-table-row';
import { focusReopenedRow, rememberOpenedRow } from './reopened-row';
import { ResultCount } from './result-count';

export { STICKY_END };

declare module '@tanstack/react-table' {
  // Same type parameters as the library's declaration, which this extends.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Keeps the cell on one line (dates, protocol numbers), however narrow the table gets. */
    nowrap?: boolean;
    /** The narrowest the column may get, in px (long texts wrap inside it). */
    minWidth?: number;
    /**
     * Stays at the right edge while a table wider than the screen scrolls (a row's buttons), so that
     * an upright tablet shows them beside the row's first columns instead of one swipe away.
     */
    stickyEnd?: boolean;
    /** Numbers (ids, counts) stand at the right of their column, the heading with them. */
    align?: 'right';
    /**
     * A long heading over short values ("Ilość wystawionych protokołów serwisowych" over a count)
     * wraps onto two lines, so that the table fits the screen instead of scrolling sideways.
     */
    wrapHeader?: boolean;
  }
}

/** A heading's cell: on one line unless its column lets it wrap, aligned with its values. */
const headerStyle = (meta: ColumnMeta<unknown, unknown> | undefined) => ({
  whiteSpace: meta?.wrapHeader ? ('normal' as const) : ('nowrap' as const),
  textAlign: meta?.align,
});

export interface DataTableProps<T> {
  columns: ColumnDef<T, any>[];
  data: T[];
  /** Rows in the whole result (X-Total-Count); drives the pager. */
  total: number;
  /** The total is the server's estimate (X-Total-Count-Estimated): shown as such, never as exact. */
  totalEstimated?: boolean;
  /** The estimated total is what the server has seen match, at least so many (X-Total-Count-Lower-Bound). */
  totalLowerBound?: boolean;
  /** The search the rows answer: an empty page names it ("Brak wyników dla „…”.") instead of "Brak danych". */
  searched?: string;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange?: (size: number) => void;
  sorting: SortingState;
  onSortingChange: OnChangeFn<SortingState>;
  /**
   * The order the rows come in while `sorting` is empty (the server's own, e.g. the newest first):
   * its column's header shows that arrow and `aria-sort`, and a click on it turns that order round.
   */
  defaultSorting?: SortingState;
  loading?: boolean;
  /**
   * The rows' load failed (the query's `isError`): with no rows to show, the body says so instead of
   * "Brak danych", the count is not claimed as 0 and the pager keeps the last total it knew, so that
   * a failed page is not taken for an empty register and the next page can still be asked for.
   */
  failed?: boolean;
  /** Asks for the rows again: "Spróbuj ponownie" in a failed table's body. */
  onRetry?: () => void;
  onRowClick?: (row: T) => void;
  /**
   * The address a row opens, when it opens a screen: Ctrl, Shift or the middle button then open it
   * in a new tab or window, as a link would (a plain click still calls `onRowClick`).
   */
  rowHref?: (row: T) => string | undefined;
  rowLabel?: (row: T) => string;
  getRowId?: (row: T) => string;
  columnVisibility?: Record<string, boolean>;
  caption?: string;
}

/**
 * The loading and empty states of a table wider than the screen: as wide as the screen at most and
 * kept at the left of the scrolled area, so "Brak danych" is read whole on a tablet instead of
 * centred across every column, off the screen's edge.
 */
const IN_VIEW = { position: 'sticky', left: 0, maxWidth: 'calc(100vw - 48px)' } as const;

/**
 * A column without a heading of its own (a row's buttons) is named for screen readers, so that its
 * header cell is not empty (axe "empty-table-header") and its cells are read as "Akcje".
 */
const NAMELESS = 'Akcje';

/** The class of a sortable column's header, whose sort button fills it (data-table.css). */
const SORTABLE = 'data-table-sortable';

/**
 * The one table of the app: server-side paging and sorting (the parent fetches the page),
 * clickable rows (mouse, Enter or Space), loading and empty states, horizontal scroll for wide tables.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const table = useReactTable({
    data: props.data,
    columns: props.columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSortingRemoval: false,
    // A header's first click sorts upwards, numbers too (TanStack starts a number column downwards,
    // so "Dni do przeglądu" began with the latest after another column's sort, unlike its default).
    sortDescFirst: false,
    state: { sorting: props.sorting, columnVisibility: props.columnVisibility ?? {} },
    onSortingChange: props.onSortingChange,
    getRowId: props.getRowId,
  });
  // The total the shown rows answer, kept while none are (a page on its way without the rows before
  // it, or a failed load): the pager stays as it was instead of dropping to one page.
  const answered = props.data.length > 0 || (!props.loading && !props.failed);
  const [known, setKnown] = useState({
    total: props.total,
    estimated: props.totalEstimated,
    lowerBound: props.totalLowerBound,
  });
  if (
    answered &&
    (known.total !== props.total ||
      known.estimated !== props.totalEstimated ||
      known.lowerBound !== props.totalLowerBound)
  )
    setKnown({ total: props.total, estimated: props.totalEstimated, lowerBound: props.totalLowerBound });
  const shown = answered
    ? { total: props.total, estimated: props.totalEstimated, lowerBound: props.totalLowerBound }
    : known;
  // A failed load with no rows to show: neither "Brak danych" nor "Rekordów: 0" is true.
  const failedEmpty = Boolean(props.failed) && props.data.length === 0;
  const pageCount = Math.max(1, Math.ceil(shown.total / props.pageSize));
  // Another page, sort or search on its way while the rows before it stay: said by a moving bar,
  // and the old rows dimmed, so that a slow connection never passes them off as the new ones.
  const refreshing = Boolean(props.loading) && props.data.length > 0;
  const visibleLeafColumns = table.getVisibleLeafColumns();
  const visibleColumns = visibleLeafColumns.length;
  const visibleIds = visibleLeafColumns.map((column) => column.id).join();
  // The screens pass a new function each render; the rows get one that stays, calling the latest.
  const openRow = useCallbackRef((row: T, id: string) => {
    rememberOpenedRow(id, props.rowLabel?.(row));
    props.onRowClick?.(row);
  });
  // Back from the record a row opened: that row takes the focus again (reopened-row.ts).
  const body = useRef<HTMLTableSectionElement>(null);
  useEffect(() => focusReopenedRow(body.current), [props.data]);
  // Another page asked for from the pager below a long page: the table's top comes into view, where
  // the new page begins (the view stayed at the pager, on the new page's last rows).
  const top = useRef<HTMLDivElement>(null);
  const turnPage = (page: number) => {
    props.onPageChange(page);
    if (top.current && top.current.getBoundingClientRect().top < 0)
      top.current.scrollIntoView({ block: 'start' });
  };
  // No order asked for: the rows' own order, when the screen says which it is.
  const implied = props.sorting.length === 0 ? (props.defaultSorting?.[0] ?? null) : null;

  return (
    <Box ref={top} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 0px) + 8px)' }}>
      <Box h={4}>
        {refreshing && (
          <BusyBar className="data-table-refresh" size={4} label={MSG.loading} text={MSG.loading} />
        )}
      </Box>
      {/*
       * Room below the table for its sideways scrollbar, none at its right: the table grows
       * downwards, never scrolls up and down here, and a right margin left the sticky column of
       * buttons 12 px short of the edge with the scrolled cells showing beside it.
       */}
      <ScrollArea type="auto" offsetScrollbars="x">
        <Table
          striped
          highlightOnHover={Boolean(props.onRowClick)}
          verticalSpacing="xs"
          miw={600}
          aria-busy={props.loading ? true : undefined}
        >
          {props.caption && <Table.Caption>{props.caption}</Table.Caption>}
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const canSort = header.column.getCanSort();
                  const def = header.column.columnDef;
                  // TanStack's stand-in for a missing heading gives the accessor's key, or nothing.
                  const own =
                    def.header === table._getDefaultColumnDef().header && typeof def.header === 'function'
                      ? def.header(header.getContext())
                      : def.header;
                  const label =
                    own == null || (typeof own === 'string' && !own.trim()) ? (
                      <VisuallyHidden>{NAMELESS}</VisuallyHidden>
                    ) : (
                      flexRender(def.header, header.getContext())
                    );
                  const sticky = header.column.columnDef.meta?.stickyEnd ? STICKY_END : '';
                  if (!canSort)
                    return (
                      <Table.Th
                        key={header.id}
                        className={sticky || undefined}
                        style={headerStyle(header.column.columnDef.meta)}
                      >
                        {label}
                      </Table.Th>
                    );
                  const byDefault = implied?.id === header.column.id ? implied : null;
                  const sorted =
                    header.column.getIsSorted() || (byDefault && (byDefault.desc ? 'desc' : 'asc'));
                  const toggle = byDefault
                    ? () => props.onSortingChange([{ id: byDefault.id, desc: !byDefault.desc }])
                    : header.column.getToggleSortingHandler();
                  return (
                    // The button fills the cell: a click anywhere in the header sorts (ui.md). Should
                    // a taller row leave a strip of the cell beside it, a click there sorts too; the
                    // button is what the keyboard and a screen reader use.
                    <Table.Th
                      key={header.id}
                      className={`${SORTABLE} ${sticky}`.trim()}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                      style={headerStyle(header.column.columnDef.meta)}
                      onClick={(event) => {
                        if (event.target === event.currentTarget) toggle?.(event);
                      }}
                    >
                      <UnstyledButton className="data-table-sort" onClick={toggle} fw={700} fz="sm">
                        <Group
                          gap={4}
                          wrap="nowrap"
                          justify={header.column.columnDef.meta?.align === 'right' ? 'flex-end' : undefined}
                        >
                          {label}
                          {sorted === 'asc' ? (
                            <IconArrowUp size={14} aria-hidden />
                          ) : sorted === 'desc' ? (
                            <IconArrowDown size={14} aria-hidden />
                          ) : (
                            <IconArrowsSort size={14} opacity={0.4} aria-hidden />
                          )}
                        </Group>
                      </UnstyledButton>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody ref={body} className={refreshing ? 'data-table-stale' : undefined}>
            {props.loading && props.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={visibleColumns}>
                  <Center py="lg" role="status" style={IN_VIEW}>
                    <Group gap="xs">
                      <Loader size="sm" />
                      <Text>{MSG.loading}</Text>
                    </Group>
                  </Center>
                </Table.Td>
              </Table.Tr>
            ) : failedEmpty ? (
              <Table.Tr>
                <Table.Td colSpan={visibleColumns}>
                  <Group justify="center" gap="sm" py="lg" style={IN_VIEW}>
                    <Text>{LIST_MSG.listLoadFailed}</Text>
                    {props.onRetry && (
                      <Button variant="light" onClick={props.onRetry}>
                        {LIST_MSG.tryAgain}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ) : props.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={visibleColumns}>
                  <Text ta="center" py="lg" c="dimmed" style={IN_VIEW}>
                    {props.searched?.trim() ? MSG.noResults(props.searched.trim()) : MSG.noData}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              table
                .getRowModel()
                .rows.map((row) => (
                  <DataTableRow
                    key={row.id}
                    row={row}
                    columns={props.columns}
                    visible={visibleIds}
                    label={props.rowLabel?.(row.original)}
                    href={props.onRowClick ? props.rowHref?.(row.original) : undefined}
                    onOpen={props.onRowClick ? openRow : undefined}
                  />
                ))
            )}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      <Group justify="space-between" mt="sm" wrap="wrap" gap="sm">
        {props.pageSizes && props.onPageSizeChange ? (
          <PageSizeButtons sizes={props.pageSizes} value={props.pageSize} onChange={props.onPageSizeChange} />
        ) : (
          <span />
        )}
        <Group gap="sm">
          <ResultCount
            text={`Rekordów: ${totalLabel(shown.total, { estimated: shown.estimated, lowerBound: shown.lowerBound })}`}
            query={JSON.stringify([props.searched?.trim() ?? '', props.page, props.pageSize, props.sorting])}
            loading={props.loading || failedEmpty}
            hidden={failedEmpty}
          />
          <Pager page={props.page} pageCount={pageCount} onChange={turnPage} endKnown={!shown.estimated} />
        </Group>
      </Group>
    </Box>
  );
}
