import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, MemoryRouter, Route, Routes } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@serwis/domain';
import { AppProviders } from '../app/providers';
import { AppLayout } from '../app/layout/app-layout';
import { theme } from '../app/theme';
import { sessionQueryKey } from '../features/auth/api/session';
import { createQueryClient } from '../lib/query-client';
import { isCodeLoadError, ScreenErrorBoundary } from './screen-error-boundary';
import { LazyPanel } from './lazy-panel';

const CHROMIUM_MISSING_CODE =
  'Failed to fetch dynamically imported module: http://serwis.local/assets/machine-list-page-By_ibk5l.js';

/** A screen whose code never arrives, as React.lazy meets it when the download fails. */
const MissingScreen = lazy(() => Promise.reject(new TypeError(CHROMIUM_MISSING_CODE)));

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

afterEach(() => vi.restoreAllMocks());

describe('isCodeLoadError', () => {
  it("tells a module that did not arrive, in each browser's words, from other errors", () => {
    expect(isCodeLoadError(new TypeError(CHROMIUM_MISSING_CODE))).toBe(true);
    expect(isCodeLoadError(new TypeError('error loading dynamically imported module: https://x/a.js'))).toBe(
      true,
    );
    expect(isCodeLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isCodeLoadError(new Error('Unable to preload CSS for /assets/map-page.css'))).toBe(true);
    expect(isCodeLoadError(new TypeError("Cannot read properties of undefined (reading 'name')"))).toBe(
      false,
    );
    expect(isCodeLoadError('Failed to fetch')).toBe(false);
  });
});

describe('ScreenErrorBoundary', () => {
  it('says in Polish that the screen did not load, and reloads the page when asked', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reload = vi.fn();
    render(
      <MantineProvider theme={theme} env="test">
        <ScreenErrorBoundary reload={reload}>
          <MissingScreen />
        </ScreenErrorBoundary>
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.codeLoadFailedTitle);
    expect(alert).toHaveTextContent(MSG.codeLoadFailed);
    await userEvent.click(screen.getByRole('button', { name: MSG.reloadPage }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows any other failure of a screen as "Nieznany błąd." with the reload, not an empty page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider theme={theme} env="test">
        <ScreenErrorBoundary reload={() => {}}>
          <Broken />
        </ScreenErrorBoundary>
      </MantineProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MSG.unknownError);
    expect(alert).toHaveTextContent(MSG.screenFailed);
    expect(alert).not.toHaveTextContent(MSG.codeLoadFailedTitle);
  });
});

describe('LazyPanel', () => {
  it('says in the tab that its code did not arrive, and leaves the rest of the screen as typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <MantineProvider theme={theme} env="test">
        <label>
          Nazwa
          <input defaultValue="Piec indukcyjny" />
        </label>
        <LazyPanel>
          <MissingScreen />
        </LazyPanel>
      </MantineProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.codeLoadFailedTitle);
    expect(screen.getByLabelText('Nazwa')).toHaveValue('Piec indukcyjny');
  });
});

describe('the app layout', () => {
  it('keeps its bar when a screen fails, and shows the next screen the user goes to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createQueryClient();
    client.setQueryData(sessionQueryKey, null);
    client.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
    render(
      <AppProviders queryClient={client}>
        <MemoryRouter initialEntries={['/machineList']}>
          <Link to="/privacy">Inny ekran</Link>
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/machineList" element={<MissingScreen />} />
              <Route path="/privacy" element={<p>Treść innego ekranu</p>} />
            </Route>
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.codeLoadFailedTitle);
    // The bar above the screen is still there (the app's name in it), not an empty page.
    expect(screen.getByRole('banner')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Inny ekran' }));
    expect(await screen.findByText('Treść innego ekranu')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
