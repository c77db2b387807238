import { useMemo, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Checkbox, MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { MSG, LIST_MSG } from '@serwis/domain';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { theme } from '../../app/theme';
import { DataTable, type DataTableProps } from './data-table';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: 'Nazwa', accessorFn: (r) => r.name }];

function renderTable(data: Row[], loading: boolean, searched?: string, withColumns = columns) {
  render(
    <MantineProvider theme={theme} env="test">
      <DataTable
        columns={withColumns}
        data={data}
        searched={searched}
        total={data.length}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
        sorting={[]}
        onSortingChange={() => undefined}
        loading={loading}
      />
    </MantineProvider>,
  );
}

/** A table of `data` on page 1 of 10 rows, unsorted, with whatever else a test gives. */
const table = (props: Partial<DataTableProps<Row>> & { data: Row[] }) => (
  <MantineProvider theme={theme} env="test">
    <DataTable
      columns={columns}
      total={props.total ?? props.data.length}
      page={1}
      pageSize={10}
      onPageChange={() => undefined}
      sorting={[]}
      onSortingChange={() => undefined}
      {...props}
    />
  </MantineProvider>
);

describe('DataTable while a page loads', () => {
  it('says it loads over the rows before, dimmed, so that they are not taken for the new ones', () => {
    renderTable([{ id: 1, name: 'Tokarka' }], true);
    // A bar without a value: it read "Ładowanie danych 100%".
    const bar = screen.getByRole('progressbar', { name: MSG.loading });
    expect(bar).not.toHaveAttribute('aria-valuenow');
    expect(bar).toHaveAttribute('aria-valuetext', MSG.loading);
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true');
    const row = screen.getByRole('row', { name: 'Tokarka' });
    expect(row.closest('tbody')!.className).toContain('data-table-stale');
  });

  it('shows the rows as they are once loaded', () => {
    renderTable([{ id: 1, name: 'Tokarka' }], false);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('table').hasAttribute('aria-busy')).toBe(false);
    expect(screen.getByRole('row', { name: 'Tokarka' }).closest('tbody')!.className).not.toContain('stale');
  });

  it('shows the loading line, not a bar, before the first rows', () => {
    renderTable([], true);
    expect(screen.getByRole('status').textContent).toBe(MSG.loading);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('DataTable with no rows', () => {
  it('names the search that found nothing, and says "Brak danych" without one', () => {
    renderTable([], false, '  zzzz ');
    expect(screen.getByText('Brak wyników dla „zzzz”.')).toBeInTheDocument();
  });

  it('says "Brak danych" when nothing is searched', () => {
    renderTable([], false, ' ');
    expect(screen.getByText(MSG.noData)).toBeInTheDocument();
  });
});

describe('DataTable whose rows failed to load', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Maszyna ${i + 1}` }));

  it('says the list could not be loaded, not that it is empty, and offers to ask again', async () => {
    const retry = vi.fn();
    render(table({ data: [], failed: true, onRetry: retry, searched: 'Tokarka' }));
    expect(screen.getByText(LIST_MSG.listLoadFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noData)).toBeNull();
    expect(screen.queryByText(/Brak wyników/)).toBeNull();
    expect(screen.getByText(/Rekordów/)).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: LIST_MSG.tryAgain }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the last total for the pager and the count, so that the next page can still be asked for', async () => {
    const turn = vi.fn();
    const { rerender } = render(table({ data: rows(10), total: 25, page: 1, onPageChange: turn }));
    expect(screen.getByText('Rekordów: 25')).toBeInTheDocument();
    // Page 2 asked for: on its way without the rows before it, then failed.
    rerender(table({ data: [], total: 0, page: 2, loading: true, onPageChange: turn }));
    expect(screen.getByRole('button', { name: 'Strona 3' })).toBeInTheDocument();
    rerender(table({ data: [], total: 0, page: 2, failed: true, onPageChange: turn }));
    expect(screen.getByText(LIST_MSG.listLoadFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Strona 2' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Strona 3' }));
    expect(turn).toHaveBeenCalledWith(3);
    await userEvent.click(screen.getByRole('button', { name: 'Strona 1' }));
    expect(turn).toHaveBeenCalledWith(1);
    expect(screen.queryByText('Rekordów: 0')).toBeNull();
    expect(screen.getByText(/Rekordów/)).not.toBeVisible();
    // Asked again and answered: its own rows and total.
    rerender(table({ data: rows(10).slice(0, 5), total: 15, page: 2, onPageChange: turn }));
    expect(screen.queryByText(LIST_MSG.listLoadFailed)).toBeNull();
    expect(screen.getByText('Rekordów: 15')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Strona 3' })).toBeNull();
  });

  it('shows the rows it has when only their refresh failed, with their count', () => {
    render(table({ data: rows(2), failed: true, onRetry: () => undefined }));
    expect(screen.getByRole('row', { name: 'Maszyna 1' })).toBeInTheDocument();
    expect(screen.queryByText(LIST_MSG.listLoadFailed)).toBeNull();
    expect(screen.getByText('Rekordów: 2')).toBeInTheDocument();
  });
});

describe('DataTable headings', () => {
  it('keeps a heading on one line unless its column lets a long one wrap', () => {
    const withLong: ColumnDef<Row, unknown>[] = [
      { id: 'name', header: 'Nazwa', accessorFn: (r) => r.name },
      {
        id: 'count',
        header: 'Ilość wystawionych protokołów serwisowych',
        accessorFn: (r) => r.id,
        meta: { wrapHeader: true },
      },
    ];
    render(table({ data: [{ id: 1, name: 'Maszyna 1' }], columns: withLong }));
    const [name, count] = screen.getAllByRole('columnheader');
    expect(name).toHaveStyle({ whiteSpace: 'nowrap' });
    expect(count).toHaveStyle({ whiteSpace: 'normal' });
  });
});

describe('DataTable with a column of buttons', () => {
  it('keeps that column at the right edge (header and cells), and no other', () => {
    const withButtons: ColumnDef<Row, unknown>[] = [
      ...columns,
      {
        id: 'actions',
        header: '',
        meta: { stickyEnd: true },
        cell: ({ row }) => <button type="button">{`Usuń ${row.original.name}`}</button>,
      },
    ];
    renderTable([{ id: 1, name: 'Tokarka' }], false, undefined, withButtons);
    const button = screen.getByRole('button', { name: 'Usuń Tokarka' });
    expect(button.closest('td')!.className).toContain('data-table-sticky-end');
    expect(screen.getByRole('cell', { name: 'Tokarka' }).className).not.toContain('sticky');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.className.includes('data-table-sticky-end'))).toEqual([false, true]);
  });
});

describe('DataTable headers with no words', () => {
  it('name a column of buttons "Akcje" for screen readers, so that no header cell is empty', () => {
    const withButtons: ColumnDef<Row, unknown>[] = [
      ...columns,
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => <button type="button">{`Usuń ${row.original.name}`}</button>,
      },
      { id: 'more', cell: () => <button type="button">Więcej</button> },
    ];
    renderTable([{ id: 1, name: 'Tokarka' }], false, undefined, withButtons);
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Nazwa', 'Akcje', 'Akcje']);
    expect(screen.getAllByRole('columnheader', { name: 'Akcje' })).toHaveLength(2);
  });

  it("keep a column's own heading, and an accessor's key standing for a missing one", () => {
    const keyed: ColumnDef<Row, unknown>[] = [...columns, { accessorKey: 'id' }];
    renderTable([{ id: 1, name: 'Tokarka' }], false, undefined, keyed);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nazwa', 'id']);
  });
});

describe('DataTable count of rows', () => {
  const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1, name: `Maszyna ${i + 1}` }));

  it('is a polite live region that says each answer once it comes, not the first rows nor a loading page', () => {
    const { rerender } = render(table({ data: [], loading: true }));
    const count = screen.getByText('Rekordów: 0');
    // The rows the screen opens with are not news: the region is not live yet.
    expect(count.getAttribute('aria-live')).toBeNull();
    rerender(table({ data: rows(3), loading: false }));
    expect(count).toHaveTextContent('Rekordów: 3');
    expect(count).toHaveAttribute('aria-live', 'polite');
    expect(count).toHaveAttribute('aria-atomic', 'true');

    // A search on its way: the count stays as it was, untouched, until the answer comes.
    const before = count.firstChild;
    rerender(table({ data: rows(3), total: 57, loading: true, searched: 'zzz' }));
    expect(count.firstChild).toBe(before);
    expect(count).toHaveTextContent('Rekordów: 3');
    rerender(table({ data: [], loading: false, searched: 'zzz' }));
    expect(screen.getByText('Brak wyników dla „zzz”.')).toBeInTheDocument();
    expect(count).toHaveTextContent('Rekordów: 0');
    expect(count).toBe(screen.getByText('Rekordów: 0'));

    // Another order or page of as many rows is said again: its text comes anew into the region.
    const found = count.firstChild;
    rerender(table({ data: [], loading: false, searched: 'zzz', sorting: [{ id: 'name', desc: true }] }));
    expect(count.firstChild).not.toBe(found);
    expect(count).toHaveTextContent('Rekordów: 0');
    const sorted = count.firstChild;
    rerender(table({ data: [], loading: false, searched: 'zzz', sorting: [{ id: 'name', desc: true }] }));
    expect(count.firstChild).toBe(sorted);
  });

  it('is live from the start when the rows are there at once (a list opened again)', () => {
    render(table({ data: rows(2), loading: false }));
    const count = screen.getByText('Rekordów: 2');
    expect(count).toHaveAttribute('aria-live', 'polite');
  });
});

describe('DataTable with a column of numbers', () => {
  it('puts the numbers and their heading at the right of the column', () => {
    const numbered: ColumnDef<Row, unknown>[] = [
      { id: 'id', header: 'Id', accessorFn: (r) => r.id, meta: { align: 'right' } },
      ...columns.filter((c) => c.id !== 'id'),
    ];
    renderTable([{ id: 17, name: 'Tokarka' }], false, undefined, numbered);
    expect(screen.getByRole('cell', { name: '17' })).toHaveStyle({ textAlign: 'right' });
    expect(screen.getAllByRole('columnheader')[0]).toHaveStyle({ textAlign: 'right' });
    expect(screen.getByRole('cell', { name: 'Tokarka' }).style.textAlign).toBe('');
  });
});

describe('DataTable headers', () => {
  const sortable: ColumnDef<Row, unknown>[] = [
    { id: 'id', header: 'Nr', accessorFn: (r) => r.id },
    { id: 'name', header: 'Nazwa', accessorFn: (r) => r.name },
    { id: 'note', header: 'Uwagi', enableSorting: false, accessorFn: (r) => r.name },
  ];

  /** A table sorted as `sorting` says, which keeps the orders it is asked for. */
  function Sorted({ start, defaultSorting }: { start: SortingState; defaultSorting?: SortingState }) {
    const [sorting, setSorting] = useState(start);
    return (
      <MantineProvider theme={theme} env="test">
        <DataTable
          columns={sortable}
          data={[{ id: 1, name: 'Tokarka' }]}
          total={1}
          page={1}
          pageSize={10}
          onPageChange={() => undefined}
          sorting={sorting}
          onSortingChange={setSorting}
          defaultSorting={defaultSorting}
        />
      </MantineProvider>
    );
  }
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
  const sortOf = () => ['Nr', 'Nazwa', 'Uwagi'].map((name) => header(name).getAttribute('aria-sort'));

  it('say each sortable column\'s order (aria-sort), "none" for the others that can sort', () => {
    render(<Sorted start={[{ id: 'name', desc: true }]} />);
    expect(sortOf()).toEqual(['none', 'descending', null]);
  });

  it('sort on a click anywhere in the header cell, not only on its words', () => {
    render(<Sorted start={[]} />);
    // The cell itself, beside its button (the button fills it in a browser, see data-table.css).
    fireEvent.click(header('Nazwa'));
    expect(sortOf()).toEqual(['none', 'ascending', null]);
    fireEvent.click(within(header('Nazwa')).getByRole('button'));
    expect(sortOf()).toEqual(['none', 'descending', null]);
    // A column that does not sort has no button and ignores clicks.
    expect(within(header('Uwagi')).queryByRole('button')).toBeNull();
    fireEvent.click(header('Uwagi'));
    expect(sortOf()).toEqual(['none', 'descending', null]);
  });

  it("sort from the keyboard: the header's button takes the focus, and Enter or Space sorts", async () => {
    render(<Sorted start={[]} />);
    const user = userEvent.setup();
    await user.tab();
    expect(within(header('Nr')).getByRole('button')).toHaveFocus();
    // A column of numbers sorts upwards first, as a column of words does, then the other way.
    await user.keyboard('{Enter}');
    expect(sortOf()).toEqual(['ascending', 'none', null]);
    await user.keyboard(' ');
    expect(sortOf()).toEqual(['descending', 'none', null]);
  });

  it("show the order the rows come in unasked (the server's own), and turn it round on a click", () => {
    render(<Sorted start={[]} defaultSorting={[{ id: 'id', desc: true }]} />);
    expect(sortOf()).toEqual(['descending', 'none', null]);
    expect(header('Nr').querySelector('.tabler-icon-arrow-down')).not.toBeNull();
    fireEvent.click(within(header('Nr')).getByRole('button'));
    expect(sortOf()).toEqual(['ascending', 'none', null]);
    // Another column asked for: the unasked order is no longer in effect.
    fireEvent.click(header('Nazwa'));
    expect(sortOf()).toEqual(['none', 'ascending', null]);
  });
});

describe('DataTable rows', () => {
  /** Renders of each row's cells, by row id. */
  const renders = new Map<number, number>();
  const counted: ColumnDef<Row, unknown> = {
    id: 'name',
    header: 'Nazwa',
    accessorFn: (r) => r.name,
    cell: ({ row }) => {
      renders.set(row.original.id, (renders.get(row.original.id) ?? 0) + 1);
      return row.original.name;
    },
  };

  interface HarnessProps {
    data: Row[];
    loading: boolean;
    sorting: SortingState;
    /** Seen by the row click through a new function each render, as the lists pass it. */
    prefix: string;
    onOpen: (text: string) => void;
    /** The rows' labels begin with it. */
    word?: string;
  }

  /** A list as the screens build it: columns rebuilt with the selection, inline callbacks. */
  function Harness({ data, loading, sorting, prefix, onOpen, word = 'Wiersz' }: HarnessProps) {
    const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
    const columns = useMemo<ColumnDef<Row, unknown>[]>(
      () => [
        {
          id: 'select',
          header: () => null,
          cell: ({ row }) => (
            <Checkbox
              aria-label={`Zaznacz ${row.original.name}`}
              checked={selected.has(row.original.id)}
              onClick={(e) => e.stopPropagation()}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setSelected((current) => {
                  const next = new Set(current);
                  if (on) next.add(row.original.id);
                  else next.delete(row.original.id);
                  return next;
                });
              }}
            />
          ),
        },
        counted,
      ],
      [selected],
    );
    return (
      <MantineProvider theme={theme} env="test">
        <DataTable
          columns={columns}
          data={data}
          total={data.length}
          page={1}
          pageSize={10}
          onPageChange={() => undefined}
          sorting={sorting}
          onSortingChange={() => undefined}
          loading={loading}
          onRowClick={(r) => onOpen(`${prefix} ${r.name}`)}
          rowLabel={(r) => `${word} ${r.id}`}
          getRowId={(r) => String(r.id)}
        />
      </MantineProvider>
    );
  }

  it('are drawn again only when their record or columns change, and still answer clicks and keys', () => {
    const onOpen = vi.fn();
    const rows: Row[] = [
      { id: 1, name: 'Tokarka' },
      { id: 2, name: 'Frezarka' },
      { id: 3, name: 'Prasa' },
    ];
    const props: HarnessProps = { data: rows, loading: false, sorting: [], prefix: 'A', onOpen };
    const view = render(<Harness {...props} />);
    renders.clear();

    // Another sort on its way: the old rows are dimmed, not drawn again.
    view.rerender(<Harness {...props} loading sorting={[{ id: 'name', desc: false }]} />);
    expect(screen.getByRole('row', { name: 'Wiersz 1' }).closest('tbody')!.className).toContain(
      'data-table-stale',
    );
    expect(screen.getByRole('columnheader', { name: /Nazwa/ })).toHaveAttribute('aria-sort', 'ascending');
    // A new page array with the same records (the rows TanStack builds are new, too).
    view.rerender(<Harness {...props} data={[...rows]} prefix="B" />);
    expect(Object.fromEntries(renders)).toEqual({});

    // One record changed (not its label): that row alone shows it.
    const changed = [rows[0], { id: 2, name: 'Frezarka CNC' }, rows[2]];
    view.rerender(<Harness {...props} data={changed} prefix="B" />);
    expect(Object.fromEntries(renders)).toEqual({ 2: 1 });
    const row = screen.getByRole('row', { name: 'Wiersz 2' });
    expect(within(row).getByRole('cell', { name: 'Frezarka CNC' })).toBeInTheDocument();

    // The selection, kept by the columns, still shows in its row.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Zaznacz Prasa' }));
    expect(screen.getByRole('checkbox', { name: 'Zaznacz Prasa' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Zaznacz Tokarka' })).not.toBeChecked();
    expect(onOpen).not.toHaveBeenCalled();

    // A click and Enter open the row with the screen's latest callback.
    fireEvent.click(row);
    expect(onOpen).toHaveBeenLastCalledWith('B Frezarka CNC');
    view.rerender(<Harness {...props} data={changed} prefix="C" />);
    fireEvent.keyDown(screen.getByRole('row', { name: 'Wiersz 1' }), { key: 'Enter' });
    expect(onOpen).toHaveBeenLastCalledWith('C Tokarka');

    // A label that changes with the screen's state, not the record, follows it.
    view.rerender(<Harness {...props} data={changed} prefix="C" word="Maszyna" />);
    expect(screen.getAllByRole('row', { name: /^Maszyna \d$/ })).toHaveLength(3);
  });
});

describe('DataTable pager', () => {
  function renderPaged(onPageChange: (page: number) => void) {
    const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Maszyna ${i + 1}` }));
    render(
      <MantineProvider theme={theme} env="test">
        <DataTable
          columns={columns}
          data={rows}
          total={95}
          page={1}
          pageSize={10}
          onPageChange={onPageChange}
          sorting={[]}
          onSortingChange={() => undefined}
        />
      </MantineProvider>,
    );
    return screen.getByRole('table').closest('.mantine-ScrollArea-root')!.parentElement as HTMLElement;
  }

  it("brings the table's top into view when another page is asked for below it, and stays put otherwise", async () => {
    const asked: number[] = [];
    const table = renderPaged((page) => asked.push(page));
    const scrolled = vi.fn();
    table.scrollIntoView = scrolled;
    // The list scrolled down to its pager: the table's top is above the window.
    table.getBoundingClientRect = () => ({ top: -700 }) as DOMRect;
    await userEvent.click(screen.getByRole('button', { name: 'Strona 2' }));
    expect(asked).toEqual([2]);
    expect(scrolled).toHaveBeenCalledWith({ block: 'start' });
    // A short list, its top in view: the page is not moved.
    scrolled.mockClear();
    table.getBoundingClientRect = () => ({ top: 120 }) as DOMRect;
    await userEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    expect(asked).toEqual([2, 2]);
    expect(scrolled).not.toHaveBeenCalled();
  });
});

