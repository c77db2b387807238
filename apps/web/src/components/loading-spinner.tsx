import { Loader, type MantineSize } from '@mantine/core';
import { MSG } from '@serwis/domain';

/**
 * A spinner that says what it is: named "Ładowanie danych" with the status role, so a screen reader
 * announces it and the journeys wait for it like any other loading (e2e/support/screens.ts).
 */
export function LoadingSpinner({ size }: { size?: MantineSize }) {
  return <Loader size={size} role="status" aria-label={MSG.loading} />;
}
