/**
 * Letters with marks and their plain ones, one for one: Polish first, then those of the makers'
 * names a part carries (Bürkert, Högskola, Škoda, Ferré…), in both cases. The database folds a part's
 * texts with the same two strings (parts.table.ts), so both sides agree letter for letter.
 */
const MARKED = 'ąćęłńóśźżäöüßéèêëáàâãåíìîïòôõøúùûýÿčďěňřšťžçñ';
const PLAIN = 'acelnoszzaouseeeeaaaaaiiiioooouuuyycdenrstzcn';
export const FOLDED_LETTERS = {
  from: MARKED + MARKED.toUpperCase().replace('SS', 'ß'),
  to: PLAIN + PLAIN,
} as const;

/**
 * A part's text as the machine lists' "Część" filter compares it: letters without their marks
 * (FOLDED_LETTERS), ASCII letters in lower case and digits, nothing else ("Zawór 4WE 6" → "zawor4we6",
 * "R 901 130 005" → "r901130005"). Parts are typed off nameplates and invoices with any spacing and
 * case, so both the register's texts and the term are compared in this form. The database keeps the
 * same key of each part (parts.table.ts, partKeyText there: translate, lower, regexp_replace).
 */
export function partKey(text: string): string {
  let folded = '';
  for (const ch of text) {
    const at = FOLDED_LETTERS.from.indexOf(ch);
    folded += at >= 0 ? FOLDED_LETTERS.to[at] : ch;
  }
  return folded.toLowerCase().replace(/[^0-9a-z]/g, '');
}

/** The fewest letters and digits a "Część" filter needs: a trigram, so no search reads every part. */
export const PART_KEY_MIN = 3;

/** A "Część" term with letters or digits too few to search by (refused by the panel and the server). */
export const partTermTooShort = (text: string) => text.trim() !== '' && partKey(text).length < PART_KEY_MIN;
