import { Suspense, type ReactNode } from 'react';
import { LoadingSpinner } from './loading-spinner';
import { ScreenErrorBoundary } from './screen-error-boundary';

/**
 * A tab whose code loads when it is opened (a map's Leaflet), with a named spinner meanwhile. Code
 * that does not arrive is said in the tab itself: the screen's other tabs, and what is typed in
 * them, stay.
 */
export function LazyPanel({ children }: { children: ReactNode }) {
  return (
    <ScreenErrorBoundary>
      <Suspense fallback={<LoadingSpinner size="sm" />}>{children}</Suspense>
    </ScreenErrorBoundary>
  );
}
