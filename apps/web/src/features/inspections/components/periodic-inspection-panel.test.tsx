import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MSG, type PeriodicInspectionEvent, type PeriodicInspectionSummary } from '@serwis/domain';
import { fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { PeriodicInspectionPanel } from './periodic-inspection-panel';

afterEach(() => vi.unstubAllGlobals());

const event = (overrides: Partial<PeriodicInspectionEvent>): PeriodicInspectionEvent => ({
  id: 1,
  date: '2024-09-10',
  number: 3,
  numberExtension: '',
  month: 9,
  year: 2024,
  fullNumber: '3/09/2024',
  period: 6,
  state: 'PODPISANY',
  paymentType: 'GWARANCYJNA',
  type: ['PRZEGLAD_OKRESOWY'],
  faultDescription: '',
  customer: { id: 11, shortName: 'ACME' },
  userCreated: { id: 2, fullName: 'Jan Kowalski' },
  counted: true,
  ...overrides,
});

const summary = (overrides: Partial<PeriodicInspectionSummary> = {}): PeriodicInspectionSummary => ({
  device: {
    id: 7,
    name: 'Laser CO2 3000',
    type: 'INTERNAL',
    status: 'OK',
    statusWeight: 4,
    transferDate: '2024-03-05',
    warrantyLength: 24,
    warranty: 'pełna',
    streetAddress: '',
    zipCode: '',
    city: '',
    isPeriodicInspectionEnabled: true,
    category: { id: 3, name: 'Lasery' },
    customer: { id: 11, shortName: 'ACME' },
  },
  periodicInspections: [],
  lastInspection: null,
  nextInspection: '2025-03-05',
  daysToNextInspection: 40,
  daysToEndWarranty: 400,
  warrantyEnd: '2026-03-05',
  lastPeriod: -1,
  lastWarrantyInspectionDone: false,
  ...overrides,
});

function show(data: PeriodicInspectionSummary) {
  const api = fakeApi({ 'GET /api/device/periodicInspection/7': { body: data } });
  renderScreen(<PeriodicInspectionPanel deviceId={7} />);
  return api;
}

describe('PeriodicInspectionPanel: what the summary says (spec §4)', () => {
  it('shows the next inspection with the days left, and the warranty days', async () => {
    show(summary());
    const notice = await screen.findByTestId('inspection-notice');
    expect(notice).toHaveTextContent('Następny przegląd okresowy: 2025-03-05, pozostało dni: 40');
    expect(notice).toHaveAttribute('data-tone', 'info');
    expect(screen.getByTestId('warranty-notice')).toHaveTextContent('Do końca gwarancji pozostało dni: 400');
  });

  it('shows an overdue inspection in red, as days past the deadline', async () => {
    show(summary({ nextInspection: '2025-01-10', daysToNextInspection: -5, lastPeriod: 6 }));
    const notice = await screen.findByTestId('inspection-notice');
    expect(notice).toHaveTextContent('Przegląd okresowy po terminie! Termin: 2025-01-10, dni po terminie: 5');
    expect(notice).toHaveAttribute('data-tone', 'danger');
    expect(notice.style.color).toContain('red');
  });

  it('says in green that the final warranty inspection is done', async () => {
    show(summary({ lastPeriod: 24, lastWarrantyInspectionDone: true, daysToNextInspection: -100 }));
    const notice = await screen.findByTestId('inspection-notice');
    expect(notice).toHaveTextContent(MSG.inspectionWarrantyDone);
    expect(notice).toHaveAttribute('data-tone', 'success');
    expect(notice.style.color).toContain('green');
    // The next (periodic) inspection still says how far past its day it is.
    expect(screen.getByText('2025-03-05 (100 dni po terminie)')).toBeInTheDocument();
  });

  it('says a machine without a next inspection is not handed over yet', async () => {
    show(
      summary({
        device: { ...summary().device, transferDate: null },
        nextInspection: null,
        daysToNextInspection: null,
        daysToEndWarranty: null,
        warrantyEnd: null,
      }),
    );
    expect(await screen.findByTestId('inspection-notice')).toHaveTextContent(MSG.inspectionNotHandedOver);
    expect(screen.queryByTestId('warranty-notice')).toBeNull();
  });

  it('says "no warranty" for a zero warranty length, once', async () => {
    show(summary({ device: { ...summary().device, warrantyLength: 0 }, daysToEndWarranty: -300 }));
    expect(await screen.findByTestId('inspection-notice')).toHaveTextContent(MSG.inspectionNoWarranty);
    expect(screen.getAllByText(MSG.inspectionNoWarranty)).toHaveLength(1);
  });

  it('says "no warranty" when the warranty days have run out', async () => {
    show(summary({ daysToEndWarranty: 0 }));
    expect(await screen.findByTestId('warranty-notice')).toHaveTextContent(MSG.inspectionNoWarranty);
    expect(screen.getByTestId('inspection-notice')).toHaveTextContent('pozostało dni: 40');
  });
});

describe('PeriodicInspectionPanel: switch and table', () => {
  it("shows each event's state as the service lists do, the state badge; a rejected one says why it is not counted", async () => {
    show(
      summary({
        periodicInspections: [
          event({ id: 1, fullNumber: '3/09/2024', state: 'PODPISANY' }),
          event({ id: 2, fullNumber: '4/09/2024', number: 4, state: 'ODRZUCONY', counted: false }),
        ],
      }),
    );
    const table = await screen.findByRole('table', { name: 'Przeglądy okresowe maszyny' });
    const badgeIn = (number: string) =>
      within(within(table).getByRole('row', { name: new RegExp(number) }))
        .getByText(/^(Podpisany|Odrzucony)$/)
        .closest('.mantine-Badge-root');
    expect(await waitFor(() => badgeIn('3/09/2024'))).toHaveAttribute('data-service-state', 'PODPISANY');
    expect(badgeIn('3/09/2024')).not.toHaveAttribute('title');
    expect(badgeIn('4/09/2024')).toHaveAttribute('data-service-state', 'ODRZUCONY');
    expect(badgeIn('4/09/2024')).toHaveAttribute('title', 'Odrzucony przegląd nie jest liczony');
  });

  it('turns inspections off through the switch and lists events by full number, newest first', async () => {
    let enabled = true;
    const data = summary({
      periodicInspections: [
        event({ id: 1, fullNumber: '3/09/2024', number: 3, month: 9, year: 2024, period: 6 }),
        event({ id: 2, fullNumber: '1/03/2025', number: 1, month: 3, year: 2025, period: 12 }),
        event({ id: 3, fullNumber: '12/09/2024', number: 12, month: 9, year: 2024, period: -1 }),
        event({ id: 4, fullNumber: '12A/09/2024', number: 12, numberExtension: 'A', month: 9, year: 2024 }),
      ],
    });
    const api = fakeApi({
      'GET /api/device/periodicInspection/7': () => ({
        body: { ...data, device: { ...data.device, isPeriodicInspectionEnabled: enabled } },
      }),
      'PATCH /api/device/isPeriodicInspectionEnabled': (call) => {
        enabled = (call.body as { isPeriodicInspectionEnabled: boolean }).isPeriodicInspectionEnabled;
        return { body: { id: 7, isPeriodicInspectionEnabled: enabled, message: MSG.inspectionsDisabled } };
      },
    });
    renderScreen(<PeriodicInspectionPanel deviceId={7} />);

    const table = await screen.findByRole('table', { name: 'Przeglądy okresowe maszyny' });
    await within(table).findByText('1/03/2025');
    const numbers = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0].textContent);
    expect(numbers).toEqual(['1/03/2025', '12A/09/2024', '12/09/2024', '3/09/2024']);
    // a period of -1 (not given) shows as 0
    expect(within(within(table).getAllByRole('row')[3]).getAllByRole('cell')[2]).toHaveTextContent(/^0$/);

    const toggle = screen.getByRole('switch', { name: 'Przeglądy okresowe' });
    expect(toggle).toBeChecked();
    await userEvent.click(toggle);
    await waitFor(() =>
      expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
        { id: 7, isPeriodicInspectionEnabled: false },
      ]),
    );
    expect(await screen.findByText(MSG.inspectionsDisabled)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Przeglądy okresowe' })).not.toBeChecked());
    expect(screen.getByTestId('inspection-notice')).toHaveTextContent(MSG.inspectionSwitchedOff);
  });
});
