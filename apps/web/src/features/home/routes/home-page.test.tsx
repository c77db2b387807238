import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { ANNA_ADMIN, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { MSG } from '@serwis/domain';
import { RequireSession } from '../../auth/components/require-session';
import { HomePage } from './home-page';

/** Each tile's title and where it leads; the tile's name is all it says, the title first. */
const tiles = () =>
  within(screen.getByRole('navigation', { name: 'Skróty' }))
    .getAllByRole('link')
    .map((link) => {
      const title = link.firstElementChild?.textContent ?? '';
      expect(link).toHaveAccessibleName(expect.stringMatching(new RegExp(`^${title} `)));
      return [title, link.getAttribute('href')];
    });

// The dashboard under the tiles has its own test (dashboard.test.tsx); here it is left unanswered.
beforeEach(() => fakeApi({}));
afterEach(() => vi.unstubAllGlobals());

describe('/home', () => {
  it('shows an administrator the four register tiles and the Pracownicy and Logi tiles', () => {
    renderScreen(<HomePage />, { url: '/home', session: ANNA_ADMIN });
    expect(tiles()).toEqual([
      ['Maszyny', '/machineList'],
      ['Maszyny zewnętrzne', '/machineExternalList'],
      ['Kontrahenci', '/customerList'],
      ['Kategorie', '/categoryList'],
      ['Pracownicy', '/userList'],
      ['Logi', '/logs'],
    ]);
  });

  it('hides the admin tiles from an employee', () => {
    renderScreen(<HomePage />, { url: '/home', session: JAN_USER });
    expect(tiles().map(([label]) => label)).toEqual([
      'Maszyny',
      'Maszyny zewnętrzne',
      'Kontrahenci',
      'Kategorie',
    ]);
  });

  it("says why an employee who opened an administrator's address is on the home screen", async () => {
    fakeApi({ 'GET /api/user/check-auth': { body: JAN_USER } });
    renderScreen(
      <RequireSession admin>
        <h1>Statystyki</h1>
      </RequireSession>,
      { url: '/statistics', session: JAN_USER, routes: { '/home': <HomePage /> } },
    );
    expect((await screen.findByText(MSG.adminOnlyScreen)).closest('[role="status"]')).not.toBeNull();
    expect(screen.getByTestId('location').textContent).toBe('/home');
    expect(screen.queryByRole('heading', { name: 'Statystyki' })).toBeNull();
  });

  it('shows no such notice when opened directly', () => {
    renderScreen(<HomePage />, { url: '/home', session: JAN_USER });
    expect(screen.queryByText(MSG.adminOnlyScreen)).toBeNull();
  });
});
