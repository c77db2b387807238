/**
 * The machine form's texts beyond MSG, kept apart from it: MSG is on the login screen's path, whose
 * script has a budget.
 */

/** A machine that already holds a serial number being typed: how the warning names it. */
export interface SerialHolder {
  id: number;
  name: string;
  customer: string;
  external: boolean;
}

/** How many holders of one serial number the warning names; the rest are counted. */
export const SERIAL_HOLDERS_NAMED = 3;

export const MACHINE_FORM_MSG = {
  /** Under it on the card: an old QR label of a deleted machine, or a link with a wrong id. */
  machineNotFoundHint:
    'Maszyna mogła zostać usunięta albo adres jest niepełny. Wyszukaj ją, np. po numerze seryjnym:',
  /** "Zapisz i dodaj kolejną": the saved one named, the form ready for the next. */
  savedNext: (name: string, id: number) =>
    `Zapisano maszynę „${name}” (id ${id}). Wpisz następną: kontrahent, kategoria, adres i gwarancja zostały.`,
  /** Told under "Numer seryjny" when the register has it already: a sheet typed in twice. */
  serialHeldBy: (holders: readonly SerialHolder[]) => {
    const named = holders
      .slice(0, SERIAL_HOLDERS_NAMED)
      .map(
        (m) =>
          `${m.external ? 'maszyna zewnętrzna' : 'maszyna'} „${m.name}” (id ${m.id}${m.customer ? `, ${m.customer}` : ''})`,
      )
      .join(', ');
    const more = holders.length - SERIAL_HOLDERS_NAMED;
    const who = holders.length === 1 ? 'ma już' : 'mają już:';
    return `Ten numer seryjny ${who} ${named}${more > 0 ? ` i jeszcze ${more}` : ''}. Sprawdź, czy to nie ta sama maszyna. Zapisze się i tak.`;
  },
} as const;