describe('DataTable back from a record', () => {
  const rows: Row[] = [
    { id: 1, name: 'Tokarka' },
    { id: 2, name: 'Frezarka' },
    { id: 3, name: 'Prasa' },
  ];

  function List() {
    const navigate = useNavigate();
    return (
      <>
        <input aria-label="Szukaj" />
        <DataTable
          columns={columns}
          data={rows}
          total={rows.length}
          page={1}
          pageSize={10}
          onPageChange={() => undefined}
          sorting={[]}
          onSortingChange={() => undefined}
          onRowClick={(r) => navigate(`/card/${r.id}`)}
          rowLabel={(r) => r.name}
          getRowId={(r) => String(r.id)}
        />
      </>
    );
  }

  function Card() {
    const navigate = useNavigate();
    return (
      <button type="button" onClick={() => navigate('/list')}>
        Zapisz
      </button>
    );
  }

  it('gives the focus back to the row that was opened, each time it is opened and left', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={['/list']}>
          <Routes>
            <Route path="/list" element={<List />} />
            <Route path="/card/:id" element={<Card />} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>,
    );
    screen.getByRole('row', { name: 'Prasa' }).focus();
    await user.keyboard('{Enter}');
    screen.getByRole('button', { name: 'Zapisz' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('row', { name: 'Prasa' })).toHaveFocus();

    // Remembered once: opened and left again by a click, it is given the focus again; a list drawn
    // later without an open in between is not.
    await user.click(screen.getByRole('row', { name: 'Frezarka' }));
    await user.click(screen.getByRole('button', { name: 'Zapisz' }));
    expect(screen.getByRole('row', { name: 'Frezarka' })).toHaveFocus();
  });
});

