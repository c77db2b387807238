import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notifications } from '@mantine/notifications';
import { MSG, type StatisticsRow, LIST_MSG } from '@serwis/domain';
import { fakeApi } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { dayjs } from '../../../lib/dayjs';
import { StatisticsPage } from './statistics-page';

afterEach(() => vi.unstubAllGlobals());

const rows: StatisticsRow[] = [
  {
    userId: 2,
    lastName: 'Kowalski',
    firstName: 'Jan',
    countUserServices: 7,
    countUserSignedServices: 5,
    active: true,
  },
  {
    userId: 1,
    lastName: 'Nowak',
    firstName: 'Anna',
    countUserServices: 3,
    countUserSignedServices: 1,
    active: true,
  },
  {
    userId: 3,
    lastName: 'Zieliński',
    firstName: 'Piotr',
    countUserServices: 0,
    countUserSignedServices: 0,
    active: false,
  },
];

describe('/statistics', () => {
  beforeEach(() => notifications.clean());
  it('sums issued and signed protocols, lists employees, and sends a picked day as YYYY-MM-DDT00:00', async () => {
    const api = fakeApi({ 'GET /api/statistics/servicesUsers': { body: rows } });
    renderScreen(<StatisticsPage />, { url: '/statistics' });

    expect(screen.getByRole('tab', { name: 'Zdarzenia serwisowe' })).toHaveAttribute('aria-selected', 'true');
    await screen.findByRole('row', { name: 'Kowalski Jan' });
    expect(screen.getByLabelText('Wystawione protokoły serwisowe')).toHaveTextContent('10');
    expect(screen.getByLabelText('Podpisane protokoły serwisowe')).toHaveTextContent('6');
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Id pracownika',
      'Nazwisko',
      'Imię',
      'Ilość wystawionych protokołów serwisowych',
      'Ilość podpisanych protokołów serwisowych',
    ]);
    const kowalski = screen.getByRole('row', { name: 'Kowalski Jan' });
    expect(
      within(kowalski)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', 'Kowalski', 'Jan', '7', '5']);
    // An employee whose account is switched off is marked.
    expect(
      within(screen.getByRole('row', { name: /Zieliński/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['3', 'Zielińskinieaktywny', 'Piotr', '0', '0']);
    expect(Object.fromEntries(queryOf(api.calls[0].url))).toEqual({ dateFrom: '', dateTo: '' });

    await userEvent.click(screen.getByRole('button', { name: 'Data od' }));
    await userEvent.click(screen.getByRole('button', { name: dayjs().date(1).format('D MMMM YYYY') }));
    await waitFor(() =>
      expect(Object.fromEntries(queryOf(api.calls.at(-1)!.url))).toEqual({
        dateFrom: `${dayjs().format('YYYY-MM')}-01T00:00`,
        dateTo: '',
      }),
    );
    // The address holds the range shown, so that a reload or a copied link shows the same figures.
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/statistics?dateFrom=${dayjs().format('YYYY-MM')}-01`,
    );
  });

  it("opens with the range a link gives (the home screen's month)", async () => {
    const api = fakeApi({ 'GET /api/statistics/servicesUsers': { body: rows } });
    renderScreen(<StatisticsPage />, { url: '/statistics?dateFrom=2025-03-01&dateTo=2025-03-31' });
    await screen.findByRole('row', { name: 'Kowalski Jan' });
    expect(Object.fromEntries(queryOf(api.calls[0]!.url))).toEqual({
      dateFrom: '2025-03-01T00:00',
      dateTo: '2025-03-31T00:00',
    });
    expect(screen.getByRole('button', { name: 'Data od' })).toHaveTextContent('2025-03-01');
    expect(screen.getByRole('button', { name: 'Data do' })).toHaveTextContent('2025-03-31');

    // Cleared, the range leaves the address too (a reload brought the month back).
    const clearButtons = document.querySelectorAll<HTMLButtonElement>('.mantine-InputClearButton-root');
    expect(clearButtons).toHaveLength(2);
    await userEvent.click(clearButtons[0]);
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/statistics\?dateTo=2025-03-31$/),
    );
    await waitFor(() =>
      expect(Object.fromEntries(queryOf(api.calls.at(-1)!.url))).toEqual({
        dateFrom: '',
        dateTo: '2025-03-31T00:00',
      }),
    );
  });

  it('takes no range from a date that is not one', async () => {
    const api = fakeApi({ 'GET /api/statistics/servicesUsers': { body: rows } });
    renderScreen(<StatisticsPage />, { url: '/statistics?dateFrom=2025-02-30&dateTo=jutro' });
    await screen.findByRole('row', { name: 'Kowalski Jan' });
    expect(Object.fromEntries(queryOf(api.calls[0]!.url))).toEqual({ dateFrom: '', dateTo: '' });
    // Said, and left out of the address, which names only what the figures cover.
    expect(await screen.findByText(MSG.statisticsDaysIgnored('2025-02-30, jutro'))).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/statistics$/));
  });

  it('reads a range given backwards in the address the right way round', async () => {
    const api = fakeApi({ 'GET /api/statistics/servicesUsers': { body: rows } });
    renderScreen(<StatisticsPage />, { url: '/statistics?dateFrom=2025-03-31&dateTo=2025-03-01' });
    await screen.findByRole('row', { name: 'Kowalski Jan' });
    // The address is put the right way round too: a day picked next changes the end it names.
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        /^\/statistics\?dateFrom=2025-03-01&dateTo=2025-03-31$/,
      ),
    );
    expect(Object.fromEntries(queryOf(api.calls[0]!.url))).toEqual({
      dateFrom: '2025-03-01T00:00',
      dateTo: '2025-03-31T00:00',
    });
    expect(screen.getByRole('button', { name: 'Data od' })).toHaveTextContent('2025-03-01');
    expect(screen.getByRole('button', { name: 'Data do' })).toHaveTextContent('2025-03-31');
  });

  it('says "Błąd przy pobieraniu danych" and a table that failed to load (not an empty one) when loading fails', async () => {
    fakeApi({ 'GET /api/statistics/servicesUsers': { status: 500, body: { message: 'x' } } });
    renderScreen(<StatisticsPage />, { url: '/statistics' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.statisticsLoadFailed);
    expect(screen.getByText(LIST_MSG.listLoadFailed)).toBeInTheDocument();
    expect(screen.queryByText(MSG.noData)).toBeNull();
    expect(screen.getByLabelText('Wystawione protokoły serwisowe')).toHaveTextContent('0');
  });
});
