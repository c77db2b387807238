import { IMPORT_MSG } from '@serwis/domain';
import type { Problems } from './imports.problems.js';
import type { Row } from './imports.rows.js';
import type { Sheet } from './imports.sheet.js';

/**
 * A CSV saved as Windows-1250 may hold "?" where Excel could not write a letter (Cyrillic,
 * Lithuanian "ų", "ė"): imported, "Київ" would become "????" over the stored name. In a file that
 * may be one (Sheet.lettersMayBeLost), every such cell is refused, with how to save the file so that
 * its letters keep (docs/decisions.md, "Letters a Windows-1250 file has lost"). Answers the rows
 * left to check.
 */
export function withoutLostLetters(sheet: Sheet, rows: Row[], problems: Problems): Row[] {
  if (!sheet.lettersMayBeLost) return rows;
  // A refused row is checked no further, as a row without its names is not: it adds, updates and
  // names nothing in the preview's counts (a customer "??? «???????»" is not "missing").
  return rows.filter((row) => {
    const lost = Object.entries(row.values).filter(([, value]) => value.includes('?'));
    for (const [key] of lost) problems.add(row, key, IMPORT_MSG.lostLetters);
    return lost.length === 0;
  });
}
