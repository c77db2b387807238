import { Link, useLocation } from 'react-router';
import { Alert, Card, SimpleGrid, Text, Title } from '@mantine/core';
import { homeTiles } from '../../../app/navigation';
import { usePageTitle } from '../../../lib/use-page-title';
import { useCurrentUser } from '../../auth/api/session';
import { Dashboard } from '../components/dashboard';

export function HomePage() {
  const user = useCurrentUser();
  usePageTitle('Strona główna');
  const tiles = homeTiles.filter((t) => !t.admin || user.isAdmin);
  // Why the user is here instead of the screen asked for (RequireSession's admin check).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  return (
    <>
      <Title order={2} mb="md">
        Strona główna
      </Title>
      {typeof notice === 'string' && (
        <Alert color="yellow" role="status" mb="md">
          {notice}
        </Alert>
      )}
      {/* Each tile is named by all it says (WCAG 2.5.3: the words seen are in the name heard). */}
      <SimpleGrid component="nav" aria-label="Skróty" cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
        {tiles.map((tile) => (
          // A Card is not a control to Mantine: its focus ring is asked for (ui.md: focus is visible).
          <Card
            key={tile.to}
            component={Link}
            to={tile.to}
            withBorder
            shadow="xs"
            padding="lg"
            className="mantine-focus-auto"
          >
            <Text fw={600} fz="lg">
              {tile.label}
            </Text>
            <Text size="sm" c="dimmed">
              {tile.description}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Dashboard />
    </>
  );
}
