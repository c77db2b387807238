/**
 * Polish messages of protocols, installation operations and the company configuration (issue 8).
 * Kept beside MSG rather than inside it so parallel branches do not edit the same lines.
 */
export const PROTOCOL_MSG = {
  /** 403: the author's event was signed or rejected meanwhile. */
  serviceClosedForAuthor:
    'Zdarzenie zostało już podpisane lub odrzucone, więc autor nie może go zmienić. Poprawki może wprowadzić administrator.',
  /** A file added to an event printed for the scan signs it. */
  serviceFileSigns:
    'Zdarzenie czeka na skan podpisanego protokołu: dodany plik zostanie uznany za ten skan, a zdarzenie zmieni stan na „Podpisany” i zostanie zablokowane do edycji (poza administratorem).',
  // installation operations
  installationOperationTextRequired: 'Wpisz treść czynności.',
  installationOperationNotFound: 'Nie znaleziono czynności montażowej.',
  installationOperationDeleted: 'Usunięto czynność montażową.',
  installationOperationMoved: 'Zmieniono kolejność.',
  // a protocol opened without the network that this device has no copy of
  notOnThisDevice:
    'Tego protokołu nie otwierano wcześniej na tym urządzeniu, więc bez sieci go tu nie ma. Otworzy się sam, gdy wróci połączenie.',
  // configuration
  configurationUnknown: 'Nieznane ustawienie konfiguracji.',
  configurationSaved: 'Zapisano',
  // protocols
  protocolNotFound: 'Nie znaleziono protokołu.',
  protocolInvalid: 'Nieprawidłowe dane protokołu.',
  protocolSigned: 'Protokół podpisany.',
  protocolAlreadySigned: 'Protokół jest już podpisany.',
  /** A draft save from a screen opened before the protocol was signed elsewhere (409): not written. */
  protocolSignedMeanwhile:
    'Protokół podpisano w międzyczasie (w innym oknie lub na innym urządzeniu), więc tego szkicu nie zapisano. Otwórz protokół ponownie: zobaczysz podpisaną wersję, a to, co wpisano tutaj, zostanie na tym urządzeniu.',
  /**
   * A draft save made on an older version than the server's (another window or device saved since;
   * `base` of the save): not written. The screen merges the two and saves again (protocolsMerged).
   */
  protocolChangedMeanwhile:
    'Protokół zmieniono w międzyczasie w innym oknie lub na innym urządzeniu, więc tego szkicu nie zapisano. Otwórz protokół ponownie, aby zobaczyć zmiany.',
  /** A signing from a screen that has not seen another's save (409 CHANGED_MEANWHILE): not signed. */
  protocolChangedBeforeSigning:
    'Ktoś zmienił ten protokół w międzyczasie, więc go nie podpisano. Jego zmiany dołączono do Twoich: sprawdź protokół i podpisz go ponownie.',
  /** The screen after such a refusal: the other changes taken in, the user's own kept. */
  protocolMerged:
    'Ktoś zmienił ten protokół w międzyczasie (w innym oknie lub na innym urządzeniu). Jego zmiany dołączono do Twoich; pole zmienione w obu miejscach ma Twoją wersję. Sprawdź protokół.',
  protocolOfRejectedEvent:
    'Zdarzenie odrzucono: protokołu nie można już zmieniać. Poprawki może wprowadzić administrator.',
  /** A version typed on this device after the event was signed or rejected, which the server refused. */
  protocolUnacceptedTitle: 'Niezapisana wersja z tego urządzenia',
  protocolUnaccepted:
    'Poniżej widać wersję wpisaną na tym urządzeniu, której serwer nie przyjął, bo zdarzenie w międzyczasie podpisano lub odrzucono. Przekaż ją administratorowi, który może poprawić protokół.',
  /** The same on an administrator's screen of the signed protocol, who may save it as a correction. */
  protocolUnacceptedByAdmin:
    'Poniżej widać wersję wpisaną na tym urządzeniu, której serwer nie przyjął, bo protokół w międzyczasie podpisano. Możesz zapisać ją jako poprawkę podpisanego protokołu („Zapisz zmiany”) albo usunąć ją z urządzenia.',
  /**
   * The same, typed on this device by another employee (a shared tablet): who, without a reason
   * that may not be true (the protocol may just be closed to this employee); an administrator's
   * screen of the signed protocol may save it as a correction.
   */
  protocolUnacceptedOf: (author: string, mayCorrect: boolean) =>
    `Poniżej widać wersję wpisaną na tym urządzeniu przez: ${author}, której serwer nie ma. ` +
    (mayCorrect
      ? 'Możesz zapisać ją jako poprawkę podpisanego protokołu („Zapisz zmiany”) albo usunąć ją z urządzenia.'
      : 'Nie możesz jej zapisać: przekaż ją administratorowi albo usuń ją z urządzenia.'),
  /** Another employee's draft on this device of a protocol this employee may fill in. */
  othersDraftTitle: 'Niezapisana wersja innego pracownika',
  othersDraft: (author: string) =>
    `Na tym urządzeniu jest wersja tego protokołu wpisana przez: ${author}, której serwer jeszcze nie ma. Nie wczytano jej do formularza. Możesz ją wczytać (zostanie zapisana jako Twoja) albo usunąć z urządzenia.`,
  /** "Wyślij do klienta" of a protocol whose event was moved to another customer or machines after signing. */
  protocolSignedForOthers:
    'Po podpisaniu protokołu zmieniono dane zdarzenia (kontrahenta, maszyny, numer, datę, płatność, rodzaj serwisu, opis usterki lub okres), więc zapisany PDF opisuje poprzednie. Aby go wysłać, administrator zapisuje najpierw poprawkę protokołu („Zapisz zmiany” na ekranie protokołu): powstanie nowy PDF z obecnymi danymi.',
  /** The same, above the protocol on its screen (to whoever opens it). */
  signedForOthersNotice:
    'Po podpisaniu protokołu zmieniono dane zdarzenia (kontrahenta, maszyny, numer, datę, płatność, rodzaj serwisu, opis usterki lub okres), więc zapisany PDF opisuje poprzednie i nie można go wysłać do klienta. Nowy PDF z obecnymi danymi powstanie, gdy administrator zapisze poprawkę („Zapisz zmiany”).',
  protocolNotSigned: 'Protokół nie jest jeszcze podpisany.',
  /** The screen took the protocol's own checklist after a save: an administrator changed the list meanwhile. */
  checklistReplaced:
    'Lista czynności zmieniła się po otwarciu protokołu. Pokazano listę zapisaną w protokole; odpowiedzi zostały przy czynnościach o tych samych nazwach. Sprawdź punkty bez odpowiedzi.',
  /** After checklistReplaced: what was typed for operations no longer on the list, to type again. */
  checklistAnswersLeftOut:
    'Tych odpowiedzi nie ma w protokole, bo ich czynności usunięto lub przemianowano; wpisz je ponownie przy właściwych punktach:',
  signedOutsideAppTitle: 'Zdarzenie podpisane bez protokołu w aplikacji',
  /** A save of its fields, refused (409): the screen shows them read-only. */
  signedOutsideAppReadOnly:
    'Zdarzenie podpisano bez protokołu w aplikacji: pól jego protokołu nie można zmieniać.',
  signedOutsideApp:
    'Zdarzenie podpisano przy zapisie lub na papierze: podpisany protokół jest na papierze, a jego skan dodaje się do plików zdarzenia. Tutaj można tylko przejrzeć pola i wydrukować pusty formularz.',
  /** The PDF signed in the app is the signed event's document: deleting it left an unsendable event. */
  signedProtocolFileKept: 'Nie można usunąć podpisanego protokołu: jest dokumentem podpisanego zdarzenia.',
  protocolMissing: 'Nie można podpisać protokołu. Brakuje: {missing}.',
  /** The same, of an administrator's correction of a signed protocol (saved, not signed again). */
  correctionMissing: 'Nie można zapisać poprawki podpisanego protokołu. Brakuje: {missing}.',
  protocolTimeIncomplete: (field: string) =>
    `Nie można podpisać protokołu: godzina w polu „${field}” nie jest dokończona. Dokończ ją albo wyczyść pole.`,
  protocolMissingTechnicianSignature: 'podpisu serwisanta',
  protocolMissingCustomerSignature: 'podpisu klienta',
  protocolMissingSignerName: 'imienia i nazwiska podpisującego klienta',
  protocolMissingAnswer: 'odpowiedzi w punkcie „{operation}” ({machine})',
  protocolMissingMaterialName: 'nazwy materiału w wierszu {row}',
  protocolSignatureInvalid: 'Podpis musi być obrazem PNG.',
  protocolPdfFailed: 'Nie udało się utworzyć pliku PDF protokołu. Protokół nie został podpisany.',
  protocolEmailRequired: 'Podaj adres e-mail klienta.',
  protocolSent: 'Wysłano protokół do klienta.',
  protocolDraftSaved: 'Zapisano szkic protokołu.',
  // moved here from the browser (the audit of Polish typed outside the domain)
  /** "Wysłano do klienta {adres} {data}": the last "Wyślij do klienta"; `at` as the screen writes a time. */
  protocolSentTo: (to: string, at: string) => `Wysłano do klienta ${to} ${at}`,
} as const;

/** "Brakuje: podpisu klienta, odpowiedzi w punkcie …" — the 400 of a sign call names every gap. */
export function protocolMissingMessage(missing: readonly string[], correction = false): string {
  const shown = missing.slice(0, 5);
  const more = missing.length > shown.length ? ` i ${missing.length - shown.length} innych` : '';
  const message = correction ? PROTOCOL_MSG.correctionMissing : PROTOCOL_MSG.protocolMissing;
  return message.replace('{missing}', shown.join(', ') + more);
}

/**
 * Where the protocol being written is saved, as the badge under it says; a signed protocol an
 * administrator corrects is no longer a draft.
 */
export const PROTOCOL_SYNC_TEXT = {
  new: 'Nowy protokół: zapisze się po pierwszej zmianie',
  saved: 'Szkic zapisany na serwerze',
  savedSigned: 'Zmiany zapisane na serwerze',
  pending: 'Zmiany czekają na zapis…',
  saving: 'Zapisywanie…',
  offline: 'Brak połączenia: szkic zapisany na tym urządzeniu, zostanie wysłany po powrocie sieci',
  refused: 'Serwer nie przyjął szkicu',
} as const;
