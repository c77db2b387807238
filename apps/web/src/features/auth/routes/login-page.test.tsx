import { MemoryRouter, Route, Routes } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_VERSION_HEADER, MSG } from '@serwis/domain';
import { AppProviders } from '../../../app/providers';
import { theme } from '../../../app/theme';
import { createQueryClient } from '../../../lib/query-client';
import { JAN_USER, NO_SESSION, fakeApi, type FakeReply } from '../../../../test/fake-api';
import { LoginPage } from './login-page';
import { returnPath } from '../return-path';

function renderLogin(state?: unknown) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={[{ pathname: '/login', state }]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/machineEdit" element={<p>Karta maszyny</p>} />
            <Route path="/home" element={<p>Strona główna</p>} />
          </Routes>
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

async function logIn(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-mail/), email);
  await user.type(screen.getByLabelText(/^Hasło/), password);
  await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
  return user;
}

afterEach(() => vi.unstubAllGlobals());

describe('login page', () => {
  it('sends Basic credentials (UTF-8) and goes to /home on success', async () => {
    const api = fakeApi({
      'GET /api/user/check-auth': NO_SESSION,
      'GET /api/user/auth': { body: JAN_USER },
    });
    renderLogin();
    await logIn('jan@firma.pl', 'Zażółć-1');
    expect(await screen.findByText('Strona główna')).toBeInTheDocument();
    const call = api.calls.find((c) => c.url === '/api/user/auth')!;
    const decoded = new TextDecoder().decode(
      Uint8Array.from(atob(call.headers.authorization.replace('Basic ', '')), (c) => c.charCodeAt(0)),
    );
    expect(decoded).toBe('jan@firma.pl:Zażółć-1');
    expect(call.headers['x-requested-with']).toBe('XMLHttpRequest');
  });

  it('returns to the screen the session guard sent away from (a QR label), never to another site', async () => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION, 'GET /api/user/auth': { body: JAN_USER } });
    renderLogin({ from: '/machineEdit?id=7' });
    await logIn('jan@firma.pl', 'Haslo-123456');
    expect(await screen.findByText('Karta maszyny')).toBeInTheDocument();
    expect(returnPath({ from: '//evil.example/x' })).toBe('/home');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/home');
    expect(returnPath({ from: '/login' })).toBe('/home');
    expect(returnPath(null)).toBe('/home');
  });

  it('loads the app afresh after the login when the server serves a build deployed since the page loaded', async () => {
    const entry = document.createElement('script');
    entry.type = 'module';
    entry.setAttribute('src', '/assets/index-old.js');
    document.head.append(entry);
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    let deployed = false;
    try {
      fakeApi({
        // The page loaded before the deploy; from the login on, the server serves the new build.
        'GET /api/user/check-auth': () => ({
          ...NO_SESSION,
          headers: { [APP_VERSION_HEADER]: `/assets/index-${deployed ? 'new' : 'old'}.js` },
        }),
        'GET /api/user/auth': () => {
          deployed = true;
          return { body: JAN_USER, headers: { [APP_VERSION_HEADER]: '/assets/index-new.js' } };
        },
      });
      renderLogin({ from: '/machineEdit?id=7' });
      await logIn('jan@firma.pl', 'Haslo-123456');
      await waitFor(() => expect(replace).toHaveBeenCalledWith('/machineEdit?id=7'));
      // Not the old build's screen.
      expect(screen.queryByText('Karta maszyny')).toBeNull();
    } finally {
      entry.remove();
    }
  });

  it('goes straight to /home when the session is already there', async () => {
    fakeApi({ 'GET /api/user/check-auth': { body: JAN_USER } });
    renderLogin();
    expect(await screen.findByText('Strona główna')).toBeInTheDocument();
  });

  it.each<[string, string, FakeReply]>([
    ['401', MSG.loginFailed, { status: 401, body: { message: MSG.loginFailed } }],
    ['500', MSG.connectionError, { status: 500, body: { message: 'Nieznany błąd.' } }],
    ['502 without a body', MSG.connectionError, { status: 502 }],
    ['no answer at all', MSG.connectionError, { network: true }],
    ['400', MSG.unknownError, { status: 400, body: { message: MSG.badBasicHeader } }],
    ['403', MSG.unknownError, { status: 403, body: { message: MSG.csrfMissing } }],
    ['429', MSG.tooManyAttempts, { status: 429, body: { message: MSG.tooManyAttempts } }],
  ])('on %s shows "%s"', async (_case, message, reply) => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION, 'GET /api/user/auth': reply });
    renderLogin();
    await logIn('jan@firma.pl', 'zle-haslo');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(screen.queryByText('Strona główna')).not.toBeInTheDocument();
    // The password, to be typed again, has the focus (not the page's top).
    await waitFor(() => expect(screen.getByLabelText(/^Hasło/)).toHaveFocus());
  });

  it('says at once that the server cannot be reached when the session cannot be checked (a tablet started offline)', async () => {
    let online = false;
    fakeApi({
      'GET /api/user/check-auth': () => (online ? NO_SESSION : { network: true }),
      'GET /api/user/auth': { body: JAN_USER },
    });
    renderLogin();
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.connectionError);
    // A login that answers replaces it (here: signed in).
    online = true;
    await logIn('jan@firma.pl', 'dobre-haslo');
    expect(await screen.findByText('Strona główna')).toBeInTheDocument();
  });

  it('shows no alert when the session check answers "no session"', async () => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderLogin();
    await screen.findByLabelText(/E-mail/);
    await waitFor(() => expect(screen.getByLabelText(/E-mail/)).toHaveFocus());
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('opens with the cursor in "E-mail"', async () => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderLogin();
    expect(await screen.findByLabelText(/E-mail/)).toHaveFocus();
  });

  it('asks for both fields before calling the server', async () => {
    const api = fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderLogin();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zaloguj' }));
    expect(await screen.findAllByText(MSG.requiredField)).toHaveLength(2);
    expect(api.calls.filter((c) => c.url === '/api/user/auth')).toHaveLength(0);
  });

  it('takes the focus to the first field to fill in, each read as invalid with its message', async () => {
    fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderLogin();
    const user = userEvent.setup();
    const email = await screen.findByLabelText(/E-mail/);
    const password = screen.getByLabelText(/^Hasło/);
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
    await waitFor(() => expect(email).toHaveFocus());
    for (const field of [email, password]) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(MSG.requiredField);
    }

    // Only the password missing: the focus goes there.
    await user.type(email, 'jan@firma.pl');
    await user.click(screen.getByRole('button', { name: 'Zaloguj' }));
    await waitFor(() => expect(password).toHaveFocus());
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(MSG.requiredField);
    // Typed in, the password is no longer said to be invalid.
    await user.type(password, 'x');
    expect(password).not.toHaveAttribute('aria-invalid');
  });
});

