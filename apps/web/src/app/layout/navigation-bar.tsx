import { Link, NavLink } from 'react-router';
import {
  ActionIcon,
  Anchor,
  Burger,
  Button,
  Group,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronDown, IconSettings } from '@tabler/icons-react';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { useVisibleNavigation } from './use-visible-navigation';

export function NavigationBar({
  menuOpened,
  onToggleMenu,
}: {
  menuOpened: boolean;
  onToggleMenu: () => void;
}) {
  const { user, menus, links } = useVisibleNavigation();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Menu główne">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="lg" size="sm" aria-label="Menu" />
        <Anchor component={Link} to={user ? paths.home : paths.login} fw={700} fz="lg" underline="never">
          Serwis
        </Anchor>
        <Group gap={4} visibleFrom="lg" wrap="nowrap">
          {menus.map((menu) => (
            <Menu key={menu.label} trigger="click-hover" openDelay={50} closeDelay={150} withinPortal>
              <Menu.Target>
                <UnstyledButton px={7} py={10} aria-haspopup="menu">
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm">{menu.label}</Text>
                    <IconChevronDown size={14} aria-hidden />
                  </Group>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                {menu.links.map((link) => (
                  <Menu.Item key={link.to} component={Link} to={link.to}>
                    {link.label}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ))}
          {links.map((link) => (
            <Button
              key={link.to}
              component={NavLink}
              to={link.to}
              variant="subtle"
              color="dark"
              size="sm"
              px={7}
              fw={400}
              style={{ flexShrink: 0 }}
            >
              {link.label}
            </Button>
          ))}
        </Group>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user && (
          <>
            <Text size="sm" visibleFrom="lg" data-testid="current-user" style={{ whiteSpace: 'nowrap' }}>
              {`${user.firstName} ${user.lastName}`.trim() || user.email}
              {user.isAdmin ? ' (admin)' : ''}
            </Text>
            <Tooltip label="Moje konto">
              <ActionIcon component={Link} to={paths.myAccount} aria-label="Moje konto">
                <IconSettings size={20} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        {user ? (
          <Button variant="light" size="sm" onClick={() => void logout()}>
            Wyloguj
          </Button>
        ) : (
          <Button component={Link} to={paths.login} variant="light" size="sm">
            Zaloguj
          </Button>
        )}
      </Group>
    </Group>
  );
}
