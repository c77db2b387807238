import { navigation, navigationLinks } from '../navigation';
import { useSession } from '../../features/auth/api/session';

/** The menus and links this user may see: admin-only entries are left out for USER. */
export function useVisibleNavigation() {
  const { data: user } = useSession();
  const isAdmin = Boolean(user?.isAdmin);
  return {
    user,
    menus: user ? navigation.filter((m) => m.links.length > 0 && (!m.admin || isAdmin)) : [],
    links: user ? navigationLinks.filter((l) => !l.admin || isAdmin) : [],
  };
}
