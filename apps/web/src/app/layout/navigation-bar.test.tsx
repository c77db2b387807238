import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { theme } from '../theme';
import { createQueryClient } from '../../lib/query-client';
import { ANNA_ADMIN, JAN_USER, NO_SESSION, fakeApi, type FakeReply } from '../../../test/fake-api';
import { NavigationBar } from './navigation-bar';

function renderBar(session: FakeReply) {
  fakeApi({ 'GET /api/user/check-auth': session });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  return render(
    <AppProviders queryClient={queryClient}>
      <MantineProvider theme={theme} env="test">
        <MemoryRouter>
          <NavigationBar menuOpened={false} onToggleMenu={() => undefined} />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('navigation bar', () => {
  it('for a USER: no employee menu, no logs, no "(admin)"', async () => {
    renderBar({ body: JAN_USER });
    expect(await screen.findByTestId('current-user')).toHaveTextContent(/^Jan Kowalski$/);
    // The signed-in menus load after the session (they are not part of the login screen).
    expect(await screen.findByRole('button', { name: /Maszyny$/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Pracownicy/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logi' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tutoriale' })).toHaveAttribute('href', '/tutorials');
    expect(screen.queryByText(/\(admin\)/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Moje konto' })).toHaveAttribute('href', '/myAccount');
    expect(screen.getByRole('button', { name: 'Wyloguj' })).toBeInTheDocument();
  });

  it('for an ADMIN: the employee menu, the logs link and "(admin)" by the name', async () => {
    renderBar({ body: ANNA_ADMIN });
    expect(await screen.findByTestId('current-user')).toHaveTextContent('Anna Nowak (admin)');
    expect(await screen.findByRole('link', { name: 'Logi' })).toHaveAttribute('href', '/logs');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Pracownicy/ }));
    expect(await screen.findByRole('menuitem', { name: 'Dodaj pracownika' })).toHaveAttribute(
      'href',
      '/userAdd',
    );
    expect(screen.getByRole('menuitem', { name: 'Lista pracowników' })).toHaveAttribute('href', '/userList');
  });

  it('without a session: only the way to log in', async () => {
    renderBar(NO_SESSION);
    expect(await screen.findByRole('link', { name: 'Zaloguj' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Wyloguj' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Maszyny$/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('current-user')).not.toBeInTheDocument();
  });
});
