import { afterEach, describe, expect, it, vi } from 'vitest';
import { createElement, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../components/error-banner';
import { MSG } from '@serwis/domain';
import { ANNA_ADMIN, JAN_USER, NO_SESSION, fakeApi } from '../../../../test/fake-api';
import * as loadAfreshModule from '../../../lib/load-afresh';
import { SessionEndedModal } from './session-ended-modal';
import { renderScreen } from '../../../../test/render-screen';
import { RequireSession } from './require-session';
import { companyTimeZone, setCompanyTimeZone } from '../../../lib/company-time';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';

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
    createElement('input', { 'aria-label': 'Nazwa maszyny' }),
    createElement('button', { type: 'button', onClick: () => save.mutate() }, 'Zapisz'),
    createElement(ErrorBanner, { message: save.isError ? errorMessage(save.error) : null }),
  );
}

const guarded = (element: React.ReactNode) => createElement(RequireSession, null, element);
/** As the app's signed-in area: the guard, and the dialog of a session that ended on screen. */
const signedIn = (element: React.ReactNode) =>
  createElement(RequireSession, null, element, createElement(SessionEndedModal));
const loginScreen = createElement('h1', null, 'Logowanie');
/** The layer Mantine draws a dialog at (its root's `--mb-z-index`). */
const levelOf = (dialog: Element) =>
  Number(dialog.closest<HTMLElement>('[id]')?.style.getPropertyValue('--mb-z-index'));

