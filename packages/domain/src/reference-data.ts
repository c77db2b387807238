/** Reference lists shared by the server (`GET /api/reference-data`) and the browser. */

/**
 * The statuses' badge colours (also the map's markers): greys and blues for the early stages, green
 * for OK, yellow → orange → red → dark red for the trouble states. Each label is readable on its
 * background (WCAG AA, 4.5:1): white on the dark ones, dark text on the light and bright ones.
 */
export const MACHINE_STATUSES = [
  { name: 'PRODUCTION', label: 'Produkcja', weight: 1, colorBackground: '#ced4da', colorText: '#212529' },
  { name: 'TRANSPORT', label: 'Transport', weight: 2, colorBackground: '#a5d8ff', colorText: '#0b3d6b' },
  { name: 'INSTALLATION', label: 'Instalacja', weight: 3, colorBackground: '#1971c2', colorText: '#ffffff' },
  { name: 'OK', label: 'Ok', weight: 4, colorBackground: '#237a35', colorText: '#ffffff' },
  { name: 'IN_REPAIR', label: 'W naprawie', weight: 5, colorBackground: '#ffe066', colorText: '#5c4400' },
  { name: 'FAULT', label: 'Usterka', weight: 6, colorBackground: '#fd7e14', colorText: '#212529' },
  { name: 'BROKEN', label: 'Awaria', weight: 7, colorBackground: '#c92a2a', colorText: '#ffffff' },
  { name: 'DANGER', label: 'Pilna awaria', weight: 8, colorBackground: '#7a0c0c', colorText: '#ffffff' },
] as const;

export type MachineStatus = (typeof MACHINE_STATUSES)[number]['name'];
export const MACHINE_STATUS_NAMES = MACHINE_STATUSES.map((s) => s.name) as [
  MachineStatus,
  ...MachineStatus[],
];
export const DEFAULT_MACHINE_STATUS: MachineStatus = 'PRODUCTION';

/** Finds a status by its enum name or its Polish label (filters accept both). */
export function findMachineStatus(nameOrLabel: string) {
  const wanted = nameOrLabel.trim().toLowerCase();
  return MACHINE_STATUSES.find((s) => s.name.toLowerCase() === wanted || s.label.toLowerCase() === wanted);
}

export const SERVICE_TYPES = [
  { name: 'PRZEGLAD_OKRESOWY', label: 'Przegląd okresowy' },
  { name: 'NAPRAWA', label: 'Naprawa' },
  { name: 'SZKOLENIE_OPERATOROW', label: 'Szkolenie operatorów' },
  { name: 'INSTALACJA', label: 'Instalacja' },
  { name: 'PROTOKOL_PRZEDMONTAZOWY', label: 'Protokół przedmontażowy' },
  { name: 'MONTAZ', label: 'Protokół montażu' },
] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number]['name'];
export const SERVICE_TYPE_NAMES = SERVICE_TYPES.map((s) => s.name) as [ServiceType, ...ServiceType[]];

export const PAYMENT_TYPES = [
  { name: 'PLATNA', label: 'Płatna' },
  { name: 'GWARANCYJNA', label: 'Gwarancyjna' },
  { name: 'DO_DECYZJI_GWARANTA', label: 'Do decyzji gwaranta' },
] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]['name'];
export const PAYMENT_TYPE_NAMES = PAYMENT_TYPES.map((s) => s.name) as [PaymentType, ...PaymentType[]];
export const DEFAULT_PAYMENT_TYPE: PaymentType = 'PLATNA';

export const SERVICE_STATES = [
  { name: 'UTWORZONY', label: 'Utworzony' },
  { name: 'PODPISANY', label: 'Podpisany' },
  { name: 'ODRZUCONY', label: 'Odrzucony' },
  { name: 'DODAJ_SKAN', label: 'Dodaj skan' },
] as const;
export type ServiceState = (typeof SERVICE_STATES)[number]['name'];
export const SERVICE_STATE_NAMES = SERVICE_STATES.map((s) => s.name) as [ServiceState, ...ServiceState[]];
/** A service event's state in words ("Dodaj skan"); an unknown name as it is. */
export const serviceStateLabel = (name: string): string =>
  SERVICE_STATES.find((s) => s.name === name)?.label ?? name;

/** First entry is empty: "no province". */
export const PROVINCES = [
  '',
  'dolnośląskie',
  'kujawsko-pomorskie',
  'lubelskie',
  'lubuskie',
  'łódzkie',
  'małopolskie',
  'mazowieckie',
  'opolskie',
  'podkarpackie',
  'podlaskie',
  'pomorskie',
  'śląskie',
  'świętokrzyskie',
  'warmińsko-mazurskie',
  'wielkopolskie',
  'zachodniopomorskie',
] as const;

export const PAGE_SIZES = {
  machines: { sizes: [10, 20, 30, 50, 100], default: 10 },
  services: { sizes: [15, 30, 50, 100], default: 15 },
  inspections: { sizes: [15, 30, 50, 100], default: 15 },
  /** Spec leaves these lists open; we reuse the machine-list set. */
  other: { sizes: [10, 20, 30, 50, 100], default: 10 },
} as const;

export const FILE_TYPES = ['MACHINE_FILE', 'MACHINE_PARAMETER', 'MACHINE_NAMEPLATE'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/**
 * The list's spelling of a province typed in any case ("Mazowieckie" → "mazowieckie"), else the
 * text as typed, trimmed (refused by the schemas). The forms offer the list; a spreadsheet or an
 * API client writes the name.
 */
export const listedProvince = (value: string): string => {
  const wanted = value.trim().toLocaleLowerCase('pl');
  return PROVINCES.find((p) => p === wanted) ?? value.trim();
};

/** The machine card's tab of each kind of file, as the card and the log name it. */
export const FILE_TYPE_TABS: Record<FileType, string> = {
  MACHINE_FILE: 'Pliki',
  MACHINE_PARAMETER: 'Parametry',
  MACHINE_NAMEPLATE: 'Tabliczki znamionowe',
};

export const ROLES = [
  { id: 1, role: 'ADMIN' },
  { id: 2, role: 'USER' },
] as const;
export type RoleName = (typeof ROLES)[number]['role'];

export const TODO_STATUSES = ['TODO', 'DONE'] as const;
export type ToDoStatus = (typeof TODO_STATUSES)[number];

/** A to-do's state in words, on the list's badge and in the log. */
export const TODO_STATUS_LABELS: Record<ToDoStatus, string> = { TODO: 'Do wykonania', DONE: 'Zakończone' };
/** The label of a stored state; an unknown one as it is. */
export const todoStatusLabel = (status: string): string => TODO_STATUS_LABELS[status as ToDoStatus] ?? status;

export const MACHINE_TYPES = ['INTERNAL', 'EXTERNAL'] as const;
export type MachineType = (typeof MACHINE_TYPES)[number];

export const REFERENCE_DATA = {
  provinces: PROVINCES,
  statuses: MACHINE_STATUSES,
  serviceTypes: SERVICE_TYPES,
  paymentTypes: PAYMENT_TYPES,
  serviceStates: SERVICE_STATES,
  pageSizes: PAGE_SIZES,
  fileTypes: FILE_TYPES,
  roles: ROLES,
} as const;
