import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Dashboard as DashboardData } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { HomePage } from '../routes/home-page';

afterEach(() => vi.unstubAllGlobals());

const machine = (id: number, name: string, nextInspection: string, daysLeft: number) => ({
  id,
  name,
  serialNumber: `SN-${id}`,
  customerShortName: 'Metalex',
  nextInspection,
  daysLeft,
});

const board: DashboardData = {
  today: '2025-03-10',
  overdue: {
    count: 2,
    nearest: [machine(4, 'Prasa', '2025-03-07', -3), machine(5, 'Giętarka', '2025-03-09', -1)],
  },
  upcoming: {
    count: 2,
    nearest: [
      machine(3, 'Wiertarka', '2025-03-11', 1),
      machine(1, 'Tokarka', '2025-03-15', 5),
      machine(2, 'Frezarka', '2025-03-30', 20),
    ],
  },
  waitingProtocols: {
    count: 2,
    oldest: [
      {
        id: 9,
        number: '7/02/2025',
        state: 'DODAJ_SKAN',
        customerShortName: 'Metalex',
        date: '2025-02-20',
        ageDays: 18,
      },
      {
        id: 10,
        number: '8/03/2025',
        state: 'UTWORZONY',
        customerShortName: 'Metalex',
        date: '2025-03-09',
        ageDays: 1,
      },
    ],
  },
  openTodos: 2,
  incidentsLast7Days: 12345,
  month: { issued: 12, signed: 9 },
};

const card = (label: string) => screen.getByRole('generic', { name: label });

describe('home dashboard', () => {
  it('shows the figures with the nearest machines linking to their cards', async () => {
    const api = fakeApi({ 'GET /api/dashboard': { body: board } });
    renderScreen(<HomePage />, { url: '/home', session: ANNA_ADMIN });
    expect(await screen.findByText('Pulpit')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/dashboard')).toHaveLength(1);
    const overdue = card('Zaległe przeglądy');
    expect(within(overdue).getByTestId('figure')).toHaveTextContent('2');
    expect(within(overdue).getByText('2025-03-07 · 3 dni po terminie')).toBeInTheDocument();
    expect(within(overdue).getByText('2025-03-09 · 1 dzień po terminie')).toBeInTheDocument();
    const upcoming = card('Przeglądy w ciągu 30 dni');
    const links = within(upcoming)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/machinePeriodicInspection',
      '/machineEdit?id=3&prev=home',
      '/machineEdit?id=1&prev=home',
      '/machineEdit?id=2&prev=home',
    ]);
    expect(within(upcoming).getByText('2025-03-11 · jutro')).toBeInTheDocument();
    expect(within(upcoming).getByText('2025-03-15 · za 5 dni')).toBeInTheDocument();
    const waiting = card('Protokoły czekające na podpis lub skan');
    // Its figure is no link to a list that shows other events too.
    expect(within(waiting).queryByRole('link', { name: /^Protokoły czekające/ })).toBeNull();
    // Each protocol's state as every screen shows it: the one state badge, the reference word.
    const states = within(waiting)
      .getAllByText(/^(Dodaj skan|Utworzony)$/)
      .map((label) => label.closest('.mantine-Badge-root')?.getAttribute('data-service-state'));
    expect(states).toEqual(['DODAJ_SKAN', 'UTWORZONY']);
    expect(within(waiting).queryByText(/czeka na/)).toBeNull();
    // A state's badge inside a line of text: no block inside a paragraph (invalid HTML, React warns).
    expect(document.querySelectorAll('p div')).toHaveLength(0);
    // Each line opens its protocol, and its back arrow returns here.
    expect(within(waiting).getByRole('link', { name: '7/02/2025 – Metalex' })).toHaveAttribute(
      'href',
      '/serviceProtocol?id=9&prev=%2Fhome',
    );
    expect(within(waiting).getByText('18 dni')).toBeInTheDocument();
    expect(within(waiting).getByText('1 dzień')).toBeInTheDocument();
    expect(within(card('Otwarte zadania')).getByTestId('figure')).toHaveTextContent('2');
    // A figure's link is named by what it counts, not by its number alone.
    expect(within(overdue).getByRole('link', { name: 'Zaległe przeglądy: 2' })).toHaveAttribute(
      'href',
      '/machinePeriodicInspection',
    );
    expect(screen.getByRole('link', { name: 'Otwarte zadania: 2' })).toHaveAttribute('href', '/machineTodo');
    // Grouped as Polish writes a number of five digits or more.
    expect(within(card('Incydenty z 7 dni')).getByTestId('figure').textContent).toBe('12\u00a0345');
    expect(within(card('Protokoły podpisane w tym miesiącu')).getByTestId('figure')).toHaveTextContent('9');
    // The month's figures open the statistics of that month (the server's today: 2025-03-10).
    for (const label of ['Protokoły wystawione w tym miesiącu', 'Protokoły podpisane w tym miesiącu']) {
      expect(within(card(label)).getByRole('link').getAttribute('href')).toBe(
        '/statistics?dateFrom=2025-03-01&dateTo=2025-03-31',
      );
    }
  });

  it("hides the month's protocols from an employee (the server sends none)", async () => {
    fakeApi({ 'GET /api/dashboard': { body: { ...board, month: null } } });
    renderScreen(<HomePage />, { url: '/home', session: JAN_USER });
    expect(await screen.findByText('Pulpit')).toBeInTheDocument();
    expect(screen.queryByText('Protokoły wystawione w tym miesiącu')).not.toBeInTheDocument();
  });
});
