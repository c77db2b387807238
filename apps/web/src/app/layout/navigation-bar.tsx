import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Anchor, Burger, Button, Group } from '@mantine/core';
import { APP_NAME } from '@serwis/domain';
import { paths } from '../../config/paths';
import { useSession } from '../../features/auth/api/session';

const SignedInMenus = lazy(async () => ({ default: (await import('./signed-in-bar')).SignedInMenus }));
const SignedInActions = lazy(async () => ({ default: (await import('./signed-in-bar')).SignedInActions }));

export function NavigationBar({
  menuOpened,
  onToggleMenu,
}: {
  menuOpened: boolean;
  onToggleMenu: () => void;
}) {
  const { data: user } = useSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Menu główne">
      <Group gap="xs" wrap="nowrap">
        {user && (
          <Burger
            opened={menuOpened}
            onClick={onToggleMenu}
            hiddenFrom="lg"
            size="sm"
            aria-label="Menu"
            aria-expanded={menuOpened}
          />
        )}
        <Anchor
          component={Link}
          to={user ? paths.home : paths.login}
          fw={700}
          fz="lg"
          underline="never"
          className="touch-link"
        >
          {APP_NAME}
        </Anchor>
        {user && (
          <Suspense fallback={null}>
            <SignedInMenus />
          </Suspense>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        {user ? (
          <Suspense fallback={null}>
            <SignedInActions user={user} />
          </Suspense>
        ) : (
          <Button component={Link} to={paths.login} variant="light" size="sm">
            Zaloguj
          </Button>
        )}
      </Group>
    </Group>
  );
}
