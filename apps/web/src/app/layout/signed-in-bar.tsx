import { Link, NavLink } from 'react-router';
import { ActionIcon, Button, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconSettings } from '@tabler/icons-react';
import { employeeName, type SessionUser } from '@serwis/domain';
import { paths } from '../../config/paths';
import { logout } from '../../features/auth/api/logout';
import { leaveAfterAsking } from '../../lib/unsaved-changes';
import { useNewDayRefresh } from './use-new-day-refresh';
import { useVisibleNavigation } from './use-visible-navigation';

/** The menus of a signed-in employee (loaded after login: the login screen does not carry them). */
export function SignedInMenus() {
  const { menus, links } = useVisibleNavigation();
  return (
    <Group gap={4} visibleFrom="lg" wrap="nowrap">
      {menus.map((menu) => (
        <Menu key={menu.label} trigger="click-hover" openDelay={50} closeDelay={150} withinPortal>
          <Menu.Target>
            <UnstyledButton px={7} py={10} aria-haspopup="menu" style={{ flexShrink: 0 }}>
              <Group gap={4} wrap="nowrap">
                {/* One line, also on a 1280 px laptop ("Maszyny zewnętrzne" broke in two, past the bar). */}
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {menu.label}
                </Text>
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
  );
}

/** The employee's name, "Moje konto" and "Wyloguj" on the right of the bar. */
export function SignedInActions({ user }: { user: SessionUser }) {
  // Here, in the code every signed-in screen loads (not in the login screen's): a tab left open
  // overnight asks again for what it shows.
  useNewDayRefresh();
  const name = `${employeeName(user)}${user.isAdmin ? ' (admin)' : ''}`;
  return (
    <>
      {/* The name gives way (cut with "…", whole in its tooltip) before the menus do. */}
      <Text size="sm" visibleFrom="lg" data-testid="current-user" truncate="end" title={name} miw={0}>
        {name}
      </Text>
      <Tooltip label="Moje konto">
        <ActionIcon component={Link} to={paths.myAccount} aria-label="Moje konto" style={{ flexShrink: 0 }}>
          <IconSettings size={20} />
        </ActionIcon>
      </Tooltip>
      <Button
        variant="light"
        size="sm"
        onClick={() => leaveAfterAsking(() => void logout())}
        style={{ flexShrink: 0 }}
      >
        Wyloguj
      </Button>
    </>
  );
}
