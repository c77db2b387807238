import { paged, type ListScenario } from './types.js';

/**
 * Search terms a fleet's staff type without thinking of indexes, on every searchable list
 * (docs/decisions.md, "Terms without three letters or digits in a row"): a sign alone, two letters
 * that start nothing, three letters found nowhere, single characters between signs ("1.5", "x-1",
 * "---"), two digits at a term's end ("-12"), a serial number read off a nameplate with spaces or
 * without its hyphens ("TO 2018 000122", "TO2018000122" for the fleet's "TO-2018-000122"). Measured
 * apart from the product's list calls (`lists.ts --terms`).
 */
const TERMS = ['%', 'qz', 'qzx', '1.5', 'x-1', '---', '-12', 'TO 2018 000122', 'TO2018000122'];

const LISTS: { name: string; url: (q: string) => (page: number) => string; post?: boolean }[] = [
  { name: 'maszyny', url: (q) => paged('/api/device/getByFilter', 10, { q }), post: true },
  {
    name: 'maszyny zewnętrzne',
    url: (q) => paged('/api/device-external/getByFilter', 10, { q }),
    post: true,
  },
  { name: 'serwis własne', url: (q) => paged('/api/service/findAllOrderInternal', 15, { q }) },
  { name: 'przeglądy all', url: (q) => paged('/api/device/periodicInspections/all', 15, { q }) },
  { name: 'zadania ALL', url: (q) => paged('/api/todo/get', 10, { toDoStatus: 'ALL', q }) },
  { name: 'logi', url: (q) => paged('/api/log/findAll', 20, { q }) },
  { name: 'kontrahenci', url: (q) => paged('/api/customer/findAll', 10, { q }) },
];

export const SEARCH_TERM_SCENARIOS: ListScenario[] = LISTS.flatMap((list) =>
  TERMS.map((term) => ({
    group: 'hasła',
    name: `${list.name}: szukaj "${term}"`,
    url: list.url(term),
    ...(list.post ? { body: {} } : {}),
  })),
);
