import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StatisticsCharts } from '@serwis/domain';
import { fakeApi } from '../../../../test/fake-api';
import { queryOf, renderScreen } from '../../../../test/render-screen';
import { dayjs } from '../../../lib/dayjs';
import { StatisticsPage } from '../routes/statistics-page';

afterEach(() => vi.unstubAllGlobals());

const charts: StatisticsCharts = {
  months: [
    { month: '2025-01', issued: 4, signed: 3 },
    { month: '2025-02', issued: 2, signed: 1 },
  ],
  serviceTypes: [
    { type: 'NAPRAWA', count: 3 },
    { type: 'PRZEGLAD_OKRESOWY', count: 1 },
  ],
  paymentTypes: [
    { type: 'PLATNA', count: 5 },
    { type: 'GWARANCYJNA', count: 1 },
  ],
};

describe('/statistics charts', () => {
  it('draws the month bars and the two shares, with the same figures as a table', async () => {
    fakeApi({
      'GET /api/statistics/servicesUsers': { body: [] },
      'GET /api/statistics/servicesCharts': { body: charts },
    });
    renderScreen(<StatisticsPage />, { url: '/statistics' });
    expect(await screen.findByRole('region', { name: 'Protokoły w miesiącach' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rodzaje usług' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Rodzaje płatności' })).toBeInTheDocument();

    await userEvent.click(screen.getByText('Tabela'));
    const months = await screen.findByRole('table', { name: 'Protokoły w miesiącach' });
    expect(
      within(months)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['MiesiącWystawionePodpisane', '2025-0143', '2025-0221']);
    const types = screen.getByRole('table', { name: 'Rodzaj usługi' });
    expect(within(types).getByText('Przegląd okresowy').closest('tr')).toHaveTextContent(
      'Przegląd okresowy125%',
    );
    const payments = screen.getByRole('table', { name: 'Rodzaj płatności' });
    expect(within(payments).getByText('Płatna').closest('tr')).toHaveTextContent('Płatna583%');
  });

  it('names each chart as one picture of what it shows, and says where its figures are read', async () => {
    fakeApi({
      'GET /api/statistics/servicesUsers': { body: [] },
      'GET /api/statistics/servicesCharts': { body: charts },
    });
    renderScreen(<StatisticsPage />, { url: '/statistics' });
    const bars = await screen.findByRole('region', { name: 'Protokoły w miesiącach' });
    expect(within(bars).getByRole('img')).toHaveAccessibleName(
      'Wykres słupkowy: protokoły wystawione i podpisane w miesiącach. Te same dane: Widok „Tabela”.',
    );
    expect(
      within(screen.getByRole('region', { name: 'Rodzaje usług' })).getByRole('img'),
    ).toHaveAccessibleName('Wykres kołowy: rodzaje usług. Te same dane: legenda obok i Widok „Tabela”.');
    const payments = screen.getByRole('region', { name: 'Rodzaje płatności' });
    expect(within(payments).getByRole('img')).toHaveAccessibleName(
      'Wykres kołowy: rodzaje płatności. Te same dane: legenda obok i Widok „Tabela”.',
    );
    // The legend beside a donut, with its numbers, is read as it is, not inside the picture.
    expect(within(payments).getByRole('img')).not.toHaveTextContent('Płatna');
    expect(within(payments).getByText('Płatna: 5 (83%)')).toBeInTheDocument();
    // The option the names point to is there by those words.
    expect(screen.getByRole('radio', { name: 'Tabela' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Widok' })).toBeInTheDocument();
  });

  it('counts the bars by year over a range of more than two years, and the table keeps the months', async () => {
    // 30 months, from 2023-07 to 2025-12: 1 issued and 1 signed each, 2 more issued in 2024-02.
    const months = Array.from({ length: 30 }, (_, i) => {
      const month = dayjs('2023-07-01').add(i, 'month').format('YYYY-MM');
      return { month, issued: month === '2024-02' ? 3 : 1, signed: 1 };
    });
    fakeApi({
      'GET /api/statistics/servicesUsers': { body: [] },
      'GET /api/statistics/servicesCharts': { body: { ...charts, months } },
    });
    renderScreen(<StatisticsPage />, { url: '/statistics' });
    const bars = await screen.findByRole('region', { name: 'Protokoły w latach' });
    expect(within(bars).getByRole('heading')).toHaveTextContent('Protokoły wystawione i podpisane w latach');
    expect(within(bars).getByRole('img')).toHaveAccessibleName(
      'Wykres słupkowy: protokoły wystawione i podpisane w latach. Te same dane, po miesiącach: Widok „Tabela”.',
    );
    expect(screen.queryByRole('region', { name: 'Protokoły w miesiącach' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByText('Tabela'));
    const table = await screen.findByRole('table', { name: 'Protokoły w miesiącach' });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    expect(within(table).getByText('2024-02').closest('tr')).toHaveTextContent('2024-0231');
  });

  it('asks for the figures of the chosen range', async () => {
    const api = fakeApi({
      'GET /api/statistics/servicesUsers': { body: [] },
      'GET /api/statistics/servicesCharts': { body: { months: [], serviceTypes: [], paymentTypes: [] } },
    });
    renderScreen(<StatisticsPage />, { url: '/statistics' });
    await userEvent.click(screen.getByRole('button', { name: 'Data od' }));
    await userEvent.click(screen.getByRole('button', { name: dayjs().date(1).format('D MMMM YYYY') }));
    await waitFor(() =>
      expect(
        Object.fromEntries(queryOf(api.callsTo('GET', '/api/statistics/servicesCharts').at(-1)!.url)),
      ).toEqual({
        dateFrom: `${dayjs().format('YYYY-MM')}-01T00:00`,
        dateTo: '',
      }),
    );
  });
});
