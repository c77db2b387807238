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
  {
    label: 'Maszyny',
    links: [
      { label: 'Dodaj maszynę', to: paths.machineAdd },
      { label: 'Lista maszyn', to: paths.machineList },
      { label: 'Zdarzenia serwisowe', to: paths.servicesList },
      { label: 'Przeglądy', to: paths.machinePeriodicInspection },
      { label: 'Zadania', to: paths.machineTodo },
      { label: 'Mapa maszyn', to: paths.map },
    ],
  },
  {
    label: 'Maszyny zewnętrzne',
    links: [
      { label: 'Dodaj maszynę zewnętrzną', to: paths.machineExternalAdd },
      { label: 'Lista maszyn zewnętrznych', to: paths.machineExternalList },
      { label: 'Zdarzenia serwisowe', to: paths.servicesExternalList },
    ],
  },
  {
    label: 'Kontrahenci',
    links: [
      { label: 'Dodaj kontrahenta', to: paths.customerAdd },
      { label: 'Lista kontrahentów', to: paths.customerList },
    ],
  },
  {
    label: 'Kategorie',
    links: [
      { label: 'Dodaj kategorię', to: paths.categoryAdd },
      { label: 'Lista kategorii', to: paths.categoryList },
    ],
  },
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
  { label: 'Tutoriale', to: paths.tutorials },
  { label: 'Statystyki', to: paths.statistics, admin: true },
  { label: 'Logi', to: paths.logs, admin: true },
];

export interface HomeTile {
  label: string;
  to: string;
  admin?: boolean;
  description: string;
}

export const homeTiles: HomeTile[] = [
  { label: 'Maszyny', to: paths.machineList, description: 'Maszyny własnej produkcji u klientów' },
  {
    label: 'Maszyny zewnętrzne',
    to: paths.machineExternalList,
    description: 'Serwisowane maszyny innych producentów',
  },
  { label: 'Kontrahenci', to: paths.customerList, description: 'Klienci i ich maszyny' },
  { label: 'Kategorie', to: paths.categoryList, description: 'Rodzaje maszyn i czynności serwisowe' },
  { label: 'Pracownicy', to: paths.userList, admin: true, description: 'Konta, role i urlopy' },
  { label: 'Logi', to: paths.logs, admin: true, description: 'Kto, co i kiedy zmienił' },
];
