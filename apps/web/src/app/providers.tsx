import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
// After Mantine's own styles, which it adjusts on touch screens.
import './touch.css';
import './motion.css';
import './disabled-fields.css';
import './field-focus.css';
import './control-outlines.css';
import './print.css';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { onForbidden, onSessionEnded } from '../lib/api-client';
import { SESSION_QUERY_KEY, createQueryClient, sessionRefused } from '../lib/query-client';
import { readableColorsResolver } from './readable-colors';
import { theme } from './theme';
import { ScreenErrorBoundary } from '../components/screen-error-boundary';

/**
 * The notification container loads after the first screen: `notifications.show` keeps what is
 * shown before it mounts in its store, so nothing is lost, and the login screen stays light.
 */
const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  // Any call answered 401 ends the session on screen, also one made outside a query (an import).
  useEffect(() => onSessionEnded((code) => sessionRefused(client, code)), [client]);
  // A refusal may mean a right taken away meanwhile: the session is asked again (menus, admin screens).
  useEffect(
    () => onForbidden(() => void client.invalidateQueries({ queryKey: SESSION_QUERY_KEY })),
    [client],
  );
  return (
    <QueryClientProvider client={client}>
      <MantineProvider theme={theme} cssVariablesResolver={readableColorsResolver}>
        {/* The last resort: what no screen's boundary caught (the bar's menus, the notifications). */}
        <ScreenErrorBoundary>
          <Suspense fallback={null}>
            <Notifications position="top-right" />
          </Suspense>
          {children}
        </ScreenErrorBoundary>
      </MantineProvider>
    </QueryClientProvider>
  );
}
