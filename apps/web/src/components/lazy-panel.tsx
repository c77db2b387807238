import { Suspense, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { MSG } from '@serwis/domain';

/**
 * A tab whose code loads when it is opened (a map's Leaflet): a spinner named "Ładowanie danych"
 * meanwhile, read out as a status and awaited by the journeys like any other loading.
 */
export function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Loader size="sm" role="status" aria-label={MSG.loading} />}>{children}</Suspense>
  );
}
