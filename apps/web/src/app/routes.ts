import type { ComponentType } from 'react';

export interface ScreenRoute {
  path: string;
  admin?: boolean;
  load: () => Promise<ComponentType>;
}

/** Every screen behind the session check (spec §2 route table). */
export const protectedRoutes: ScreenRoute[] = [
  { path: '/home', load: async () => (await import('../features/home/routes/home-page')).HomePage },
  {
    path: '/myAccount',
    load: async () => (await import('../features/account/routes/my-account-page')).MyAccountPage,
  },
  {
    path: '/logs',
    admin: true,
    load: async () => (await import('../features/logs/routes/logs-page')).LogsPage,
  },
  {
    path: '/userList',
    admin: true,
    load: async () => (await import('../features/users/routes/user-list-page')).UserListPage,
  },
  {
    path: '/userAdd',
    admin: true,
    load: async () => (await import('../features/users/routes/user-add-page')).UserAddPage,
  },
  {
    path: '/userEdit',
    admin: true,
    load: async () => (await import('../features/users/routes/user-edit-page')).UserEditPage,
  },
];