describe('password reset modal', () => {
  async function openReset() {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nie pamiętasz hasła?' }));
    const dialog = await screen.findByRole('dialog');
    return { user, dialog };
  }

  it('validates the e-mail in the spec words and sends nothing', async () => {
    const api = fakeApi({ 'GET /api/user/check-auth': NO_SESSION });
    renderLogin();
    const { user, dialog } = await openReset();
    await user.type(within(dialog).getByLabelText(/Adres e-mail/), 'to-nie-email');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij nowe hasło' }));
    expect(await within(dialog).findByText(MSG.invalidEmail)).toBeInTheDocument();
    expect(api.calls.filter((c) => c.url === '/api/user/resetPassword')).toHaveLength(0);
  });

  it('on success closes and shows the info banner', async () => {
    const api = fakeApi({
      'GET /api/user/check-auth': NO_SESSION,
      'POST /api/user/resetPassword': { body: { message: MSG.resetSent } },
    });
    renderLogin();
    const { user, dialog } = await openReset();
    await user.type(within(dialog).getByLabelText(/Adres e-mail/), 'Jan@Firma.pl');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij nowe hasło' }));
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(MSG.resetSent);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const call = api.calls.find((c) => c.url === '/api/user/resetPassword')!;
    expect(call.method).toBe('POST');
    expect(call.body).toEqual({ recipients: ['Jan@Firma.pl'] });
  });

  it('shows the spec message for an unknown e-mail and stays open', async () => {
    fakeApi({
      'GET /api/user/check-auth': NO_SESSION,
      'POST /api/user/resetPassword': { status: 404, body: { message: MSG.resetUnknownEmail } },
    });
    renderLogin();
    const { user, dialog } = await openReset();
    await user.type(within(dialog).getByLabelText(/Adres e-mail/), 'nikt@firma.pl');
    await user.click(within(dialog).getByRole('button', { name: 'Wyślij nowe hasło' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MSG.resetUnknownEmail);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
