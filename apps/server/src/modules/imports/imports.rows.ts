import { singleSpaced } from '@serwis/domain';
import { turnTaker } from '../../lib/event-loop-turns.js';
import type { ReportProgress } from './imports.progress.js';
import type { Sheet } from './imports.sheet.js';

/** A data row of the file: its number as a spreadsheet shows it, and its cells by field. */
export interface Row {
  line: number;
  values: Record<string, string>;
}

export function rowsOf(sheet: Sheet, mapping: (string | null)[]): Row[] {
  return sheet.rows.map((cells, index) => {
    const values: Record<string, string> = {};
    mapping.forEach((key, col) => {
      if (key) values[key] = cells[col] ?? '';
    });
    return { line: sheet.rowNumbers[index]!, values };
  });
}

/** A progress line every this many rows checked at most (and at most every 100 ms). */
const CHECKS_PER_REPORT = 500;

/**
 * The rows one at a time, the progress of `checking` told as they go, and the event loop given a
 * turn every TURN_MS also when nobody is told (a plain call held its server for 3–5 s).
 */
export async function* checked<T>(rows: T[], report: ReportProgress): AsyncGenerator<T> {
  const giveTurn = turnTaker();
  for (let index = 0; index < rows.length; index++) {
    if (index % CHECKS_PER_REPORT === 0) await report('checking', index, rows.length);
    await giveTurn();
    yield rows[index]!;
  }
  await report('checking', rows.length, rows.length);
}

/** The progress of `writing`: the rows each statement wrote, added up over the whole write. */
export function rowsWritten(report: ReportProgress, total: number) {
  let done = 0;
  return async (rows: number) => {
    done += rows;
    await report('writing', done, total);
  };
}

/** A customer's or category's name as the import compares it: any case, runs of spaces as one. */
export const nameKey = (s: string) => singleSpaced(s.trim()).toLowerCase();
