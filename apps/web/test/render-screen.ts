import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import { AppProviders } from '../src/app/providers';
import { theme } from '../src/app/theme';
import { sessionQueryKey } from '../src/features/auth/api/session';
import { createQueryClient } from '../src/lib/query-client';

// The shared 2-core test machine can be slow; a screen that answers within 5 s is not broken.
configure({ asyncUtilTimeout: 5000 });

/** Shows the router's current URL so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return createElement('output', { 'data-testid': 'location' }, `${location.pathname}${location.search}`);
}

/**
 * Renders `screen` inside the app's providers at `url` (query string allowed), with a fresh query
 * cache. `session` seeds the logged-in employee, as the session guard would have loaded it.
 */
export function renderScreen(screen: ReactNode, options: { url?: string; session?: unknown } = {}) {
  const url = options.url ?? '/';
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  if (options.session !== undefined) {
    queryClient.setQueryData(sessionQueryKey, options.session);
    queryClient.setQueryDefaults(sessionQueryKey, { staleTime: Infinity });
  }
  const path = url.split('?')[0];
  const routes = createElement(
    Routes,
    null,
    createElement(Route, { path, element: screen }),
    createElement(Route, { path: '*', element: null }),
  );
  const router = createElement(MemoryRouter, { initialEntries: [url] }, routes, createElement(LocationProbe));
  // Test mode: no transitions, so dropdowns and modals are visible at once in jsdom.
  const mantine = createElement(MantineProvider, { theme, env: 'test' }, router);
  return render(createElement(AppProviders, { queryClient, children: mantine }));
}

/** The query parameters of a recorded fake-API call. */
export const queryOf = (url: string) => new URL(url, 'http://localhost').searchParams;
