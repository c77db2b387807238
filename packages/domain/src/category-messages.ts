/**
 * Polish messages of a category's service operation list saved by two administrators at once, kept
 * apart from MSG (on the login screen's path, whose script has a budget).
 */
export const CATEGORY_MSG = {
  /** 409: machines are still in the category. */
  categoryInUse:
    'Nie można usunąć kategorii, do której są przypisane maszyny. Najpierw przenieś te maszyny do innej kategorii lub je usuń.',
  /** 409 CHANGED_MEANWHILE: the list (or the name) was saved by someone else since `base`. */
  changedMeanwhile:
    'Kategorię zmienił w międzyczasie ktoś inny (w innym oknie lub na innym urządzeniu). Odśwież ją, aby zobaczyć jego zmiany.',
  /** The screen took the other's list in and made its change again on it. */
  operationsMerged:
    'Listę czynności zmienił w międzyczasie ktoś inny. Twoją zmianę wprowadzono na aktualnej liście; sprawdź ją.',
  /** The operation being changed was removed by someone else meanwhile. */
  operationGone: (name: string) =>
    `Czynności „${name}” nie ma już na liście: usunął ją w międzyczasie ktoś inny. Pokazano aktualną listę.`,
  /** The operation being changed was changed meanwhile, and another of its name leaves it unsure which. */
  operationUnsure: (name: string) =>
    `Czynność „${name}” zmienił w międzyczasie ktoś inny, a na liście jest więcej czynności o tej nazwie, więc niczego nie zmieniono. Pokazano aktualną listę; wprowadź zmianę ponownie.`,
  /** A list read in from another category would replace operations added meanwhile. */
  listChangedBeforeImport:
    'Listę czynności zmienił w międzyczasie ktoś inny, więc jej nie zastąpiono. Pokazano aktualną listę; jeśli nadal chcesz ją zastąpić, zaimportuj ponownie.',
} as const;
