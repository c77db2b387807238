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
    path: '/machineList',
    load: async () => (await import('../features/machines/routes/machine-list-page')).MachineListPage,
  },
  {
    path: '/machineAdd',
    load: async () => (await import('../features/machines/routes/machine-add-page')).MachineAddPage,
  },
  {
    path: '/machineEdit',
    load: async () => (await import('../features/machines/routes/machine-edit-page')).MachineEditPage,
  },
  {
    path: '/machineExternalList',
    load: async () => (await import('../features/machines/routes/machine-list-page')).MachineExternalListPage,
  },
  {
    path: '/machineExternalAdd',
    load: async () => (await import('../features/machines/routes/machine-add-page')).MachineExternalAddPage,
  },
  {
    path: '/machineExternalEdit',
    load: async () => (await import('../features/machines/routes/machine-edit-page')).MachineExternalEditPage,
  },
  {
    path: '/customerList',
    load: async () => (await import('../features/customers/routes/customer-list-page')).CustomerListPage,
  },
  {
    path: '/customerAdd',
    load: async () => (await import('../features/customers/routes/customer-add-page')).CustomerAddPage,
  },
  {
    path: '/customerEdit',
    load: async () => (await import('../features/customers/routes/customer-edit-page')).CustomerEditPage,
  },
  {
    path: '/categoryList',
    load: async () => (await import('../features/categories/routes/category-list-page')).CategoryListPage,
  },
  {
    path: '/categoryAdd',
    load: async () => (await import('../features/categories/routes/category-add-page')).CategoryAddPage,
  },
  {
    path: '/categoryEdit',
    load: async () => (await import('../features/categories/routes/category-edit-page')).CategoryEditPage,
  },
  {
    path: '/servicesList',
    load: async () => (await import('../features/services/routes/services-list-page')).ServicesListPage,
  },
  {
    path: '/servicesExternalList',
    load: async () =>
      (await import('../features/services/routes/services-list-page')).ServicesExternalListPage,
  },
  {
    path: '/serviceProtocol',
    load: async () =>
      (await import('../features/protocols/routes/service-protocol-page')).ServiceProtocolPage,
  },
  {
    path: '/myAccount',
    load: async () => (await import('../features/account/routes/my-account-page')).MyAccountPage,
  },
  {
    path: '/machinePeriodicInspection',
    load: async () =>
      (await import('../features/inspections/routes/periodic-inspection-list-page'))
        .PeriodicInspectionListPage,
  },
  {
    path: '/machineTodo',
    load: async () => (await import('../features/todos/routes/todo-list-page')).TodoListPage,
  },
  {
    path: '/tutorials',
    load: async () => (await import('../features/tutorials/routes/tutorials-page')).TutorialsPage,
  },
  {
    path: '/map',
    load: async () => (await import('../features/places/routes/map-page')).MapPage,
  },
  {
    path: '/statistics',
    admin: true,
    load: async () => (await import('../features/statistics/routes/statistics-page')).StatisticsPage,
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
