import { Suspense, type ReactNode } from 'react';
import { LoadingSpinner } from './loading-spinner';

/** A tab whose code loads when it is opened (a map's Leaflet), with a named spinner meanwhile. */
export function LazyPanel({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingSpinner size="sm" />}>{children}</Suspense>;
}
