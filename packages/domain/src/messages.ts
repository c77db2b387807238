import { polishPlural } from './rules/numbers.js';

/**
 * The application's name, as the user sees it: the navigation bar, the browser tab, the footer, the
 * PDFs it makes and the login a browser asks for.
 */
export const APP_NAME = 'Serwis';

/** Every Polish sentence the user can see, written once for server and browser. */
export const MSG = {
  // session and accounts
  loginFailed: 'Błędny login lub hasło.',
  connectionError: 'Błąd połączenia z serwerem.',
  unknownError: 'Nieznany błąd.',
  serverStopping:
    'Serwer jest właśnie zatrzymywany lub uruchamiany ponownie. Nic nie zapisano, spróbuj za chwilę.',
  serverDiskFull: 'Brak miejsca na dysku serwera. Nic nie zapisano; zgłoś to administratorowi.',
  serverBackendDown:
    'Baza danych lub magazyn plików jest chwilowo niedostępny. Nic nie zapisano, spróbuj za chwilę.',
  /** A long answer (a whole list, an export, a label sheet) refused while enough others are made. */
  serverBusy: 'Serwer przygotowuje teraz wiele dużych zestawień naraz. Spróbuj ponownie za chwilę.',
  sessionRequired: 'Sesja wygasła lub nie zalogowano się. Zaloguj się ponownie.',
  /** The browser's session is now another employee's (logged in in another tab). */
  sessionOfAnotherAccount:
    'W innej karcie zalogowano się na inne konto. Zaloguj się ponownie, aby kontynuować jako Ty.',
  /**
   * A screen's code did not arrive (a weak network, or an update of the app replaced it): the
   * screen cannot show, and only a new page brings it.
   */
  codeLoadFailedTitle: 'Nie udało się wczytać tego ekranu.',
  codeLoadFailed:
    'Sprawdź połączenie z siecią i odśwież stronę. Jeśli aplikację właśnie zaktualizowano, odświeżenie wczyta jej nową wersję.',
  /** A screen that failed while drawing (a fault of the app): shown instead of an empty page. */
  screenFailed: 'Odśwież stronę, aby spróbować ponownie. Jeśli błąd się powtarza, zgłoś go administratorowi.',
  reloadPage: 'Odśwież stronę',
  /** Closing a form with changes not saved (Esc, ✕, "Anuluj"): asked first, nothing lost unasked. */
  unsavedTitle: 'Niezapisane zmiany',
  unsavedQuestion: 'Zmian w formularzu nie zapisano. Odrzucić je?',
  discardChanges: 'Odrzuć zmiany',
  keepEditing: 'Wróć do formularza',
  /** The dialog over a screen whose session ended while it was open (the screen and its typing stay). */
  sessionEndedTitle: 'Sesja wygasła',
  sessionEndedKeepWork:
    'Sesja wygasła albo zakończono ją w innym oknie. Zaloguj się ponownie: to, co wpisano na tym ekranie, zostaje. Potem zapisz jeszcze raz to, czego nie zapisano.',
  /** The dialog's words when the server said the session is now another employee's. */
  sessionOfAnotherAccountKeepWork:
    'W innej karcie tej przeglądarki zalogowano się na inne konto. Zaloguj się ponownie: to, co wpisano na tym ekranie, zostaje. Potem zapisz jeszcze raz to, czego nie zapisano.',
  sessionResumed: 'Zalogowano ponownie. Zapisz jeszcze raz to, czego nie zapisano.',
  /** An employee's view of a customer (/customerEdit) and of a colleague's incident: read, not changed. */
  customerReadOnly: 'Dane kontrahenta może zmieniać tylko administrator.',
  incidentReadOnly: 'Zdarzenie może zmieniać tylko jego autor lub administrator.',
  /** On the home screen, after an employee opened an administrator's address (typed, a bookmark). */
  adminOnlyScreen: 'Ten ekran jest dostępny tylko dla administratora.',
  /** The author's change of an event an administrator signed or rejected meanwhile (403 LOCKED). */
  csrfMissing: 'Żądanie odrzucone: brak nagłówka X-Requested-With.',
  tooManyAttempts: 'Zbyt wiele prób. Spróbuj ponownie za kilka minut.',
  /** The same, when the wait is known (a login's window is 15 minutes, a reset's an hour). */
  tooManyAttemptsFor: (seconds: number) =>
    `Zbyt wiele prób. Spróbuj ponownie za ${Math.max(1, Math.ceil(seconds / 60))} min.`,
  badBasicHeader: 'Nieprawidłowy nagłówek logowania.',
  resetUnknownEmail: 'Podany email nie istnieje w naszej baszie danych.',
  resetSent: 'Na podany email zostało wysłane nowe hasło.',
  wrongOldPassword: 'Błędne hasło.',
  vacationDaysRange: 'Dni urlopu: od 0 do 366.',
  newPasswordTooShort: 'Nowe hasło musi mieć conajmniej 8 znaków',
  /** A new employee's password (/userAdd); not in the spec, which gives the one above for the change. */
  passwordTooShort: 'Hasło musi mieć co najmniej 8 znaków',
  newPasswordsDiffer: 'Nowe hasła muszą być takie same',
  invalidEmail: 'Nieprawidłowy adres email',
  passwordChanged: 'Hasło zostało zmienione.',
  newPasswordSameAsOld: 'Nowe hasło musi różnić się od obecnego.',
  mailFailed: 'Nie udało się wysłać wiadomości e-mail. Spróbuj ponownie za chwilę.',
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
  /** The admin typed the password: no e-mail goes out, so spec's sentence about one is left off. */
  employeeAddedWithPassword: 'Dodano pomyślnie użytkownika.',
  employeeSaveFailed: 'Błąd zapisu do bazy danych.',
  employeeSaved: 'Zapisano pomyślnie.',
  employeeInUse:
    'Nie można usunąć pracownika, z którym są powiązane zapisy w systemie. Oznacz go jako nieaktywnego.',
  employeeNotFound: 'Nie znaleziono pracownika.',
  cannotDeleteSelf: 'Nie można usunąć własnego konta.',
  /** Decided here (the audit of an admin's first week): an account switched off locks its owner out. */
  cannotDeactivateSelf: 'Nie można wyłączyć własnego konta.',
  cannotDemoteLastAdmin: 'W systemie musi pozostać co najmniej jeden aktywny administrator.',
  employeeDeleted: 'Usunięto pracownika.',
  requiredField: 'To pole jest wymagane.',
  // machines
  machineNameTooShort: 'Nazwa musi mieć minimum 3 znaki',
  chooseCategory: 'Wybierz kategorię',
  chooseCustomer: 'Wybierz kontrahenta',
  invalidDate: 'Nieprawidłowa data.',
  /** A time field left half typed (a tablet's 12-hour clock without AM/PM): it holds no time. */
  timeIncomplete: 'Dokończ godzinę albo wyczyść pole.',
  warrantyNotWhole: 'Okres gwarancji musi być liczbą całkowitą miesięcy.',
  warrantyTooLong: 'Okres gwarancji może mieć najwyżej 1200 miesięcy.',
  unknownMachineStatus: 'Nieprawidłowy status maszyny.',
  unknownProvince: 'Wybierz województwo z listy.',
  invalidMachineId: 'Id maszyny musi być liczbą całkowitą.',
  machineNotFound: 'Nie znaleziono maszyny.',
  /** /map on an installation whose website image has not been made yet. */
  machineCategoryNotFound: 'Wybrana kategoria nie istnieje.',
  machineCustomerNotFound: 'Wybrany kontrahent nie istnieje.',
  machineReferenceGone: 'Wybrana kategoria lub kontrahent został właśnie usunięty.',
  machineInUse:
    'Operacja niedozwolona. Aby usunąć maszynę trzeba usunąć wszystkie obiekty które ją wykorzystują.',
  machineDeleted: 'Usunięto maszynę.',
  invalidSort: 'Nieprawidłowy parametr sortowania.',
  // customers
  customerShortNameMin: 'Nazwa skrócona musi mieć minimum 3 znaki',
  customerShortNameMax: 'Nazwa skrócona może mieć max 20 znaków.',
  customerNameMinEdit: 'Kontrahent musi mieć minimum 3 znaki',
  customerExists: 'Kontrahent z podaną nazwą już istnieje.',
  customerNotFound: 'Nie znaleziono kontrahenta.',
  customerAdded: 'Dodano kontrahenta.',
  customerSaved: 'Zapisano kontrahenta.',
  customerDeleted: 'Usunięto kontrahenta.',
  provinceInvalid: 'Wybierz województwo z listy.',
  // categories and their service operations
  categoryNameMin: 'Kategoria musi mieć minimum 3 znaki',
  categoryExists: 'Podana kategoria już istnieje!',
  categoryNotFound: 'Nie znaleziono kategorii.',
  categoryAdded: 'Dodano kategorię.',
  categorySaved: 'Zapisano kategorię.',
  categoryDeleted: 'Usunięto kategorię.',
  operationMarkerInName: 'Wyrażenie "@dodatkowePola" jest niedozwolone w nazwie czynności.',
  operationNameRequired: 'Podaj nazwę czynności.',
  operationNameTooLong: 'Nazwa czynności może mieć najwyżej 255 znaków.',
  operationFieldTooLong: 'Nazwa pola może mieć najwyżej 100 znaków, a jednostka 50 znaków.',
  operationsListInvalid: 'Nieprawidłowa lista czynności serwisowych.',
  operationsListTooLong: 'Lista czynności serwisowych jest za długa.',
  operationsSaved: 'Zapisano listę czynności.',
  /** "Importuj z kategorii": asked before another category's list replaces this one. */
  operationsImportQuestion: (category: string, count: number) =>
    `Cała obecna lista czynności zostanie zastąpiona listą z kategorii „${category}” (${count} ${polishPlural(count, { one: 'czynność', few: 'czynności', many: 'czynności' })}). Kontynuować?`,
  operationsImportEmpty: (category: string) =>
    `Kategoria „${category}” nie ma żadnych czynności: import wyczyści obecną listę. Kontynuować?`,
  /** Both lists empty: nothing to import and nothing to replace. */
  operationsImportNothing: (category: string) =>
    `Kategoria „${category}” nie ma żadnych czynności do importu.`,
  // service events (protocols) and incidents
  serviceDateRequired: 'Uzupełnij datę!',
  /** A paste longer than its field's limit, which the browser cut (`field`: its label, may be empty). */
  pastedTextCut: (field: string, max: number) =>
    `Wklejony tekst nie zmieścił się w polu${field ? ` „${field}”` : ''}: pole przyjmuje najwyżej ${max} znaków, więc resztę pominięto.`,
  /** A service date outside the years an event can have (a slip of the year, 2062 for 2026). */
  serviceDateOutOfRange: (first: number, last: number) => `Data zdarzenia musi być z lat ${first}–${last}.`,
  /** Days of the statistics address that are none (2025-02-30, "jutro"), listed with ", ". */
  statisticsDaysIgnored: (days: string) =>
    days.includes(', ')
      ? `Pominięto w adresie strony daty, których nie ma w kalendarzu: ${days}.`
      : `Pominięto w adresie strony datę, której nie ma w kalendarzu: ${days}.`,
  handoverDateOutOfRange: (first: number, last: number) =>
    `Data przekazania musi być z lat ${first}–${last}.`,
  serviceTypeRequired: 'Wybierz typ serwisu!',
  protocolNumberInvalid: 'Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)',
  serviceNumberExists: 'Dokument z podanym numerem już istnieje!',
  serviceDevicesRequired: 'Wybierz co najmniej jedną maszynę!',
  serviceCustomerRequired: 'Wybierz kontrahenta!',
  serviceDeviceMissing: 'Wybrana maszyna nie istnieje.',
  serviceDevicesOtherCustomer: 'Wszystkie maszyny zdarzenia muszą należeć do wybranego kontrahenta.',
  serviceJsonInvalid: 'Nieprawidłowe dane zdarzenia serwisowego (serviceJson).',
  serviceNotFound: 'Nie znaleziono zdarzenia serwisowego.',
  serviceYearLocked:
    'Nie można zmienić roku ponumerowanego protokołu. Usuń go (jeśli jest ostatni) i utwórz ponownie.',
  serviceStateChangeInvalid: 'Tej zmiany stanu nie można wykonać dla zdarzenia w obecnym stanie.',
  serviceNotLast: 'Można usunąć tylko ostatni protokół w danym roku lub protokół bez numeru.',
  serviceDeleted: 'Usunięto zdarzenie serwisowe.',
  serviceTodoTextRequired: 'Uzupełnij treść zadania.',
  serviceSigned: 'Podpisano zdarzenie serwisowe.',
  serviceRejected: 'Odrzucono zdarzenie serwisowe.',
  servicePrintedForScan: 'Zdarzenie serwisowe czeka na skan podpisanego protokołu.',
  incidentDateRequired: 'Uzupełnij datę zdarzenia.',
  incidentNotFound: 'Nie znaleziono zdarzenia.',
  incidentServiceOtherDevice: 'Wybrane zdarzenie serwisowe nie dotyczy tej maszyny.',
  incidentTimeSkipped:
    'Tej godziny w tym dniu nie było: zegary przestawiono na czas letni. Podaj inną godzinę.',
  incidentSaveFailed: 'Próba zakończona niepowodzeniem.',
  incidentDeleted: 'Usunięto zdarzenie.',
  // periodic inspections ({date} and {days} are filled in by rules/inspections.ts)
  inspectionNext: 'Następny przegląd okresowy: {date}, pozostało dni: {days}',
  inspectionOverdue: 'Przegląd okresowy po terminie! Termin: {date}, dni po terminie: {days}',
  inspectionWarrantyDone: 'Wykonano ostatni przegląd gwarancyjny.',
  inspectionNotHandedOver: 'Maszyna nie została jeszcze przekazana klientowi.',
  inspectionNoWarranty: 'Maszyna nie posiada gwarancji.',
  // warnings under a field that do not refuse the save (rules/company-identifiers.ts)
  nipWarning: 'To nie wygląda na poprawny NIP (10 cyfr z cyfrą kontrolną). Zapisze się tak, jak wpisano.',
  regonWarning:
    'To nie wygląda na poprawny REGON (9 lub 14 cyfr z cyfrą kontrolną). Zapisze się tak, jak wpisano.',
  postcodeWarning: 'Polski kod pocztowy ma postać 00-000. Zapisze się tak, jak wpisano.',
  /** Other customers with the same NIP (however written): "„A”", "„A”, „B”", "„A”, „B”, „C” i jeszcze 2". */
  nipHeldBy: (names: readonly string[], more = 0) => {
    const named = names.map((n) => `„${n}”`).join(', ') + (more > 0 ? ` i jeszcze ${more}` : '');
    const who = names.length + more === 1 ? `ma już kontrahent ${named}` : `mają już kontrahenci ${named}`;
    return `Ten NIP ${who}. Sprawdź, czy to nie ten sam kontrahent. Zapisze się i tak.`;
  },
  emailNoAddressWarning:
    'Nie ma tu adresu e-mail: protokoły i przypomnienia nie będą wysyłane. Zapisze się tak, jak wpisano.',
  inspectionPeriodHint: '6, 12, 18, 24… miesięcy',
  inspectionPeriodStep: 'Okres przeglądu to wielokrotność 6 miesięcy (6, 12, 18, 24…).',
  inspectionPeriodMissingHint:
    '6, 12, 18, 24… miesięcy. Bez okresu przegląd nie przesunie terminu następnego przeglądu.',
  inspectionSwitchedOff:
    'Przeglądy okresowe tej maszyny są wyłączone: nie ma jej na liście przeglądów ani w przypomnieniach.',
  inspectionWarrantyLeft: 'Do końca gwarancji pozostało dni: {days}',
  inspectionListModeInvalid: 'Nieprawidłowy rodzaj listy przeglądów (dozwolone: onlyActual, all).',
  inspectionsEnabled: 'Włączono przeglądy okresowe maszyny.',
  inspectionsDisabled: 'Wyłączono przeglądy okresowe maszyny.',
  // to-dos
  todoNotFound: 'Nie znaleziono zadania.',
  todoDescriptionRequired: 'Uzupełnij opis zadania.',
  todoStatusInvalid: 'Nieprawidłowy status zadania (dozwolone: TODO, DONE).',
  todoListStatusInvalid: 'Nieprawidłowy filtr zadań (dozwolone: TODO, ALL).',
  todoLinkedToService: 'To zadanie jest powiązane ze zdarzeniem serwisowym. Zmień je w zdarzeniu serwisowym.',
  todoLinkedDelete: 'Nie można usunąć zadania powiązanego ze zdarzeniem serwisowym.',
  todoDeleted: 'Usunięto zadanie.',
  todoDateInvalid: 'Nieprawidłowa data zadania (oczekiwano daty i godziny w formacie ISO).',
  // statistics
  statisticsLoadFailed: 'Błąd przy pobieraniu danych',
  statisticsDateInvalid: 'Nieprawidłowa data (oczekiwano RRRR-MM-DD).',
  // files, nameplates, notes, parts
  /** The notes tab's button under the newest notes: how many older ones it would add to them. */
  olderNotes: (hidden: number) => `Pokaż starsze notatki (${hidden})`,
  noFileSelected: 'Nie wybrano pliku!',
  fileEmpty: 'Wybrany plik jest pusty (0 bajtów).',
  nameplateImagesOnly: 'Tabliczka znamionowa musi być zdjęciem (jpg, jpeg, png, gif lub bmp).',
  fileNotFound: 'Nie znaleziono pliku.',
  fileJsonMissing: 'Brak danych pliku (fileJson).',
  fileJsonInvalid: 'Nieprawidłowe dane pliku (fileJson).',
  fileTypeInvalid: 'Nieprawidłowy typ pliku.',
  fileMachineRequired: 'Wybierz maszynę, do której należy plik.',
  fileNameInvalid: 'Nieprawidłowa nazwa pliku.',
  thumbnailWidthInvalid: 'Nieprawidłowa szerokość miniatury.',
  /** A call of multipart/form-data (spec §7) sent as something else (plain JSON), by another client. */
  multipartRequired: (part: string) => `Wyślij dane jako multipart/form-data, z częścią „${part}”.`,
  fileRangeInvalid: 'Nieprawidłowy zakres bajtów pliku.',
  fileUploadInvalid: 'Nieprawidłowe dane przesyłanego pliku.',
  fileAdded: 'Dodano plik.',
  fileDeleted: 'Usunięto plik.',
  fileDescriptionSaved: 'Zapisano opis.',
  noteNotFound: 'Nie znaleziono notatki.',
  noteTextRequired: 'Wpisz treść notatki.',
  noteSaved: 'Zapisano notatkę.',
  noteDeleted: 'Usunięto notatkę.',
  partNotFound: 'Nie znaleziono części.',
  partNameRequired: 'Podaj nazwę części.',
  partSaved: 'Zapisano część.',
  partDeleted: 'Usunięto część.',
  // generic
  error: 'Błąd!',
  invalidInput: 'Nieprawidłowe dane.',
  nulCharacter: 'Tekst zawiera niedozwolony znak (NUL). Usuń go i spróbuj ponownie.',
  notFound: 'Nie znaleziono.',
  pageNotFound: 'Przepraszamy podana strona nie istnieje!',
  loading: 'Ładowanie danych',
  noData: 'Brak danych',
  /** A list's empty state while a search is typed: the term is named, so it is not taken for an empty register. */
  noResults: (term: string) => `Brak wyników dla „${term}”.`,
  saved: 'Zapisano',
  conflict: 'Operacja niedozwolona: rekord jest powiązany z innymi danymi.',
  /** Two saves that waited for each other (a deadlock): one was ended with nothing written. */
  changedMeanwhile: 'Te same dane zapisywał w tej chwili ktoś inny. Nic nie zapisano, spróbuj ponownie.',
  duplicate: 'Taki rekord już istnieje.',
  tooLarge: 'Plik jest za duży.',
  // tutorials
  tutorialsDriveError: 'Błąd połączenia z dyskiem Google',
  tutorialsLocalError: 'Błąd połączenia z dyskiem serwera (katalog tutoriali)',
  tutorialsEmpty: 'Brak plików',
  tutorialsReadOnly: 'Tutoriale z dysku Google są tylko do odczytu.',
  tutorialIdInvalid: 'Nieprawidłowy identyfikator pliku.',
  tutorialFolderNotFound: 'Nie znaleziono folderu.',
  tutorialFolderNameInvalid: 'Nieprawidłowa nazwa folderu.',
  tutorialFolderExists: 'Folder o podanej nazwie już istnieje.',
  tutorialFolderCreated: 'Utworzono folder.',
  tutorialFileExists: 'Plik o podanej nazwie już jest w tym folderze.',
  // moved here from the browser and the server (the audit of Polish typed outside the domain)
  /** The location tab's "from the machine's address" when the machine has none. */
  machineAddressMissing: 'Maszyna nie ma wpisanego adresu.',
  /** Printing QR labels with nothing ticked: `count` is the list's total as its footer shows it. */
  qrLabelsAllConfirm: (count: string) =>
    `Nie zaznaczono żadnej maszyny. Wydrukować naklejki QR dla wszystkich maszyn z listy (${count})?`,
  deleteConfirmTitle: 'Potwierdź usunięcie',
  /** Every delete asks first, naming what goes ("kontrahenta Żuraw"). */
  deleteQuestion: (what: string) => `Czy na pewno chcesz usunąć ${what}?`,
  todoDeleteQuestion: (id: number): string => MSG.deleteQuestion(`zadanie nr ${id}`),
  /** The machine name list's empty search: the button beside it types a new name. */
  machineNameNotListed: 'Brak takiej nazwy: użyj przycisku obok, aby wpisać nową',
  /** A QR label sheet over its limit (`max` labels, 100 sheets) and one with nothing to print. */
  labelsTooMany: (max: number) =>
    `Za dużo maszyn na jeden wydruk: najwyżej ${max} naklejek. Zawęź filtr lub zaznacz maszyny.`,
  labelsNone: 'Brak maszyn do wydrukowania naklejek.',
  /** The file dialog of an event waiting for its scan, when the file will sign it. */
  /** Fewer labels than machines asked for: some were deleted meanwhile (a list open for a while). */
  labelsSomeMissing: (printed: number, asked: number) =>
    `Wydrukowano naklejki dla ${printed} z ${asked} maszyn: pozostałych nie ma już w rejestrze.`,
  /** The place on a partly used sheet where the print starts, out of the sheet's range. */
  labelsFirstPlace: (perSheet: number) =>
    `Podaj numer pierwszej wolnej naklejki na arkuszu: od 1 do ${perSheet}.`,
} as const;

export type MessageKey = keyof typeof MSG;

/** Messages for generic validation failures, named after the field. */
export const validationMessage = {
  tooLong: (max: number) => `Tekst może mieć najwyżej ${max} znaków.`,
  required: 'To pole jest wymagane.',
  wrongType: 'Nieprawidłowa wartość pola.',
  field: (field: string, detail: string) => (field ? `Pole „${field}”: ${detail}` : detail),
} as const;
