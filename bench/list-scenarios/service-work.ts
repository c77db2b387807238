import { paged, type ListScenario } from './types.js';

/**
 * Service events, periodic inspections, to-dos, incidents, logs: each call as the browser makes it
 * (page sizes from PAGE_SIZES: services and inspections 15, to-dos 10, logs 20).
 */
const INTERNAL = '/api/service/findAllOrderInternal';
const EXTERNAL = '/api/service/findAllOrderExternal';

/** A machine present at every size (ids 1…machines), for the machine card's lists. */
const DEVICE = 7;

const serviceSorts: [string, string][] = [
  ['numer malejąco', 'fullNumber,desc'],
  ['numer rosnąco', 'fullNumber,asc'],
  ['data malejąco', 'date,desc'],
  ['stan', 'state,asc'],
  ['płatność', 'paymentType,asc'],
  ['opis usterki', 'faultDescription,asc'],
  ['kontrahent', 'customer,asc'],
  ['serwisant', 'user,asc'],
];

/** q of 1, 2 and 3+ characters: a number, a customer's name, the description. */
const serviceSearches: [string, string][] = [
  ['szukaj "7" (1 znak)', '7'],
  ['szukaj "25" (2 znaki)', '25'],
  ['szukaj "Sz" (2 znaki)', 'Sz'],
  ['szukaj "wyciek"', 'wyciek'],
  ['szukaj "Szymański" (kontrahent)', 'Szymański'],
  ['szukaj "12/2025" (numer)', '12/2025'],
  ['szukaj "zzzz" (brak)', 'zzzz'],
];

const inspectionSorts: [string, string][] = [
  ['dni do przeglądu', 'daysToNextInspection,asc'],
  ['ostatni przegląd malejąco', 'lastInspection,desc'],
  ['nazwa', 'name,asc'],
  ['kontrahent', 'customer,asc'],
  ['miasto', 'city,asc'],
  ['koniec gwarancji', 'daysToEndWarranty,asc'],
];

const only1 = [1];

export const serviceWorkScenarios: ListScenario[] = [
  ...serviceSorts.map(([name, sort]) => ({
    group: 'serwis',
    name: `serwis własne: ${name}`,
    url: paged(INTERNAL, 15, { sort }),
  })),
  ...serviceSearches.map(([name, q]) => ({
    group: 'serwis',
    name: `serwis własne: ${name}`,
    url: paged(INTERNAL, 15, { q }),
  })),
  {
    group: 'serwis',
    name: 'serwis zewnętrzne: numer malejąco',
    url: paged(EXTERNAL, 15),
  },
  {
    group: 'serwis',
    name: 'serwis zewnętrzne: kontrahent',
    url: paged(EXTERNAL, 15, { sort: 'customer,desc' }),
  },
  {
    group: 'serwis',
    name: 'serwis zewnętrzne: szukaj "wyciek"',
    url: paged(EXTERNAL, 15, { q: 'wyciek' }),
  },
  {
    group: 'serwis',
    name: 'serwis maszyny (karta)',
    url: paged(`/api/service/findByDeviceWithFilesEnitiy/${DEVICE}`, 15),
    pages: only1,
  },
  ...(['onlyActual', 'all'] as const).flatMap((mode) => [
    ...inspectionSorts.map(([name, sort]) => ({
      group: 'przeglady',
      name: `przeglądy ${mode}: ${name}`,
      url: paged(`/api/device/periodicInspections/${mode}`, 15, { sort }),
    })),
    ...[
      ['1 znak', '7'],
      ['2 znaki', 'Sz'],
      ['"Spawarka"', 'Spawarka'],
    ].map(([name, q]) => ({
      group: 'przeglady',
      name: `przeglądy ${mode}: szukaj ${name}`,
      url: paged(`/api/device/periodicInspections/${mode}`, 15, { q: q! }),
    })),
  ]),
  ...(['ALL', 'TODO'] as const).flatMap((toDoStatus) => [
    ...[
      ['nr malejąco', 'id,desc'],
      ['data', 'date,asc'],
      ['status', 'toDoStatus,asc'],
      ['opis', 'description,asc'],
    ].map(([name, sort]) => ({
      group: 'zadania',
      name: `zadania ${toDoStatus}: ${name}`,
      url: paged('/api/todo/get', 10, { toDoStatus, sort: sort! }),
    })),
    {
      group: 'zadania',
      name: `zadania ${toDoStatus}: szukaj "ofert"`,
      url: paged('/api/todo/get', 10, { toDoStatus, q: 'ofert' }),
    },
    {
      group: 'zadania',
      name: `zadania ${toDoStatus}: szukaj "Sz" (2 znaki)`,
      url: paged('/api/todo/get', 10, { toDoStatus, q: 'Sz' }),
    },
  ]),
  // The machine card's "Zdarzenia" tab: not paged, always one machine.
  {
    group: 'incydenty',
    name: 'incydenty maszyny',
    url: () => `/api/incident/findByParameters?deviceId=${DEVICE}&showService=true`,
    pages: only1,
  },
  {
    group: 'incydenty',
    name: 'incydenty maszyny: tekst i daty',
    url: () =>
      `/api/incident/findByParameters?deviceId=${DEVICE}&text=oleju&dateFrom=2024-01-01T00:00:00&dateTo=2026-12-31T23:59:59.999999`,
    pages: only1,
  },
  {
    group: 'incydenty',
    name: 'incydenty: tekst bez maszyny (brak)',
    url: () => '/api/incident/findByParameters?text=zzzz',
    pages: only1,
  },
  {
    group: 'incydenty',
    name: 'incydenty: jeden dzień bez maszyny',
    url: () => '/api/incident/findByParameters?dateFrom=2025-06-01&dateTo=2025-06-01',
    pages: only1,
  },
  {
    group: 'logi',
    name: 'logi: najnowsze',
    url: paged('/api/log/findAll', 20),
  },
  ...[
    ['"serwis"', 'serwis'],
    ['"S" (1 znak)', 'S'],
    ['"Sz" (2 znaki)', 'Sz'],
    ['"protokołu nr 25000"', 'protokołu nr 25000'],
    ['"zzzz" (brak)', 'zzzz'],
  ].map(([name, q]) => ({
    group: 'logi',
    name: `logi: szukaj ${name}`,
    url: paged('/api/log/findAll', 20, { q: q! }),
  })),
];
