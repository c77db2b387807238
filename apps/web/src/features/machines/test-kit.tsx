import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { Device } from '@serwis/domain';
import { AppProviders } from '../../app/providers';
import { theme } from '../../app/theme';
import { createQueryClient } from '../../lib/query-client';

// The shared 2-core test machine can be slow; a screen that answers within 5 s is not broken.
configure({ asyncUtilTimeout: 5000 });

export interface FakeCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (call: FakeCall) => Answer | undefined;

/** A fake `fetch` answering by "METHOD /path"; unknown calls get 200 []. Records every call. */
export function installFakeFetch(routes: Record<string, Answer | Handler>) {
  const calls: FakeCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer = (typeof route === 'function' ? route(call) : route) ?? { body: [] };
    const status = answer.status ?? 200;
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? null);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Shows the router's current URL so tests can assert navigation. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders a screen inside the app's providers at `url`, with a fresh query cache. */
export function renderAt(url: string, routePath: string, screen: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  return render(
    <AppProviders queryClient={queryClient}>
      {/* Test mode: no transitions, so dropdowns and modals are visible at once in jsdom. */}
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={routePath} element={screen} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

export function sampleDevice(overrides: Partial<Device> = {}): Device {
  return {
    id: 7,
    name: 'Laser CO2 3000',
    category: { id: 3, name: 'Lasery' },
    customer: {
      id: 11,
      shortName: 'ACME',
      fullName: 'ACME Sp. z o.o.',
      streetAddress: '',
      zipCode: '',
      city: '',
      nip: '',
    },
    serialNumber: 'SN-1',
    sourcePower: '3 kW',
    transferDate: '2024-03-05',
    warrantyLength: 24,
    warranty: 'pełna',
    streetAddress: 'Długa 1',
    zipCode: '00-001',
    city: 'Kraków',
    province: 'małopolskie',
    status: 'OK',
    statusWeight: 4,
    type: 'INTERNAL',
    gpsLatitude: null,
    gpsLongitude: null,
    isPeriodicInspectionEnabled: true,
    ...overrides,
  };
}
