import { paged, type ListScenario } from './types.js';

/** Machines of both families, customers, categories. */
export const registerScenarios: ListScenario[] = [
  {
    group: 'maszyny',
    name: 'maszyny: domyślny porządek',
    url: paged('/api/device/getByFilter', 10),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny: sort nazwa',
    url: paged('/api/device/getByFilter', 50, { sort: 'name,asc' }),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny: miasto + kategoria',
    url: paged('/api/device/getByFilter', 50, { sort: 'name,asc' }),
    body: { city: 'kraków', categories: ['Tokarki'] },
  },
  {
    group: 'maszyny',
    name: 'maszyny: szukaj "frezarka"',
    url: paged('/api/device/getByFilter', 20, { q: 'frezarka' }),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny zewnętrzne: domyślny porządek',
    url: paged('/api/device-external/getByFilter', 10),
    body: {},
  },
  {
    group: 'kontrahenci',
    name: 'kontrahenci: najnowsi',
    url: paged('/api/customer/findAll', 20),
  },
  {
    group: 'kontrahenci',
    name: 'kategorie: z liczbą maszyn',
    url: paged('/api/category/findAll', 20),
  },
];