describe('DataTable row with buttons of its own', () => {
  it("leaves Enter and Space on a row's button to the button, and opens the row by its own keys", async () => {
    const user = userEvent.setup();
    const opened = vi.fn();
    const deleted = vi.fn();
    const withButton: ColumnDef<Row, unknown>[] = [
      ...columns,
      {
        id: 'actions',
        header: '',
        cell: ({ row }) => (
          <button
            type="button"
            onClick={(event) => {
              // As the card's tabs do: the click does not open the row.
              event.stopPropagation();
              deleted(row.original.name);
            }}
          >
            {`Usuń część: ${row.original.name}`}
          </button>
        ),
      },
    ];
    render(
      table({
        columns: withButton,
        data: [{ id: 1, name: 'Pompa' }],
        onRowClick: (r) => opened(r.name),
        rowLabel: (r) => r.name,
        getRowId: (r) => String(r.id),
      }),
    );
    screen.getByRole('button', { name: 'Usuń część: Pompa' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(deleted).toHaveBeenCalledTimes(2);
    expect(opened).not.toHaveBeenCalled();
    screen.getByRole('row', { name: 'Pompa' }).focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledWith('Pompa');
  });
});

describe('DataTable drawn again with columns built anew', () => {
  it("keeps a cell's button on the page, and the focus on it", async () => {
    const user = userEvent.setup();
    function Screen() {
      const [count, setCount] = useState(0);
      // Built at each drawing, as a screen whose cells close over its state does.
      const built: ColumnDef<Row, unknown>[] = [
        { id: 'name', header: 'Nazwa', accessorFn: (r) => r.name },
        {
          id: 'actions',
          header: '',
          cell: ({ row }) => (
            <button type="button" onClick={() => setCount((c) => c + 1)}>
              {`Policz: ${row.original.name} (${count})`}
            </button>
          ),
        },
      ];
      return (
        <DataTable
          columns={built}
          data={[{ id: 1, name: 'Pompa' }]}
          total={1}
          page={1}
          pageSize={10}
          onPageChange={() => undefined}
          sorting={[]}
          onSortingChange={() => undefined}
          getRowId={(r) => String(r.id)}
        />
      );
    }
    render(
      <MantineProvider theme={theme} env="test">
        <Screen />
      </MantineProvider>,
    );
    const button = screen.getByRole('button', { name: 'Policz: Pompa (0)' });
    button.focus();
    await user.keyboard('{Enter}');
    // Drawn with the new count, by the same element, which keeps the focus.
    expect(button).toHaveAccessibleName('Policz: Pompa (1)');
    expect(button.isConnected).toBe(true);
    expect(button).toHaveFocus();
  });
});

describe('DataTable rows that open a screen', () => {
  it('open it in a new tab on Ctrl+click or the middle button, and here on a plain click', async () => {
    const opened = vi.fn();
    const newTab = vi.spyOn(window, 'open').mockImplementation(() => null);
    try {
      render(
        table({
          data: [{ id: 7, name: 'Tokarka' }],
          onRowClick: (r) => opened(r.name),
          rowHref: (r) => `/machineEdit?id=${r.id}`,
          rowLabel: (r) => r.name,
          getRowId: (r) => String(r.id),
        }),
      );
      const row = screen.getByRole('row', { name: 'Tokarka' });
      fireEvent.click(row, { ctrlKey: true });
      fireEvent(row, new MouseEvent('auxclick', { bubbles: true, cancelable: true, button: 1 }));
      expect(newTab.mock.calls).toEqual([
        ['/machineEdit?id=7', '_blank', 'noopener'],
        ['/machineEdit?id=7', '_blank', 'noopener'],
      ]);
      expect(opened).not.toHaveBeenCalled();
      fireEvent.click(row);
      expect(opened).toHaveBeenCalledWith('Tokarka');
      expect(newTab).toHaveBeenCalledTimes(2);
    } finally {
      newTab.mockRestore();
    }
  });
});
