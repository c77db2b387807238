import { IMPORT_MSG } from '@serwis/domain';
import type { Problems } from './imports.problems.js';
import type { Row } from './imports.rows.js';
import type { Sheet } from './imports.sheet.js';

/**
 * A CSV saved as Windows-1250 may hold "?" where Excel could not write a letter (Cyrillic,
 * Lithuanian "ų", "ė"): imported, "Київ" would become "????" over the stored name. In a file that
 * may be one (Sheet.lettersMayBeLost), every such cell is refused, with how to save the file so that
 * its letters keep (docs/decisions.md, "Letters a Windows-1250 file has lost").
 */
export function tellLostLetters(sheet: Sheet, rows: Row[], problems: Problems) {
  if (!sheet.lettersMayBeLost) return;
  for (const row of rows) {
    for (const [key, value] of Object.entries(row.values)) {
      if (value.includes('?')) problems.add(row, key, IMPORT_MSG.lostLetters);
    }
  }
}
