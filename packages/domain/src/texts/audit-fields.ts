import { MACHINE_STATUSES, PAYMENT_TYPES, SERVICE_TYPES } from '../reference-data.js';

/**
 * The fields of a record as the audit log names them when an edit changes them ("status: Ok →
 * Awaria"): the form's labels, lower-case. A field left out of a list is never named in the log.
 */
export const DEVICE_AUDIT_FIELDS = {
  name: 'nazwa',
  status: 'status',
  categoryName: 'kategoria',
  customerShortName: 'kontrahent',
  serialNumber: 'numer seryjny',
  sourcePower: 'moc źródła',
  transferDate: 'data przekazania',
  warrantyLength: 'długość gwarancji (miesiące)',
  warranty: 'rodzaj gwarancji',
  streetAddress: 'ulica',
  zipCode: 'kod pocztowy',
  city: 'miasto',
  province: 'województwo',
} as const;

export const CUSTOMER_AUDIT_FIELDS = {
  shortName: 'nazwa skrócona',
  fullName: 'nazwa pełna',
  streetAddress: 'ulica',
  zipCode: 'kod pocztowy',
  city: 'miejscowość',
  province: 'województwo',
  nip: 'NIP',
  regon: 'REGON',
  phoneNumber: 'telefon',
  email: 'e-mail',
  inspectionNotices: 'przypomnienia o przeglądach',
} as const;

export const SERVICE_AUDIT_FIELDS = {
  number: 'numer',
  date: 'data',
  types: 'typ',
  paymentType: 'płatność',
  period: 'okres (miesiące)',
  customer: 'kontrahent',
  machines: 'maszyny',
  isToSign: 'podpis przy zapisie',
  /** Long free text: named without its values. */
  faultDescription: 'opis usterki zmieniony',
  todo: 'zadanie',
} as const;

export const PART_AUDIT_FIELDS = {
  name: 'nazwa',
  serialNumber: 'numer seryjny',
  producer: 'producent',
  description: 'opis',
} as const;

export const HOTEL_AUDIT_FIELDS = {
  name: 'nazwa',
  streetAddress: 'ulica',
  zipCode: 'kod pocztowy',
  city: 'miasto',
  province: 'województwo',
  phone: 'telefon',
  email: 'e-mail',
  www: 'strona www',
  description: 'opis',
  position: 'położenie',
} as const;

export const INCIDENT_AUDIT_FIELDS = {
  machine: 'maszyna',
  date: 'data',
  text: 'treść',
  service: 'zdarzenie serwisowe',
} as const;

/** The log's words for the event's to-do when an edit adds, removes or rewrites it. */
export const SERVICE_TODO_AUDIT = {
  added: 'dodanie zadania',
  removed: 'usunięcie zadania',
  changed: 'treść zadania zmieniona',
} as const;

const labelIn =
  (list: readonly { name: string; label: string }[]) =>
  (name: string | null | undefined): string =>
    list.find((item) => item.name === name)?.label ?? name ?? '';

/** A stored value's Polish label ("BROKEN" → "Awaria"); an unknown one as it is. */
export const machineStatusLabel = labelIn(MACHINE_STATUSES);
export const serviceTypeLabel = labelIn(SERVICE_TYPES);
export const paymentTypeLabel = labelIn(PAYMENT_TYPES);
/** An event's types in words, joined: "Przegląd okresowy, Naprawa" (the lists and their CSV). */
export const serviceTypesLabel = (types: readonly string[]) => types.map(serviceTypeLabel).join(', ');
