import { afterEach, describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ColumnDef } from '@tanstack/react-table';
import { theme } from '../../app/theme';
import { api } from '../../lib/api-client';
import { DataTable } from './data-table';
import { totalLabel } from './total-label';

interface Row {
  id: number;
  name: string;
}
const columns: ColumnDef<Row, unknown>[] = [{ id: 'name', header: 'Nazwa', accessorFn: (r) => r.name }];

function renderTable(total: number, totalEstimated?: boolean, totalLowerBound?: boolean) {
  render(
    <MantineProvider theme={theme} env="test">
      <DataTable
        columns={columns}
        data={[{ id: 1, name: 'Tokarka' }]}
        total={total}
        totalEstimated={totalEstimated}
        totalLowerBound={totalLowerBound}
        page={1}
        pageSize={10}
        onPageChange={() => undefined}
        sorting={[]}
        onSortingChange={() => undefined}
      />
    </MantineProvider>,
  );
}

describe('totalLabel', () => {
  it('shows an exact total as it is and an estimate as one', () => {
    expect(totalLabel(1234)).toBe('1234');
    expect(totalLabel(11_554)).toBe('11\u00a0554');
    // Grouped with no-break spaces, as exact totals: the pager never breaks a number in two.
    // An estimate is one, whatever its figure (a planner's 2,101 for 2,099 matches).
    expect(totalLabel(2_101, { estimated: true })).toBe('ok. 2100');
    expect(totalLabel(10_001, { estimated: true, lowerBound: true })).toBe('ponad 10\u00a0000');
    expect(totalLabel(1_003_874, { estimated: true })).toBe('ok. 1\u00a0000\u00a0000');
    expect(totalLabel(48_712, { estimated: true })).toBe('ok. 49\u00a0000');
  });

  it('shows a lower bound as "ponad" what is sure, rounded down', () => {
    expect(totalLabel(1_001, { estimated: true, lowerBound: true })).toBe('ponad 1000');
    expect(totalLabel(5_211, { estimated: true, lowerBound: true })).toBe('ponad 5200');
    expect(totalLabel(14_991, { estimated: true, lowerBound: true })).toBe('ponad 14\u00a0000');
    expect(totalLabel(1_000_001, { estimated: true, lowerBound: true })).toBe('ponad 1\u00a0000\u00a0000');
    // Not an estimate: the exact total, whatever else is said.
    expect(totalLabel(5_211, { estimated: false, lowerBound: true })).toBe('5211');
  });
});

describe('DataTable total', () => {
  it('shows an exact total with its number', () => {
    renderTable(9876);
    expect(screen.getByText('Rekordów: 9876')).toBeInTheDocument();
  });

  it('shows an estimated total as an estimate', () => {
    renderTable(1_003_874, true);
    expect(screen.getByText('Rekordów: ok. 1 000 000')).toBeInTheDocument();
    expect(screen.queryByText(/1003874/)).not.toBeInTheDocument();
  });

  it('shows a searched list’s lower bound as "ponad", not as an estimate', () => {
    renderTable(5_211, true, true);
    expect(screen.getByText('Rekordów: ponad 5200')).toBeInTheDocument();
  });
});

describe('api.page', () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (headers: Record<string, string>) =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify([{ id: 1 }]), { status: 200, headers })),
    );

  it('reads X-Total-Count-Estimated', async () => {
    answer({ 'X-Total-Count': '10001', 'X-Total-Count-Estimated': 'true' });
    expect(await api.page('GET', '/api/customer/findAll')).toEqual({
      items: [{ id: 1 }],
      total: 10001,
      estimated: true,
    });
  });

  it('reads X-Total-Count-Lower-Bound beside the estimate', async () => {
    answer({
      'X-Total-Count': '1001',
      'X-Total-Count-Estimated': 'true',
      'X-Total-Count-Lower-Bound': 'true',
    });
    expect(await api.page('GET', '/api/device/getByFilter?q=sz')).toEqual({
      items: [{ id: 1 }],
      total: 1001,
      estimated: true,
      lowerBound: true,
    });
  });

  it('leaves an exact total unflagged', async () => {
    answer({ 'X-Total-Count': '42' });
    expect(await api.page('GET', '/api/customer/findAll')).toEqual({ items: [{ id: 1 }], total: 42 });
  });
});
