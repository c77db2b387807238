import { machineSortFields } from '@serwis/domain';
import { paged, type ListScenario } from './types.js';

/** The browser's default page sizes (PAGE_SIZES: machines 10, other lists 10). */
const MACHINES = 10;
const OTHER = 10;

const internal = (name: string, extra: Record<string, string>, body: object = {}): ListScenario => ({
  group: 'maszyny',
  name: `maszyny: ${name}`,
  url: paged('/api/device/getByFilter', MACHINES, extra),
  body,
});

/** Sorts whose key is text (a collation sort) or goes through another table: both directions. */
const BOTH_DIRECTIONS = new Set(['name', 'customer', 'category', 'transferDate', 'serialNumber']);

const sorts: ListScenario[] = machineSortFields.flatMap((field) =>
  (BOTH_DIRECTIONS.has(field) ? ['asc', 'desc'] : ['asc']).map((dir) =>
    internal(`sort ${field},${dir}`, { sort: `${field},${dir}` }),
  ),
);

/** One scenario per field of deviceFilterSchema (default order), then the filters with a sort. */
const filters: [string, object][] = [
  ['filtr id', { id: 4242 }],
  ['filtr statusy', { statuses: ['FAULT', 'BROKEN'] }],
  ['filtr kontrahent', { customer: 'nowak' }],
  ['filtr kategoria', { categories: ['Tokarki'] }],
  ['filtr S/N', { serialNumber: '2024-0001' }],
  ['filtr moc', { sourcePower: '7,5kW' }],
  ['filtr daty', { dateFrom: '2024-01-01', dateTo: '2024-03-31' }],
  ['filtr gwarancja', { warranty: 'door' }],
  ['filtr ulica', { street: 'Hutnicza' }],
  ['filtr kod', { zipCode: '31-1' }],
  ['filtr miasto', { city: 'kraków' }],
  ['filtr województwa', { provinces: ['śląskie', 'opolskie'] }],
];

export const registerScenarios: ListScenario[] = [
  internal('domyślny porządek', {}),
  ...sorts,
  ...filters.map(([name, body]) => internal(name, {}, body)),
  internal(
    'miasto + kategoria, sort nazwa',
    { sort: 'name,asc' },
    { city: 'kraków', categories: ['Tokarki'] },
  ),
  internal('statusy, sort kontrahent', { sort: 'customer,asc' }, { statuses: ['FAULT', 'BROKEN'] }),
  internal('województwa, sort data malejąco', { sort: 'transferDate,desc' }, { provinces: ['śląskie'] }),
  internal('szukaj "t" (1 znak)', { q: 't' }),
  internal('szukaj "to" (2 znaki)', { q: 'to' }),
  internal('szukaj "frezarka"', { q: 'frezarka' }),
  internal('szukaj S/N "000123"', { q: '000123' }),
  internal('szukaj kontrahenta "nowak"', { q: 'nowak' }),
  internal('szukaj "nowak", sort nazwa', { q: 'nowak', sort: 'name,asc' }),
  {
    group: 'maszyny',
    name: 'maszyny zewnętrzne: domyślny porządek',
    url: paged('/api/device-external/getByFilter', MACHINES),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny zewnętrzne: sort kontrahent',
    url: paged('/api/device-external/getByFilter', MACHINES, { sort: 'customer,asc' }),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny zewnętrzne: szukaj "sp"',
    url: paged('/api/device-external/getByFilter', MACHINES, { q: 'sp' }),
    body: {},
  },
  {
    group: 'maszyny',
    name: 'maszyny kategorii 1',
    url: paged('/api/device/findByCategory/1', OTHER),
  },
  {
    group: 'maszyny',
    name: 'maszyny kategorii 1, sort nazwa',
    url: paged('/api/device/findByCategory/1', OTHER, { sort: 'name,asc' }),
  },
  {
    group: 'maszyny',
    name: 'maszyny kontrahenta 1',
    url: paged('/api/device/findByCustomer/1', OTHER),
  },
  {
    group: 'maszyny',
    name: 'maszyny kontrahenta 1, sort nazwa',
    url: paged('/api/device/findByCustomer/1', OTHER, { sort: 'name,asc' }),
  },
  { group: 'kontrahenci', name: 'kontrahenci: najnowsi', url: paged('/api/customer/findAll', OTHER) },
  {
    group: 'kontrahenci',
    name: 'kontrahenci: sort miasto',
    url: paged('/api/customer/findAll', OTHER, { sort: 'city,asc' }),
  },
  {
    group: 'kontrahenci',
    name: 'kontrahenci: szukaj "z"',
    url: paged('/api/customer/findAll', OTHER, { q: 'z' }),
  },
  {
    group: 'kontrahenci',
    name: 'kontrahenci: szukaj "nowak"',
    url: paged('/api/customer/findAll', OTHER, { q: 'nowak' }),
  },
  { group: 'kategorie', name: 'kategorie: z liczbą maszyn', url: paged('/api/category/findAll', OTHER) },
  {
    group: 'kategorie',
    name: 'kategorie: sort liczba malejąco',
    url: paged('/api/category/findAll', OTHER, { sort: 'count,desc' }),
  },
  {
    group: 'kategorie',
    name: 'kategorie: szukaj "to"',
    url: paged('/api/category/findAll', OTHER, { q: 'to' }),
  },
];