/** The machines screen under Anna's session, with the login screen to leave for. */
const renderMachinesAsAnna = () =>
  renderScreen(signedIn(createElement(MachinesScreen)), {
    url: '/machineList',
    session: ANNA_ADMIN,
    routes: { '/login': loginScreen },
  });

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
    // The zone is asked from the first commit on: by then an ungated screen would be showing.
    await waitFor(() => expect(slow).toHaveBeenCalled());
    expect(screen.getByLabelText(MSG.loading)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Maszyny' })).toBeNull();
    answerZone({ body: { companyTimeZone: 'Asia/Tokyo' } });
    await screen.findByRole('heading', { name: 'Maszyny' });
    expect(companyTimeZone()).toBe('Asia/Tokyo');
  });

  it('keeps the screen drawn without the settings while they are asked again once the network is back', async () => {
    let reachable = false;
    const api = fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'GET /api/reference-data': () =>
        reachable ? { body: { companyTimeZone: 'Europe/Warsaw' } } : { network: true },
    });
    // The settings take a moment to come, as over a real network.
    const answer = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/reference-data')) await new Promise((r) => setTimeout(r, 50));
      return answer(input, init);
    });
    renderScreen(guarded(createElement('input', { 'aria-label': 'Opis wykonanych prac' })), {
      url: '/serviceProtocol',
      session: ANNA_ADMIN,
      zoneToLoad: true,
    });
    await userEvent.type(await screen.findByLabelText('Opis wykonanych prac'), 'Wymiana grzałki');
    reachable = true;
    window.dispatchEvent(new Event('offline'));
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(api.callsTo('GET', '/api/reference-data').length).toBeGreaterThan(1));
    await waitFor(() => expect(companyTimeZone()).toBe('Europe/Warsaw'));
    // The same field, with what was typed: the screen was not taken down and drawn anew.
    expect(screen.getByLabelText('Opis wykonanych prac')).toHaveValue('Wymiana grzałki');
  });

  it('leaves an admin screen for home once a refusal shows the employee is no longer an administrator', async () => {
    let admin = true;
    fakeApi({
      'GET /api/user/check-auth': () => ({ body: admin ? ANNA_ADMIN : { ...ANNA_ADMIN, isAdmin: false } }),
      'GET /api/machines': { body: [] },
      'POST /api/machines': { status: 403, body: { message: MSG.forbidden } },
    });
    renderScreen(createElement(RequireSession, { admin: true, children: createElement(MachinesScreen) }), {
      url: '/logs',
      session: ANNA_ADMIN,
      routes: { '/home': createElement('h1', null, 'Start') },
    });
    await screen.findByRole('heading', { name: 'Maszyny' });
    // Made an employee again meanwhile: the next call is refused, and the session is asked again.
    admin = false;
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await screen.findByRole('heading', { name: 'Start' });
    expect(screen.getByTestId('location').textContent).toBe('/home');
  });

  it("checks the session once on an administrator's screen, inside the signed-in area's check", async () => {
    const api = fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'GET /api/machines': { body: [] },
    });
    const adminScreen = (element: React.ReactNode) =>
      guarded(createElement(RequireSession, { admin: true, children: element }));
    renderScreen(adminScreen(createElement(MachinesScreen)), { url: '/logs', session: ANNA_ADMIN });
    await screen.findByRole('heading', { name: 'Maszyny' });
    await waitFor(() => expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(1);
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

  it('keeps the screen and what was typed when a save answers 401, and saves after logging in again', async () => {
    let sessionAlive = false;
    const fake = fakeApi({
      'GET /api/user/check-auth': () => (sessionAlive ? { body: ANNA_ADMIN } : NO_SESSION),
      'GET /api/machines': { body: [] },
      'POST /api/machines': () => (sessionAlive ? { body: { id: 5 } } : NO_SESSION),
      'GET /api/user/auth': (call) =>
        call.headers.authorization === `Basic ${btoa('anna@firma.pl:dobre-haslo')}`
          ? ((sessionAlive = true), { body: ANNA_ADMIN })
          : { status: 401, body: { message: 'Błędny login lub hasło.' } },
    });
    renderMachinesAsAnna();
    await screen.findByText('wierszy: 0');
    await userEvent.type(screen.getByLabelText('Nazwa maszyny'), 'Tokarka CNC');
    // The session ended while the form was being filled in: the save is refused with 401.
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    expect(screen.getByTestId('location').textContent).toBe('/machineList');
    expect(screen.getByText(MSG.sessionRequired)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('anna@firma.pl');
    expect(within(dialog).getByText(MSG.sessionEndedKeepWork)).toBeInTheDocument();
    // Above any dialog of the screen (Mantine's level 200), which covered it when drawn later.
    expect(levelOf(dialog)).toBeGreaterThan(200);

    await userEvent.type(within(dialog).getByLabelText(/^Hasło/), 'zle-haslo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Błędny login lub hasło.');

    await userEvent.clear(within(dialog).getByLabelText(/^Hasło/));
    await userEvent.type(within(dialog).getByLabelText(/^Hasło/), 'dobre-haslo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText(MSG.sessionResumed)).toBeInTheDocument();
    // The screen's banner that asked to log in again is gone with the dialog.
    expect(screen.queryByText(MSG.sessionRequired)).toBeNull();
    // The same screen, the typing kept; the save goes through now.
    expect(screen.getByLabelText('Nazwa maszyny')).toHaveValue('Tokarka CNC');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    await waitFor(() => expect(fake.callsTo('POST', '/api/machines')).toHaveLength(2));
    expect(screen.getByTestId('location').textContent).toBe('/machineList');
  });

  it("says so when the session is now another account's, logged in in another tab", async () => {
    fakeApi({
      'GET /api/user/check-auth': { body: ANNA_ADMIN },
      'GET /api/machines': { body: [] },
      'POST /api/machines': {
        status: 401,
        body: { message: MSG.sessionOfAnotherAccount, code: 'ANOTHER_ACCOUNT' },
      },
    });
    renderMachinesAsAnna();
    await screen.findByText('wierszy: 0');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    expect(within(dialog).getByText(MSG.sessionOfAnotherAccountKeepWork)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('anna@firma.pl');
  });

  it('leaves the screen when someone else logs in over it, or when the user gives it up', async () => {
    const afresh = vi.spyOn(loadAfreshModule, 'loadAfresh').mockImplementation(() => undefined);
    fakeApi({
      'GET /api/user/check-auth': NO_SESSION,
      'GET /api/machines': { body: [] },
      'POST /api/machines': NO_SESSION,
      'GET /api/user/auth': { body: JAN_USER },
    });
    renderMachinesAsAnna();
    await screen.findByText('wierszy: 0');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    await userEvent.clear(within(dialog).getByLabelText(/^E-mail/));
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'jan@firma.pl');
    await userEvent.type(within(dialog).getByLabelText(/^Hasło/), 'haslo-jana');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Zaloguj' }));
    // Jan's is a new page from the home screen: nothing typed under Anna's session stays for him.
    await waitFor(() => expect(afresh).toHaveBeenCalledWith('/home'));

    dialog = screen.getByRole('dialog', { name: 'Sesja wygasła' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Przejdź do logowania' }));
    await screen.findByRole('heading', { name: 'Logowanie' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
    afresh.mockRestore();
  });

  it('asks before "Przejdź do logowania" gives up a screen holding what was typed, over the login', async () => {
    fakeApi({
      'GET /api/user/check-auth': NO_SESSION,
      'GET /api/machines': { body: [] },
      'POST /api/machines': NO_SESSION,
    });
    function TypedScreen() {
      const [name, setName] = useState('');
      useUnsavedChanges(name !== '');
      return createElement(
        'div',
        null,
        createElement(MachinesScreen),
        createElement('input', {
          'aria-label': 'Opis',
          value: name,
          onChange: (event: { currentTarget: HTMLInputElement }) => setName(event.currentTarget.value),
        }),
      );
    }
    renderScreen(signedIn(createElement(TypedScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      routes: { '/login': loginScreen },
    });
    await screen.findByText('wierszy: 0');
    await userEvent.type(screen.getByLabelText('Opis'), 'Wymiana łożyska');
    await userEvent.click(screen.getByRole('button', { name: 'Zapisz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Przejdź do logowania' }));
    const question = await screen.findByRole('dialog', { name: MSG.unsavedTitle });
    // Over the login that asks it.
    expect(levelOf(question)).toBeGreaterThan(levelOf(dialog));
    await userEvent.click(within(question).getByRole('button', { name: MSG.keepEditing }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: MSG.unsavedTitle })).toBeNull());
    expect(screen.getByTestId('location').textContent).toBe('/machineList');
    expect(screen.getByLabelText('Opis')).toHaveValue('Wymiana łożyska');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Przejdź do logowania' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: MSG.unsavedTitle })).getByRole('button', {
        name: MSG.discardChanges,
      }),
    );
    await screen.findByRole('heading', { name: 'Logowanie' });
    expect(screen.getByTestId('location').textContent).toBe('/login');
  });

  it('checks the session again on every screen, and asks to log in again once it has ended', async () => {
    let sessionAlive = true;
    const api = fakeApi({
      'GET /api/user/check-auth': () => (sessionAlive ? { body: ANNA_ADMIN } : NO_SESSION),
      'GET /api/machines': { body: [{ id: 1 }] },
      'GET /api/customers': { body: [] },
    });
    renderScreen(signedIn(createElement(MachinesScreen)), {
      url: '/machineList',
      session: ANNA_ADMIN,
      routes: {
        '/customerList': signedIn(createElement('h1', null, 'Kontrahenci')),
        '/login': loginScreen,
      },
    });
    await screen.findByText('wierszy: 1');
    await waitFor(() => expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(1));
    // The session ends elsewhere (logout in another tab); the next screen notices.
    sessionAlive = false;
    await userEvent.click(screen.getByRole('link', { name: 'Kontrahenci' }));
    await screen.findByRole('dialog', { name: 'Sesja wygasła' });
    expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(2);
    expect(screen.queryByRole('heading', { name: 'Logowanie' })).toBeNull();
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
