const POLISH_LETTERS = 'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ';
const PLAIN_LETTERS = 'acelnoszzacelnoszz';

/**
 * A part's text as the machine lists' "Część" filter compares it: Polish letters without their
 * marks, ASCII letters in lower case and digits, nothing else ("Zawór 4WE 6" → "zawor4we6",
 * "R 901 130 005" → "r901130005"). Parts are typed off nameplates and invoices with any spacing and
 * case, so both the register's texts and the term are compared in this form. The database keeps the
 * same key of each part (parts.table.ts, partKeyText there: translate, lower, regexp_replace).
 */
export function partKey(text: string): string {
  let folded = '';
  for (const ch of text) {
    const at = POLISH_LETTERS.indexOf(ch);
    folded += at >= 0 ? PLAIN_LETTERS[at] : ch;
  }
  return folded.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/** The fewest letters and digits a "Część" filter needs: a trigram, so no search reads every part. */
export const PART_KEY_MIN = 3;
