/**
 * Polish messages of the lists' own states, kept apart from MSG: MSG is on the login screen's path,
 * whose script has a budget (bench/bundle-size.ts), and no list is drawn before the login.
 */
export const LIST_MSG = {
  /** The machine list's kept filter names categories deleted since: they no longer narrow it. */
  filterCategoriesGone: (names: readonly string[]) =>
    names.length === 1
      ? `Kategorii „${names[0]}” z filtra już nie ma (usunięto ją), więc nie zawęża listy.`
      : `Kategorii ${names.map((n) => `„${n}”`).join(', ')} z filtra już nie ma (usunięto je), więc nie zawężają listy.`,
  /** A list's body when its rows could not be loaded (no answer, a fault): not "Brak danych". */
  listLoadFailed: 'Nie udało się wczytać listy.',
  /** The button that asks for what failed to load again. */
  tryAgain: 'Spróbuj ponownie',
} as const;
