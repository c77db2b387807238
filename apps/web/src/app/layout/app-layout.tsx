import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { MSG } from '@serwis/domain';
import { NavigationBar } from './navigation-bar';
import { NavigationDrawer } from './navigation-drawer';
import { Footer } from './footer';

export function AppLayout() {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell header={{ height: 60 }} footer={{ height: 40 }} padding="md">
      <AppShell.Header>
        <NavigationBar menuOpened={opened} onToggleMenu={toggle} />
      </AppShell.Header>
      <NavigationDrawer opened={opened} onClose={close} />
      <AppShell.Main>
        <Suspense
          fallback={
            <Center h="40vh" aria-label={MSG.loading}>
              <Loader />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
      <AppShell.Footer>
        <Footer />
      </AppShell.Footer>
    </AppShell>
  );
}
