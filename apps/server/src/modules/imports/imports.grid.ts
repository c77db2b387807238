import { IMPORT_MAX_ROWS, IMPORT_MSG, plainText, singleSpaced } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';

/** A row with a value, and the number a spreadsheet shows beside it (the first row is 1). */
export interface GridRow {
  number: number;
  /** Its cells from column A; a workbook's row may have holes (cells never written). */
  cells: string[];
}

/**
 * A tab of a workbook, or a CSV, before its header is chosen: its rows with a value, in order.
 * Empty rows are only numbers skipped: a file of a hundred million empty lines holds nothing.
 */
export interface Grid {
  /** The tab's name (workbooks). */
  name?: string;
  rows: GridRow[];
  /** It had more than MAX_FILLED_ROWS rows with a value: the rest were not kept. */
  tooLong?: boolean;
}

/** Non-empty rows searched for the header: a title or a note may stand above it. */
export const HEADER_SEARCH_ROWS = 10;

/**
 * Rows with a value a tab may have: the data rows' limit, and the rows its header may stand below.
 * A tab with more surely has too many data rows: the rest of it is not kept, as every row kept is
 * held in memory (a 150 MB CSV of short rows took the server down).
 */
const MAX_FILLED_ROWS = IMPORT_MAX_ROWS + HEADER_SEARCH_ROWS;

/** Rows with a value kept of a whole workbook, its tabs together. */
const MAX_KEPT_ROWS = 4 * MAX_FILLED_ROWS;

export const tooManyRows = () => badRequest(IMPORT_MSG.tooManyRows, 'IMPORT_TOO_MANY_ROWS', 'file');

/**
 * Keeps the rows with a value of one file's tabs, up to MAX_FILLED_ROWS a tab (a longer one is
 * marked `tooLong`, refused only if it is the tab imported); a file with more than MAX_KEPT_ROWS
 * of them in all is refused at once.
 */
export function rowKeeper() {
  let kept = 0;
  return (grid: Grid, number: number, cells: string[]) => {
    if (isEmptyRow(cells)) return;
    if (grid.rows.length >= MAX_FILLED_ROWS) {
      grid.tooLong = true;
      return;
    }
    if (++kept > MAX_KEPT_ROWS) throw tooManyRows();
    grid.rows.push({ number, cells });
  };
}

/**
 * A cell's text without the spaces around it, made plain as every stored text is (`plainText`: a
 * no-break space pasted from a web page or Word is a space, since it looks like one and would make
 * a name that matches nothing). Every field an import writes is one line: a line break typed in
 * the cell (Alt+Enter) is a space too.
 */
export const cleanCell = (text: string | undefined) => singleSpaced(plainText(text ?? '')).trim();

const isEmptyRow = (row: string[]) => !row.some((cell) => cell.trim() !== '');

/** A row's cells with its holes (cells a workbook never wrote) as empty texts. */
export const denseCells = (row: GridRow) => Array.from(row.cells, (cell) => cell ?? '');
