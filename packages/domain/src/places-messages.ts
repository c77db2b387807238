/**
 * Polish messages of places: machine positions, hotels, branches, the public map and geocoding.
 * Kept apart from MSG, which is on the login screen's path (its script has a budget,
 * bench/bundle-size.ts), as PROTOCOL_MSG and LIST_MSG are.
 */
export const PLACES_MSG = {
  publicMapMissing: 'Zrzutu mapy jeszcze nie ma: zrób go przyciskiem „Zrób zrzut mapy dla strony www”.',
  latitudeInvalid: 'Szerokość geograficzna musi być liczbą od -90 do 90.',
  longitudeInvalid: 'Długość geograficzna musi być liczbą od -180 do 180.',
  positionIncomplete: 'Podaj obie współrzędne: szerokość i długość geograficzną.',
  placeNameRequired: 'Wprowadź nazwę',
  placeLocationRequired: 'Wybierz lokalizację na mapie',
  chooseLocationPrompt: 'Wybierz lokalizację na mapie...',
  /** After a save that changed the address of a machine with a position on the map. */
  machinePositionKept:
    'Zmieniono adres maszyny, a jej położenie na mapie zostało bez zmian (od niego zależą też hotele w pobliżu). Jeśli maszyna stoi teraz gdzie indziej, popraw je w zakładce „Lokalizacja”.',
  /** The name of the machine's draggable marker on its "Lokalizacja" map. */
  machinePositionMarker: 'Położenie maszyny (przeciągnij, aby przesunąć)',
  positionDenied: 'Przeglądarka nie ma zgody na odczyt położenia tego urządzenia (ustawienia witryny).',
  positionUnavailable:
    'Nie udało się odczytać położenia urządzenia. Spróbuj na zewnątrz budynku albo wskaż miejsce na mapie.',
  /** Under the map once the device's position is placed: how sure the browser is, and what to do next. */
  devicePositionAccuracy: (metres: number) =>
    `Położenie urządzenia, z dokładnością do ${Math.round(metres).toLocaleString('pl-PL')} m. Sprawdź je na mapie i zapisz.`,
  hotelNotFound: 'Nie znaleziono hotelu.',
  hotelDeleted: 'Usunięto hotel.',
  branchNotFound: 'Nie znaleziono oddziału.',
  branchDeleted: 'Usunięto oddział.',
  branchDeleteConfirm: 'Czy napewno chcesz usunąć oddział?',
  branchNoPosition: 'Brak ustalonej pozycji',
  machineNoPositionForHotels:
    'Maszyna nie ma ustalonej lokalizacji, więc nie można wyszukać hoteli w pobliżu. Ustaw ją w zakładce Lokalizacja.',
  publicFileNameInvalid: 'Nieprawidłowa nazwa pliku publicznego (dozwolona: „map”).',
  publicFileNotPng: 'Zrzut mapy musi być obrazem PNG zakodowanym w base64.',
  publicFileMissing: 'Zrzut mapy nie został jeszcze wygenerowany.',
  publicFileSaved: 'Zapisano zrzut mapy.',
  geocodeQueryRequired: 'Wpisz adres, który chcesz wyszukać.',
  geocodeUnavailable:
    'Wyszukiwanie adresów jest teraz niedostępne. Wskaż miejsce na mapie lub wpisz współrzędne.',
  /** The same in a form placed only on its map (a hotel, a branch): there are no coordinates to type. */
  geocodeUnavailableOnMap: 'Wyszukiwanie adresów jest teraz niedostępne. Wskaż miejsce na mapie.',
  geocodingOff:
    'Wyszukiwanie adresów jest wyłączone na tym serwerze. Wskaż miejsce na mapie lub wpisz współrzędne.',
  geocodingOffOnMap: 'Wyszukiwanie adresów jest wyłączone na tym serwerze. Wskaż miejsce na mapie.',
  geocodeBusy: 'Zbyt wiele wyszukiwań adresów naraz. Spróbuj ponownie za chwilę.',
  geocodeNothingFound: 'Nie znaleziono podanego adresu.',
} as const;
