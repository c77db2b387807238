import { paths } from '../config/paths';

export interface NavLinkItem {
  label: string;
  to: string;
}
export interface NavMenu {
  label: string;
  admin?: boolean;
  links: NavLinkItem[];
}

/**
 * The navigation bar of spec §2. A menu or link appears here when its screen exists; menus with
 * no links are not shown.
 */
export const navigation: NavMenu[] = [
  { label: 'Maszyny', links: [] },
  { label: 'Maszyny zewnętrzne', links: [] },
  { label: 'Kontrahenci', links: [] },
  { label: 'Kategorie', links: [] },
  {
    label: 'Pracownicy',
    admin: true,
    links: [
      { label: 'Dodaj pracownika', to: paths.userAdd },
      { label: 'Lista pracowników', to: paths.userList },
    ],
  },
];

/** Single links beside the menus. */
export const navigationLinks: (NavLinkItem & { admin?: boolean })[] = [
  { label: 'Logi', to: paths.logs, admin: true },
];

export interface HomeTile {
  label: string;
  to: string;
  admin?: boolean;
  description: string;
}

export const homeTiles: HomeTile[] = [
  { label: 'Pracownicy', to: paths.userList, admin: true, description: 'Konta, role i urlopy' },
  { label: 'Logi', to: paths.logs, admin: true, description: 'Kto, co i kiedy zmienił' },
];
