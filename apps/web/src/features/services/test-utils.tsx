import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { configure, render } from '@testing-library/react';
import type { Service } from '@serwis/domain';
import { AppProviders } from '../../app/providers';
import { theme } from '../../app/theme';
import { createQueryClient } from '../../lib/query-client';

// The shared 2-core test machine can be slow; a screen that answers within 5 s is not broken.
configure({ asyncUtilTimeout: 5000 });

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}

/** Renders `screen` at `url` inside the app's providers, with a fresh query cache and no retries. */
export function renderAt(url: string, screen: ReactNode) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: 0 } });
  const path = url.split('?')[0];
  return render(
    <AppProviders queryClient={queryClient}>
      {/* Test mode: no transitions, so menus and modals show at once in jsdom. */}
      <MantineProvider theme={theme} env="test">
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            <Route path={path} element={screen} />
            <Route path="*" element={null} />
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </MantineProvider>
    </AppProviders>,
  );
}

export function sampleService(overrides: Partial<Service> = {}): Service {
  return {
    id: 1,
    date: '2026-03-04',
    number: 25,
    numberExtension: 'A',
    month: 3,
    year: 2026,
    fullNumber: '25A/03/2026',
    paymentType: 'GWARANCYJNA',
    type: ['NAPRAWA'],
    customer: {
      id: 11,
      shortName: 'ACME',
      fullName: 'ACME Sp. z o.o.',
      streetAddress: '',
      zipCode: '',
      city: '',
    },
    isToSign: true,
    faultDescription: 'Nie działa chłodzenie.',
    period: -1,
    devices: [{ id: 7, name: 'Laser CO2 3000', type: 'INTERNAL', customer: { id: 11 } }],
    userCreated: { id: 2, fullName: 'Jan Kowalski' },
    user: 'Jan Kowalski',
    state: 'PODPISANY',
    files: [],
    todo: null,
    toDoStatus: null,
    createdAt: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** The `serviceJson` part of a multipart body, parsed. */
export async function serviceJsonOf(body: unknown) {
  const part = (body as FormData).get('serviceJson') as Blob;
  // jsdom's Blob has no text(); FileReader reads it.
  const text = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(part);
  });
  return JSON.parse(text) as Record<string, unknown>;
}
