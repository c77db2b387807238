import { lazy, Suspense, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MSG } from '@serwis/domain';
import { NavigationBar } from './navigation-bar';
import { Footer } from './footer';
import { useSession } from '../../features/auth/api/session';
import { ScreenErrorBoundary } from '../../components/screen-error-boundary';
import { RouteAnnouncer, ScreenShown } from '../route-announcer';

/** The tablet and phone navigation, loaded once someone is signed in. */
const NavigationDrawer = lazy(async () => ({
  default: (await import('./navigation-drawer')).NavigationDrawer,
}));

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useSession();
  const { pathname } = useLocation();
  // The address of the screen on view, once drawn (its code may come after the address changed).
  const [shown, setShown] = useState<string | null>(null);
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 40 }} padding="md">
      {/* Another screen's name, said to a screen reader (the focus stays where it is). */}
      <RouteAnnouncer pathname={shown} />
      <AppShell.Header>
        <NavigationBar menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      {user && (
        <Suspense fallback={null}>
          <NavigationDrawer opened={opened} onClose={close} />
        </Suspense>
      )}
      <AppShell.Main>
        {/* A screen whose code did not arrive, or that failed, says so under the bar and the menus. */}
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense
            fallback={
              <Center h="40vh" aria-label={MSG.loading}>
                <Loader />
              </Center>
            }
          >
            <Outlet />
            <ScreenShown onShown={setShown} />
          </Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
