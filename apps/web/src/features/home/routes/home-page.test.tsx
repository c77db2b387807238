import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { ANNA_ADMIN, JAN_USER, fakeApi } from '../../../../test/fake-api';
import { renderScreen } from '../../../../test/render-screen';
import { HomePage } from './home-page';

const tiles = () =>
  screen
    .getAllByRole('link')
    .filter((link) => link.getAttribute('aria-label'))
    .map((link) => [link.getAttribute('aria-label'), link.getAttribute('href')]);

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
});
