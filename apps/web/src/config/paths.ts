import type { Customer } from '@serwis/domain';

/** Every in-app link is built here, so no URL is glued together by hand elsewhere. */
type Query = Record<string, string | number | null | undefined>;

export function withQuery(path: string, query: Query = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The machine card's query: `prev` is the route name to return to (e.g. `machineList`). */
export interface MachineEditQuery {
  id: number;
  customerId?: number | null;
  prev?: string;
  activeTab?: string;
}

export const paths = {
  root: '/',
  login: '/login',
  home: '/home',
  privacy: '/privacy',
  myAccount: '/myAccount',
  logs: '/logs',
  userList: '/userList',
  userAdd: '/userAdd',
  userEdit: (id: number) => withQuery('/userEdit', { id }),
  customerList: '/customerList',
  customerAdd: '/customerAdd',
  /** Spec §2: the row's fields travel in the query (URLSearchParams escapes `&`). */
  customerEdit: (c: Customer) =>
    withQuery('/customerEdit', {
      id: c.id,
      shortName: c.shortName,
      fullName: c.fullName,
      streetAddress: c.streetAddress,
      zipCode: c.zipCode,
      city: c.city,
      province: c.province,
      nip: c.nip,
      regon: c.regon,
      phoneNumber: c.phoneNumber,
      email: c.email,
    }),
  /** The same card by its id alone (where only the id is known; the card reads the rest itself). */
  customerCard: (id: number) => withQuery('/customerEdit', { id }),
  categoryList: '/categoryList',
  categoryAdd: '/categoryAdd',
  categoryEdit: (category: { id: number; name: string }) =>
    withQuery('/categoryEdit', { id: category.id, name: category.name }),
  machineList: '/machineList',
  machineAdd: '/machineAdd',
  machineEdit: (q: MachineEditQuery) => withQuery('/machineEdit', { ...q }),
  machineExternalList: '/machineExternalList',
  machineExternalAdd: '/machineExternalAdd',
  machineExternalEdit: (q: MachineEditQuery) => withQuery('/machineExternalEdit', { ...q }),
  servicesList: '/servicesList',
  servicesExternalList: '/servicesExternalList',
  machinePeriodicInspection: '/machinePeriodicInspection',
  machineTodo: '/machineTodo',
  statistics: '/statistics',
  tutorials: '/tutorials',
  map: '/map',
  /** The field protocol of a service event (issue 8); `prev` is the full path to return to. */
  serviceProtocol: (id: number, prev?: string) => withQuery('/serviceProtocol', { id, prev }),
  protocolPdf: (id: number) => `/api/service/protocol-pdf/${id}`,
} as const;
