import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  detectMapping,
  spreadsheetColumn,
  type ImportKind,
} from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';
import { turnTaker } from '../../lib/event-loop-turns.js';
import { HEADER_SEARCH_ROWS, cleanCell, denseCells, tooManyRows, type Grid } from './imports.grid.js';

/** A spreadsheet as text: the header line and the data rows (each as long as the header). */
export interface Sheet {
  headers: string[];
  rows: string[][];
  /**
   * The number a spreadsheet shows beside each of `rows` (the header is 1): empty rows are left
   * out of `rows` but keep their numbers, so a problem points at the row the user sees in Excel.
   */
  rowNumbers: number[];
  /** The workbook's tab the rows come from, when it has several visible ones; else null. */
  sheetName: string | null;
  /**
   * Rows with values right of the header's last named column (left out of `rows`): how many, the
   * first one's number and the leftmost such column's index; null when there are none.
   */
  unheaded: { rows: number; firstRow: number; column: number } | null;
  /**
   * A CSV that may have been saved as Windows-1250 (decode.ts, DecodedText): Excel writes a letter
   * that code page lacks (Cyrillic, Lithuanian "ų") as "?", so its cells' question marks may be lost
   * letters (imports.lost-letters.ts).
   */
  lettersMayBeLost?: boolean;
}

/**
 * Where a grid's header is: of its first rows, the one whose cells name the most of the kind's
 * fields (the earliest of equals); none naming any, the first row. Undefined for a grid without a
 * single value.
 */
function findHeader(kind: ImportKind, grid: Grid): { index: number; fields: number } | undefined {
  let best: { index: number; fields: number } | undefined;
  grid.rows.slice(0, HEADER_SEARCH_ROWS).forEach((row, index) => {
    const fields = detectMapping(kind, denseCells(row)).filter((key) => key !== null).length;
    if (!best || fields > best.fields) best = { index, fields };
  });
  return best;
}

/**
 * The sheet to import: of the tabs in the workbook's order (a CSV is one), the first whose header
 * names a field of the kind, else the first with any value. Rows above its header are left out;
 * the others keep the numbers a spreadsheet shows.
 */
export async function sheetOf(kind: ImportKind, grids: Grid[]): Promise<Sheet> {
  const found = grids.flatMap((grid) => {
    const header = findHeader(kind, grid);
    return header ? [{ grid, header }] : [];
  });
  const chosen = found.find((f) => f.header.fields > 0) ?? found[0];
  if (!chosen) throw badRequest(IMPORT_MSG.empty, 'IMPORT_EMPTY', 'file');
  const { grid, header } = chosen;
  if (grid.tooLong) throw tooManyRows();
  const rawHeaders = denseCells(grid.rows[header.index]!);
  // Trailing empty header cells (a stray separator at the end) are not columns.
  let width = rawHeaders.length;
  while (width > 0 && rawHeaders[width - 1]!.trim() === '') width--;
  const headers = rawHeaders.slice(0, width).map((h) => cleanCell(h));
  const dataRows = grid.rows.length - header.index - 1;
  if (width * dataRows > IMPORT_MAX_CELLS) {
    const message = IMPORT_MSG.tooManyCells(width, dataRows, spreadsheetColumn(width - 1));
    throw badRequest(message, 'IMPORT_TOO_MANY_CELLS', 'file');
  }
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  // Values right of the header (a column whose header was forgotten) fit no field: told, not lost
  // unseen.
  let unheaded = null as Sheet['unheaded'];
  const giveTurn = turnTaker();
  for (const { number, cells } of grid.rows.slice(header.index + 1)) {
    await giveTurn();
    rows.push(Array.from({ length: width }, (_, i) => cleanCell(cells[i])));
    rowNumbers.push(number);
    const beyond = cells.findIndex((cell, i) => i >= width && cleanCell(cell) !== '');
    if (beyond >= 0) {
      const column = Math.min(beyond, unheaded?.column ?? beyond);
      unheaded = { rows: (unheaded?.rows ?? 0) + 1, firstRow: unheaded?.firstRow ?? number, column };
    }
  }
  if (!rows.length) throw badRequest(IMPORT_MSG.empty, 'IMPORT_EMPTY', 'file');
  if (rows.length > IMPORT_MAX_ROWS) throw tooManyRows();
  // The tab is named when the workbook has others the user might have meant.
  return {
    headers,
    rows,
    rowNumbers,
    sheetName: grids.length > 1 ? (grid.name ?? null) : null,
    unheaded,
  };
}
