import { MSG, validationMessage } from '../messages.js';

/** Polish names of the API's fields, used when a generic validation message must say which one. */
export const FIELD_LABELS: Record<string, string> = {
  id: 'Id',
  name: 'Nazwa',
  category: 'Kategoria',
  categories: 'Kategorie',
  customer: 'Kontrahent',
  serialNumber: 'Numer seryjny',
  sourcePower: 'Moc',
  transferDate: 'Data przekazania',
  warrantyLength: 'Okres gwarancji',
  warranty: 'Rodzaj gwarancji',
  streetAddress: 'Ulica',
  street: 'Ulica',
  zipCode: 'Kod pocztowy',
  city: 'Miejscowość',
  province: 'Województwo',
  provinces: 'Województwa',
  status: 'Status',
  statuses: 'Statusy',
  type: 'Typ',
  date: 'Data',
  dateFrom: 'Data od',
  dateTo: 'Data do',
  number: 'Numer protokołu',
  numberExtension: 'Litera numeru protokołu',
  paymentType: 'Rodzaj płatności',
  isToSign: 'Podpisz przy zapisie',
  faultDescription: 'Opis usterki',
  period: 'Okres przeglądu',
  devices: 'Maszyny',
  device: 'Maszyna',
  deviceId: 'Maszyna',
  service: 'Zdarzenie serwisowe',
  shortName: 'Nazwa skrócona',
  fullName: 'Pełna nazwa',
  nip: 'NIP',
  regon: 'REGON',
  phoneNumber: 'Telefon',
  phone: 'Telefon',
  email: 'E-mail',
  www: 'Strona www',
  text: 'Treść',
  description: 'Opis',
  decsription: 'Opis',
  producer: 'Producent',
  userName: 'Stanowisko',
  firstName: 'Imię',
  lastName: 'Nazwisko',
  password: 'Hasło',
  oldPassword: 'Stare hasło',
  newPassword: 'Nowe hasło',
  country: 'Kraj',
  active: 'Aktywny',
  roles: 'Role',
  vacationDays: 'Dni urlopu',
  recipients: 'Adresy e-mail',
  toDoStatus: 'Status zadania',
  todo: 'Zadanie',
  showService: 'Pokaż serwis',
  isPeriodicInspectionEnabled: 'Przeglądy okresowe',
  serviceReviewOperationsList: 'Czynności serwisowe',
  latitude: 'Szerokość geograficzna',
  longitude: 'Długość geograficzna',
  filename: 'Nazwa pliku',
  fileName: 'Nazwa pliku',
  file: 'Plik',
  fileJson: 'Dane pliku',
  serviceJson: 'Dane zdarzenia serwisowego',
  protocolSerwisowyFile: 'Plik protokołu',
  orderNumber: 'Kolejność',
  page: 'Strona',
  size: 'Liczba wierszy',
  sort: 'Sortowanie',
  q: 'Szukaj',
};

/** A dotted field path from a validator's path (`['devices', 0, 'id']` → `devices.0.id`). */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path.map((part) => String(part)).join('.');
}

/** The Polish name of the field a path points at: its last named segment, or the record an `id` is of (`customer.id` → Kontrahent). */
export function fieldLabel(path: string): string {
  const named = path.split('.').filter((part) => part !== '' && !/^\d+$/.test(part));
  if (named.length > 1 && named.at(-1) === 'id') named.pop();
  for (let i = named.length - 1; i >= 0; i--) {
    const label = FIELD_LABELS[named[i]!];
    if (label) return label;
  }
  return named.at(-1) ?? path;
}

const POLISH_TEXT =
  /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|\b(Pole|Tekst|musi|Nieprawid|Wybierz|Uzupełnij|Brak|Podaj|Niepoprawn)/;
const GENERIC: ReadonlySet<string> = new Set([
  validationMessage.wrongType,
  validationMessage.required,
  MSG.invalidInput,
  MSG.invalidDate,
]);

/**
 * The message of a failed field: a specific Polish message stays as written (spec wording names its
 * field already); a generic or non-Polish one (a library's English) says which field it is about.
 */
export function fieldErrorMessage(path: string, message: string | undefined): string {
  const polish =
    message && (GENERIC.has(message) || POLISH_TEXT.test(message)) ? message : validationMessage.wrongType;
  const generic = GENERIC.has(polish) || polish.startsWith('Tekst może mieć');
  return generic && path ? validationMessage.field(fieldLabel(path), polish) : polish;
}
