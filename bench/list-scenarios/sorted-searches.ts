import { inspectionSortFields, machineSortFields, todoSortFields } from '@serwis/domain';
import { paged, type ListScenario } from './types.js';

/**
 * A search with a column's sort, as staff combine them: type a few letters or a customer's name,
 * then click a column's header (docs/decisions.md, "A search in a column's order"). Every sort of
 * every searchable list with a sort, both ways, with one letter ("a"), two ("sz": the start of
 * names, descriptions and customers) and a customer's name ("nowak": 332 customers at 1,000,000
 * machines). The product's list calls (list-scenarios/register.ts, service-work.ts) search in the
 * default order only. Measured apart (`lists.ts --sorted-searches`).
 */
const TERMS = ['a', 'sz', 'nowak'];
const DIRECTIONS = ['asc', 'desc'];

/** The service lists' sorts (services.list.ts SERVICE_SORT_FIELDS, the server's own list). */
const SERVICE_SORTS = ['fullNumber', 'date', 'paymentType', 'state', 'faultDescription', 'customer', 'user'];

interface SortedList {
  name: string;
  sorts: readonly string[];
  url: (sort: string, q: string) => (page: number) => string;
  post?: boolean;
}

const LISTS: SortedList[] = [
  {
    name: 'maszyny',
    sorts: machineSortFields,
    url: (sort, q) => paged('/api/device/getByFilter', 10, { sort, q }),
    post: true,
  },
  {
    name: 'maszyny zewnętrzne',
    sorts: machineSortFields,
    url: (sort, q) => paged('/api/device-external/getByFilter', 10, { sort, q }),
    post: true,
  },
  {
    name: 'serwis własne',
    sorts: SERVICE_SORTS,
    url: (sort, q) => paged('/api/service/findAllOrderInternal', 15, { sort, q }),
  },
  {
    name: 'serwis zewnętrzne',
    sorts: SERVICE_SORTS,
    url: (sort, q) => paged('/api/service/findAllOrderExternal', 15, { sort, q }),
  },
  {
    name: 'przeglądy onlyActual',
    sorts: inspectionSortFields,
    url: (sort, q) => paged('/api/device/periodicInspections/onlyActual', 15, { sort, q }),
  },
  {
    name: 'przeglądy all',
    sorts: inspectionSortFields,
    url: (sort, q) => paged('/api/device/periodicInspections/all', 15, { sort, q }),
  },
  {
    name: 'zadania ALL',
    sorts: todoSortFields,
    url: (sort, q) => paged('/api/todo/get', 10, { toDoStatus: 'ALL', sort, q }),
  },
];

export const SORTED_SEARCH_SCENARIOS: ListScenario[] = LISTS.flatMap((list) =>
  list.sorts.flatMap((field) =>
    DIRECTIONS.flatMap((direction) =>
      TERMS.map((q) => ({
        group: 'sortowanie',
        name: `${list.name}: sort ${field},${direction}, szukaj "${q}"`,
        url: list.url(`${field},${direction}`, q),
        ...(list.post ? { body: {} } : {}),
      })),
    ),
  ),
);
