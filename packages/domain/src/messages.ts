/** Every Polish sentence the user can see, written once for server and browser. */
export const MSG = {
  // session and accounts
  loginFailed: 'Błędny login lub hasło.',
  connectionError: 'Błąd połączenia z serwerem.',
  unknownError: 'Nieznany błąd.',
  sessionRequired: 'Sesja wygasła lub nie jesteś zalogowany. Zaloguj się ponownie.',
  csrfMissing: 'Żądanie odrzucone: brak nagłówka X-Requested-With.',
  tooManyAttempts: 'Zbyt wiele prób. Spróbuj ponownie za kilka minut.',
  badBasicHeader: 'Nieprawidłowy nagłówek logowania.',
  resetUnknownEmail: 'Podany email nie istnieje w naszej baszie danych.',
  resetSent: 'Na podany email zostało wysłane nowe hasło.',
  wrongOldPassword: 'Błędne hasło.',
  newPasswordTooShort: 'Nowe hasło musi mieć conajmniej 8 znaków',
  newPasswordsDiffer: 'Nowe hasła muszą być takie same',
  invalidEmail: 'Nieprawidłowy adres email',
  passwordChanged: 'Hasło zostało zmienione.',
  // permissions
  forbidden: 'Brak uprawnień do tej operacji.',
  forbiddenBang: 'Brak uprawnień do tej operacji!',
  forbiddenShort: 'Brak uprawnień!',
  forbiddenIncident: 'Brak uprawnień.',
  // employees
  positionTooShort: 'Stanowisko musi mieć min 3 znaki.',
  positionTooShortEdit: 'Stanowisko musi mieć min. 3 znaki.',
  employeeEmailExists: 'Podany email już istnieje w bazie danych.',
  employeeAdded: 'Dodano pomyślnie użytkownika. Na podany adres email zostało wysłane hasło do konta.',
  employeeSaveFailed: 'Błąd zapisu do bazy danych.',
  employeeSaved: 'Zapisano pomyślnie.',
  employeeInUse:
    'Nie można usunąć pracownika, z którym są powiązane zapisy w systemie. Oznacz go jako nieaktywnego.',
  employeeNotFound: 'Nie znaleziono pracownika.',
  cannotDeleteSelf: 'Nie można usunąć własnego konta.',
  cannotDemoteLastAdmin: 'W systemie musi pozostać co najmniej jeden aktywny administrator.',
  requiredField: 'To pole jest wymagane.',
  // generic
  error: 'Błąd!',
  invalidInput: 'Nieprawidłowe dane.',
  notFound: 'Nie znaleziono.',
  pageNotFound: 'Przepraszamy podana strona nie istnieje!',
  loading: 'Ładowanie danych',
  noData: 'Brak danych',
  saved: 'Zapisano',
  conflict: 'Operacja niedozwolona: rekord jest powiązany z innymi danymi.',
  duplicate: 'Taki rekord już istnieje.',
  tooLarge: 'Plik jest za duży.',
} as const;

export type MessageKey = keyof typeof MSG;

/** Messages for generic validation failures, named after the field. */
export const validationMessage = {
  tooLong: (max: number) => `Tekst może mieć najwyżej ${max} znaków.`,
  required: 'To pole jest wymagane.',
  wrongType: 'Nieprawidłowa wartość pola.',
  field: (field: string, detail: string) => (field ? `Pole „${field}”: ${detail}` : detail),
} as const;
