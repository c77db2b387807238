import { Link } from 'react-router';
import { Drawer, NavLink, ScrollArea, Text } from '@mantine/core';
import { APP_NAME, employeeName } from '@serwis/domain';
import { paths } from '../../config/paths';
import { useVisibleNavigation } from './use-visible-navigation';

/** The navigation on tablets and phones: the same entries as the bar, in a side drawer. */
export function NavigationDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user, menus, links } = useVisibleNavigation();
  return (
    <Drawer opened={opened} onClose={onClose} title={APP_NAME} size="xs" hiddenFrom="lg">
      <ScrollArea>
        {user && (
          <Text size="sm" c="dimmed" mb="sm">
            {employeeName(user)}
            {user.isAdmin ? ' (admin)' : ''}
          </Text>
        )}
        {menus.map((menu) => (
          <NavLink key={menu.label} label={menu.label} defaultOpened childrenOffset="md">
            {menu.links.map((link) => (
              <NavLink
                key={link.to}
                component={Link}
                to={link.to}
                label={link.label}
                onClick={onClose}
                h={44}
              />
            ))}
          </NavLink>
        ))}
        {links.map((link) => (
          <NavLink key={link.to} component={Link} to={link.to} label={link.label} onClick={onClose} h={44} />
        ))}
        {user && (
          <NavLink component={Link} to={paths.myAccount} label="Moje konto" onClick={onClose} h={44} />
        )}
      </ScrollArea>
    </Drawer>
  );
}
