import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
// The app mounts the notification container lazily; loaded up front here, so a test does not wait
// for the module to be transformed before a notification shows.
import '@mantine/notifications';
import { AppProviders } from '../src/app/providers';
import { ScreenProviders } from '../src/app/screen-providers';
import { theme } from '../src/app/theme';
import { sessionQueryKey } from '../src/features/auth/api/session';
import { companyTimeZone } from '../src/lib/company-time';
import { SERVER_SETTINGS_QUERY_KEY } from '../src/lib/server-settings';
import { createQueryClient } from '../src/lib/query-client';

/** Shows the router's current URL so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'location' }, `${location.pathname}${location.search}`);
}

export interface RenderScreenOptions {
  /** Where the router starts, query string allowed; the screen's route is its path. Default `/`. */
  url?: string;
  /** Seeds the logged-in employee, as the session guard would have loaded it. */
  session?: unknown;
  /** Leaves the company's time zone to be loaded, as on a first visit (seeded with the session otherwise). */
  zoneToLoad?: boolean;
  /** The server's MAX_UPLOAD_MB in the seeded settings (200 unless told). */
  maxUploadMb?: number;
  /** More screens by route path, for tests that follow a navigation to them. */
  routes?: Record<string, ReactNode>;
}

/**
 * Renders `screen` inside the app's providers at `url`, with a fresh query cache and no retries.
 * Any other path renders nothing; `getByTestId('location')` shows the current path and query.
 */
export function renderScreen(screen: ReactNode, options: RenderScreenOptions = {}) {
  const url = options.url ?? '/';
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  if (options.session !== undefined) {
    queryClient.setQueryData(sessionQueryKey, options.session);
    queryClient.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
  }
  // The server's settings, loaded beside the session (the module's zone stays what a test set).
  if (!options.zoneToLoad) {
    queryClient.setQueryData(SERVER_SETTINGS_QUERY_KEY, {
      companyTimeZone: companyTimeZone(),
      maxUploadMb: options.maxUploadMb ?? 200,
    });
  }
  const path = url.split('?')[0];
  const others = Object.entries(options.routes ?? {}).map(([otherPath, element]) =>
    createElement(Route, { key: otherPath, path: otherPath, element }),
  );
  const routes = createElement(
    Routes,
    null,
    createElement(Route, { path, element: screen }),
    ...others,
    createElement(Route, { path: '*', element: null }),
  );
  const router = createElement(MemoryRouter, { initialEntries: [url] }, routes, createElement(LocationProbe));
  // Test mode: no transitions, so dropdowns and modals are visible at once in jsdom.
  const mantine = createElement(
    MantineProvider,
    { theme, env: 'test' },
    createElement(ScreenProviders, null, router),
  );
  // The screen's query cache too: a case can ask its data again, as a refetch would.
  return Object.assign(render(createElement(AppProviders, { queryClient, children: mantine })), {
    queryClient,
  });
}

/** The query parameters of a recorded fake-API call. */
export const queryOf = (url: string) => new URL(url, 'http://localhost').searchParams;
