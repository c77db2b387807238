import { Anchor, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { APP_NAME } from '@serwis/domain';
import { paths } from '../../config/paths';

export function Footer() {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Text size="xs" c="dimmed">
        {APP_NAME} — ewidencja maszyn i protokołów serwisowych © {new Date().getFullYear()}
      </Text>
      <Anchor component={Link} to={paths.privacy} size="xs" className="touch-link">
        Polityka prywatności
      </Anchor>
    </Group>
  );
}
