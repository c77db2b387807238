import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PeriodicInspectionRow } from '@serwis/domain';
import { fakeApi } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { PeriodicInspectionListPage } from './periodic-inspection-list-page';

beforeEach(() => sessionStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const row = (
  id: number,
  days: number | null,
  overrides: Partial<PeriodicInspectionRow> = {},
): PeriodicInspectionRow => ({
  device: {
    id,
    name: `Laser ${id}`,
    type: 'INTERNAL',
    status: 'OK',
    statusWeight: 4,
    transferDate: '2024-03-05',
    warrantyLength: 24,
    warranty: 'pełna',
    streetAddress: 'ul. Polna 1',
    zipCode: '26-600',
    city: 'Radom',
    isPeriodicInspectionEnabled: true,
    category: { id: 3, name: 'Lasery' },
    customer: { id: 11, shortName: 'ACME' },
  },
  lastInspection: '2024-09-10',
  nextInspection: '2025-03-05',
  daysToNextInspection: days,
  daysToEndWarranty: 380,
  warrantyEnd: '2026-03-05',
  lastPeriod: 6,
  lastWarrantyInspectionDone: false,
  ...overrides,
});

describe('/machinePeriodicInspection', () => {
  it('loads current inspections by days ascending, and all of them once the box is unticked', async () => {
    const api = fakeApi({
      'GET /api/device/periodicInspections/onlyActual': { body: [row(7, -12), row(8, 30)] },
      'GET /api/device/periodicInspections/all': {
        body: [
          row(7, -12),
          row(8, 30),
          row(9, null, { device: { ...row(9, null).device, transferDate: null } }),
          row(10, -40, { lastPeriod: 24, lastWarrantyInspectionDone: true }),
        ],
      },
    });
    renderScreen(<PeriodicInspectionListPage />, { url: '/machinePeriodicInspection' });

    expect(await screen.findByRole('heading', { name: 'Przeglądy okresowe' })).toBeInTheDocument();
    const overdue = await screen.findByRole('row', { name: 'Laser 7 (id 7), ACME' });
    const days = within(overdue).getByText('-12');
    expect(days).toHaveAttribute('data-overdue', 'true');
    expect(days.style.color).toContain('red');
    expect(within(overdue).getByText('Ok')).toBeInTheDocument();
    expect(within(overdue).getByText('Lasery')).toBeInTheDocument();
    expect(within(overdue).getByText('ul. Polna 1, 26-600 Radom')).toBeInTheDocument();
    expect(
      within(screen.getByRole('row', { name: 'Laser 8 (id 8), ACME' })).getByText('30'),
    ).not.toHaveAttribute('data-overdue');

    const first = api.calls[0];
    expect(first.url.split('?')[0]).toBe('/api/device/periodicInspections/onlyActual');
    expect(Object.fromEntries(queryOf(first.url))).toEqual({
      page: '1',
      size: '15',
      sort: 'daysToNextInspection,asc',
    });

    const box = screen.getByRole('checkbox', {
      name: 'Ukryj nie przekazane maszyny oraz z wykonanym ostatnim przeglądem gwarancyjnym',
    });
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(await screen.findByRole('row', { name: 'Laser 9 (id 9), ACME' })).toBeInTheDocument();
    // Its warranty's inspections all done, a machine is not overdue: not red, and said why.
    const done = within(screen.getByRole('row', { name: 'Laser 10 (id 10), ACME' })).getByText('-40');
    expect(done).toHaveAttribute('data-overdue', 'false');
    expect(done.style.color).not.toContain('red');
    expect(done).toHaveTextContent('-40 (Wykonano ostatni przegląd gwarancyjny.)');
    expect(api.calls.at(-1)!.url.split('?')[0]).toBe('/api/device/periodicInspections/all');

    await userEvent.click(box);
    await waitFor(() =>
      expect(api.calls.at(-1)!.url.split('?')[0]).toBe('/api/device/periodicInspections/onlyActual'),
    );
  });

  it('opens the machine card with prev=machinePeriodicInspection on a row click', async () => {
    fakeApi({ 'GET /api/device/periodicInspections/onlyActual': { body: [row(7, 5)] } });
    renderScreen(<PeriodicInspectionListPage />, { url: '/machinePeriodicInspection' });
    await userEvent.click(await screen.findByRole('row', { name: 'Laser 7 (id 7), ACME' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/machineEdit?id=7&prev=machinePeriodicInspection',
    );
  });
});
