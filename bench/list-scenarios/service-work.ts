import { paged, type ListScenario } from './types.js';

/** Service events, periodic inspections, to-dos, incidents, logs. */
export const serviceWorkScenarios: ListScenario[] = [
  {
    group: 'serwis',
    name: 'serwis własne: numer malejąco',
    url: paged('/api/service/findAllOrderInternal', 15),
  },
  {
    group: 'serwis',
    name: 'serwis własne: szukaj "wyciek"',
    url: paged('/api/service/findAllOrderInternal', 15, { q: 'wyciek' }),
  },
  {
    group: 'serwis',
    name: 'serwis zewnętrzne: numer malejąco',
    url: paged('/api/service/findAllOrderExternal', 15),
  },
  {
    group: 'przeglady',
    name: 'przeglądy onlyActual',
    url: paged('/api/device/periodicInspections/onlyActual', 15),
  },
  {
    group: 'przeglady',
    name: 'przeglądy all',
    url: paged('/api/device/periodicInspections/all', 15),
  },
  {
    group: 'zadania',
    name: 'zadania: wszystkie',
    url: paged('/api/todo/get', 20),
  },
  {
    group: 'logi',
    name: 'logi: najnowsze',
    url: paged('/api/log/findAll', 20),
  },
  {
    group: 'logi',
    name: 'logi: szukaj "serwis"',
    url: paged('/api/log/findAll', 20, { q: 'serwis' }),
  },
];
