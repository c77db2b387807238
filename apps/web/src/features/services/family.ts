import type { MachineType } from '@serwis/domain';
import { paths, type MachineEditQuery } from '../../config/paths';

/** What differs between the service lists of own and external machines. */
export interface ServiceListConfig {
  family: MachineType;
  api: '/api/service/findAllOrderInternal' | '/api/service/findAllOrderExternal';
  title: string;
  /** Route name the machine card returns to (`prev`). */
  routeName: string;
  machinePath: (query: MachineEditQuery) => string;
  persistKey: string;
}

export const SERVICE_LISTS: Record<MachineType, ServiceListConfig> = {
  INTERNAL: {
    family: 'INTERNAL',
    api: '/api/service/findAllOrderInternal',
    title: 'Lista zdarzeń serwisowych',
    routeName: 'servicesList',
    machinePath: paths.machineEdit,
    persistKey: 'services',
  },
  EXTERNAL: {
    family: 'EXTERNAL',
    api: '/api/service/findAllOrderExternal',
    title: 'Lista zdarzeń serwisowych dla maszyn zewnętrznych',
    routeName: 'servicesExternalList',
    machinePath: paths.machineExternalEdit,
    persistKey: 'services-external',
  },
};
