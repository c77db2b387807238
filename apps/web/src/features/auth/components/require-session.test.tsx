import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../../lib/api-client';
import { ANNA_ADMIN, NO_SESSION, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { RequireSession } from './require-session';
import { companyTimeZone, setCompanyTimeZone } from '../../../lib/company-time';

afterEach(() => {
  vi.unstubAllGlobals();
  setCompanyTimeZone('Europe/Warsaw');
});

/** A screen that loads one list, as every list screen does. */
function MachinesScreen() {
  const list = useQuery({ queryKey: ['machines'], queryFn: () => api.get<unknown[]>('/api/machines') });
  const save = useMutation({ mutationFn: () => api.post('/api/machines', {}) });
  return createElement(
    'div',
    null,
    createElement('h1', null, 'Maszyny'),
    createElement('p', null, list.isSuccess ? `wierszy: ${list.data.length}` : 'ładowanie'),
    createElement(Link, { to: '/customerList' }, 'Kontrahenci'),
    createElement('button', { type: 'button', onClick: () => save.mutate() }, 'Zapisz'),
  );
}

const guarded = (element: React.ReactNode) => createElement(RequireSession, null, element);
const loginScreen = createElement('h1', null, 'Logowanie');

describe('RequireSession', () => {
  it("shows the screen once the session and the company's time zone are known", async () => {
    let answerZone: (value: { body: unknown }) => void = () => {};
    const zone = new Promise<{ body: unknown }>((resolve) => (answerZone = resolve));
    fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'GET /api/machines': { body: [] },
      'GET /api/reference-data': () => undefined,
    });
    // The zone's answer waits until the test gives it.
    const slow = vi.fn(async () => {
      const reply = await zone;
      return new Response(JSON.stringify(reply.body), { headers: { 'Content-Type': 'application/json' } });
    });
    const fetchBefore = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/api/reference-data') ? slow() : fetchBefore(input, init),
    );
    renderScreen(guarded(createElement(MachinesScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      zoneToLoad: true,
    });
    await waitFor(() => expect(slow).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Maszyny' })).toBeNull();
    answerZone({ body: { companyTimeZone: 'Asia/Tokyo' } });
    await screen.findByRole('heading', { name: 'Maszyny' });
    expect(companyTimeZone()).toBe('Asia/Tokyo');
  });

  it('sends a visitor without a session to /login', async () => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderScreen(guarded(createElement(MachinesScreen)), {
      url: '/machineList',
      routes: { '/login': loginScreen },
    });
    await screen.findByRole('heading', { name: 'Logowanie' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('sends the user to /login when a call answers 401 while the screen is open', async () => {
    fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'GET /api/machines': { body: [] },
      'POST /api/machines': NO_SESSION,
    });
    renderScreen(guarded(createElement(MachinesScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      routes: { '/login': loginScreen },
    });
    await screen.findByText('wierszy: 0');
    // The session expired while the form was being filled in: the save is refused with 401.
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await screen.findByRole('heading', { name: 'Logowanie' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('checks the session again on every screen, and leaves for /login once it has ended', async () => {
    let sessionAlive = true;
    const api = fakeApi({
      'GET /api/user/check-auth': () => (sessionAlive ? { body: ANNA_ADMIN } : NO_SESSION),
      'GET /api/machines': { body: [{ id: 1 }] },
      'GET /api/customers': { body: [] },
    });
    renderScreen(guarded(createElement(MachinesScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      routes: { '/customerList': guarded(createElement('h1', null, 'Kontrahenci')), '/login': loginScreen },
    });
    await screen.findByText('wierszy: 1');
    await waitFor(() => expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(1));
    // The session ends elsewhere (logout in another tab); the next screen notices.
    sessionAlive = false;
    await userEvent.click(screen.getByRole('link', { name: 'Kontrahenci' }));
    await screen.findByRole('heading', { name: 'Logowanie' });
    expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(2);
  });

  it('on the protocol screen keeps the last employee seen here when the network is away', async () => {
    window.history.pushState({}, '', '/serviceProtocol?id=7');
    try {
      fakeApi({ 'GET /api/user/check-auth': { body: ANNA_ADMIN }, 'GET /api/machines': { body: [] } });
      const online = renderScreen(guarded(createElement(MachinesScreen)), { url: '/serviceProtocol?id=7' });
      await screen.findByRole('heading', { name: 'Maszyny' });
      online.unmount();

      fakeApi({ 'GET /api/user/check-auth': { network: true }, 'GET /api/machines': { body: [] } });
      renderScreen(guarded(createElement(MachinesScreen)), {
        url: '/serviceProtocol?id=7',
        routes: { '/login': loginScreen },
      });
      await screen.findByRole('heading', { name: 'Maszyny' });
      expect(screen.getByTestId('location').textContent).toBe('/serviceProtocol?id=7');
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('keeps an open screen when a later check fails without the network, on this screen and the next', async () => {
    const api = fakeApi({
      'GET /api/user/check-auth': { network: true },
      'GET /api/machines': { body: [{ id: 1 }] },
    });
    renderScreen(guarded(createElement(MachinesScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      routes: { '/customerList': guarded(createElement('h1', null, 'Kontrahenci')), '/login': loginScreen },
    });
    await screen.findByText('wierszy: 1');
    await waitFor(() => expect(api.callsTo('GET', '/api/user/check-auth').length).toBeGreaterThan(0));
    expect(screen.getByRole('heading', { name: 'Maszyny' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Kontrahenci' }));
    await screen.findByRole('heading', { name: 'Kontrahenci' });
    await waitFor(() => expect(api.callsTo('GET', '/api/user/check-auth').length).toBeGreaterThan(1));
    expect(screen.getByTestId('location').textContent).toBe('/customerList');
  });

  it('on a first load a session check without the network still leads to /login', async () => {
    window.history.pushState({}, '', '/machineList');
    try {
      fakeApi({ 'GET /api/user/check-auth': { body: ANNA_ADMIN }, 'GET /api/machines': { body: [] } });
      const online = renderScreen(guarded(createElement(MachinesScreen)), { url: '/machineList' });
      await screen.findByRole('heading', { name: 'Maszyny' });
      online.unmount();
      fakeApi({ 'GET /api/user/check-auth': { network: true } });
      renderScreen(guarded(createElement(MachinesScreen)), {
        url: '/machineList',
        routes: { '/login': loginScreen },
      });
      await screen.findByRole('heading', { name: 'Logowanie' });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('forgets the employee kept for offline screens when the session ends', async () => {
    window.history.pushState({}, '', '/serviceProtocol?id=7');
    try {
      fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
      renderScreen(guarded(createElement(MachinesScreen)), {
        url: '/serviceProtocol?id=7',
        routes: { '/login': loginScreen },
      });
      await screen.findByRole('heading', { name: 'Logowanie' });
      expect(localStorage.getItem('serwis:last-user')).toBeNull();
    } finally {
      window.history.pushState({}, '', '/');
    }
  });
});
