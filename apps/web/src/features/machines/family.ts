import type { MachineType } from '@serwis/domain';
import { paths, type MachineEditQuery } from '../../config/paths';

export type MachineFamily = MachineType;

/** What differs between own and external machines: API prefix, routes and titles. */
export interface FamilyConfig {
  family: MachineFamily;
  /** Prefix of the family's list, insert, update and names calls. */
  api: '/api/device' | '/api/device-external';
  listPath: string;
  addPath: string;
  editPath: (query: MachineEditQuery) => string;
  /** Route name the card returns to when opened from this list. */
  listRouteName: string;
  listTitle: string;
  addTitle: string;
  editTitle: string;
  addLabel: string;
  persistKey: string;
}

export const FAMILIES: Record<MachineFamily, FamilyConfig> = {
  INTERNAL: {
    family: 'INTERNAL',
    api: '/api/device',
    listPath: paths.machineList,
    addPath: paths.machineAdd,
    editPath: paths.machineEdit,
    listRouteName: 'machineList',
    listTitle: 'Lista maszyn',
    addTitle: 'Dodawanie nowej maszyny',
    editTitle: 'Szczegóły maszyny',
    addLabel: 'Dodaj maszynę',
    persistKey: 'machines',
  },
  EXTERNAL: {
    family: 'EXTERNAL',
    api: '/api/device-external',
    listPath: paths.machineExternalList,
    addPath: paths.machineExternalAdd,
    editPath: paths.machineExternalEdit,
    listRouteName: 'machineExternalList',
    listTitle: 'Lista maszyn zewnętrznych',
    addTitle: 'Dodawanie nowej maszyny zewnętrznej',
    editTitle: 'Szczegóły maszyny zewnętrznej',
    addLabel: 'Dodaj maszynę zewnętrzną',
    persistKey: 'machines-external',
  },
};

/**
 * `prev` names the route to return to (`machineList`, `customerList`, ...). Only a bare route name
 * is accepted, so a crafted link cannot send the user to another site.
 */
export function prevPath(prev: string | null | undefined, config: FamilyConfig) {
  return prev && /^[A-Za-z][A-Za-z0-9]*$/.test(prev) ? `/${prev}` : config.listPath;
}
