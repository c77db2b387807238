import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { MSG } from '@serwis/domain';
import { theme } from '../../app/theme';
import { DataTable } from './data-table';

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

describe('DataTable while a page loads', () => {
  it('says it loads over the rows before, dimmed, so that they are not taken for the new ones', () => {
    renderTable([{ id: 1, name: 'Tokarka' }], true);
    expect(screen.getByRole('progressbar', { name: MSG.loading })).toBeInTheDocument();
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
