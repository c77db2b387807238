import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import JSZip from 'jszip';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { format as formatNumber, isDateFormat, isTextFormat } from 'numfmt';
import {
  IMPORT_MAX_CELLS,
  IMPORT_MAX_ROWS,
  IMPORT_MSG,
  csvCellText,
  detectMapping,
  spreadsheetColumn,
  type ImportKind,
} from '@serwis/domain';
import { AppError, badRequest } from '../../lib/app-error.js';
import { turnTaker } from '../../lib/event-loop-turns.js';
import { noProgress, type ReportProgress } from './imports.progress.js';

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
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
/** Bytes decoded at a time, so that a 14 MB file is no 0.1 s of the event loop at once. */
const DECODED_PER_TURN = 1 << 20;

/** `bytes` decoded a megabyte at a time, the server's other requests let in between (turnTaker). */
async function decodeInSlices(bytes: Buffer, decode: (slice: Buffer) => string): Promise<string> {
  const giveTurn = turnTaker();
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODED_PER_TURN) {
    parts.push(decode(bytes.subarray(at, at + DECODED_PER_TURN)));
    await giveTurn();
  }
  return parts.join('');
}

/**
 * Bytes of a CSV as text: UTF-8 (with or without BOM) when they are valid UTF-8, else Windows-1250
 * (what Excel writes on a Polish Windows for "CSV (rozdzielany przecinkami)").
 */
export async function decodeText(bytes: Buffer): Promise<string> {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  try {
    // `stream`: a character cut between two slices is finished by the next one.
    return (await decodeInSlices(body, (slice) => utf8.decode(slice, { stream: true }))) + utf8.decode();
  } catch {
    // Windows-1250 is one byte a character: every slice decodes on its own.
    return decodeInSlices(body, (slice) => iconv.decode(slice, 'win1250'));
  }
}

/** A row with a value, and the number a spreadsheet shows beside it (the first row is 1). */
interface GridRow {
  number: number;
  /** Its cells from column A; a workbook's row may have holes (cells never written). */
  cells: string[];
}

/**
 * A tab of a workbook, or a CSV, before its header is chosen: its rows with a value, in order.
 * Empty rows are only numbers skipped: a file of a hundred million empty lines holds nothing.
 */
interface Grid {
  /** The tab's name (workbooks). */
  name?: string;
  rows: GridRow[];
  /** It had more than MAX_FILLED_ROWS rows with a value: the rest were not kept. */
  tooLong?: boolean;
}

/** Non-empty rows searched for the header: a title or a note may stand above it. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Rows with a value a tab may have: the data rows' limit, and the rows its header may stand below.
 * A tab with more surely has too many data rows: the rest of it is not kept, as every row kept is
 * held in memory (a 150 MB CSV of short rows took the server down).
 */
const MAX_FILLED_ROWS = IMPORT_MAX_ROWS + HEADER_SEARCH_ROWS;

/** Rows with a value kept of a whole workbook, its tabs together. */
const MAX_KEPT_ROWS = 4 * MAX_FILLED_ROWS;

const tooManyRows = () => badRequest(IMPORT_MSG.tooManyRows, 'IMPORT_TOO_MANY_ROWS', 'file');

/**
 * Keeps the rows with a value of one file's tabs, up to MAX_FILLED_ROWS a tab (a longer one is
 * marked `tooLong`, refused only if it is the tab imported); a file with more than MAX_KEPT_ROWS
 * of them in all is refused at once.
 */
function rowKeeper() {
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
 * A cell's text without the spaces around it; a no-break space (pasted from a web page or Word)
 * is a space, since it looks like one and would make a name that matches nothing. Every field an
 * import writes is one line: a line break typed in the cell (Alt+Enter) is a space too.
 */
export const cleanCell = (text: string | undefined) =>
  (text ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/[ \t]*[\r\n]+[ \t]*/g, ' ')
    .trim();

const isEmptyRow = (row: string[]) => !row.some((cell) => cell.trim() !== '');

/** A row's cells with its holes (cells a workbook never wrote) as empty texts. */
const denseCells = (row: GridRow) => Array.from(row.cells, (cell) => cell ?? '');

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
async function sheetOf(kind: ImportKind, grids: Grid[]): Promise<Sheet> {
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

/**
 * A first line "sep=;" names the separator: programs that write CSV for Excel put it there, and
 * Excel reads the file by it. It is not the header.
 */
const SEPARATOR_LINE = /^sep=([^\r\n])\r?\n/i;

/** Characters of a CSV parsed at a time (parseCsv). */
const CSV_CHUNK_CHARACTERS = 512 * 1024;

/** Rows read to guess the separator, and the characters they are looked for in. */
const GUESS_ROWS = 20;
const GUESS_CHARACTERS = 64 * 1024;

/**
 * `;` or `,` (or a tab): the one a "sep=" line names, else guessed by papaparse from the first
 * lines of its start (papaparse would split the whole text by lines for it), empty lines aside.
 * The file is then read with its empty lines, which Excel numbers too. A field that opens with a
 * quote it does not close (`"Beta" Sp. z o.o.` unquoted) would take the rest of the file in; the
 * file is refused, naming its row.
 */
export async function parseCsv(text: string): Promise<Grid> {
  const named = SEPARATOR_LINE.exec(text);
  const body = named ? text.slice(named[0].length) : text;
  const delimiter =
    named?.[1] ??
    Papa.parse<string[]>(body.slice(0, GUESS_CHARACTERS), {
      delimitersToGuess: [';', ',', '\t'],
      skipEmptyLines: 'greedy',
      preview: GUESS_ROWS,
    }).meta.delimiter;
  const grid: Grid = { rows: [] };
  const keep = rowKeeper();
  let records = 0;
  let badQuotesRow: number | undefined;
  // Half a megabyte at a time, the server's other requests let in after each: the whole of a
  // 100,000-row file at once held the event loop for half a second.
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(body, {
      delimiter,
      skipEmptyLines: false,
      chunkSize: CSV_CHUNK_CHARACTERS,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        const quotes = result.errors.find((error) => error.type === 'Quotes');
        if (quotes && badQuotesRow === undefined) badQuotesRow = records + (quotes.row ?? 0) + 1;
        for (const row of result.data) {
          records++;
          // An empty line (one empty field): nothing to keep, and no row made of it (15 million of
          // them read in 5.7 s instead of 7.8).
          if (row.length === 1 && row[0] === '') continue;
          keep(grid, records, row.map(csvCellText));
        }
        // Too long to import: the rest need not be read.
        if (grid.tooLong) return parser.abort();
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
    });
  });
  // A quote left open before the reading stopped names a row to mend first.
  if (badQuotesRow !== undefined) {
    throw badRequest(IMPORT_MSG.badQuotes(badQuotesRow), 'IMPORT_UNREADABLE', 'file');
  }
  // Too long: sheetOf refuses it.
  return grid;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Days from 1899-12-30 (the 1900 system's day 0) to 1904-01-01 (the 1904 system's). */
const DAYS_1900_TO_1904 = 1462;

/**
 * A number as the cell shows it in a Polish Excel: by its format ("00-000" makes 950 "00-950", a
 * date format makes a formula's 46358 "2026-12-02"), a general one with a decimal comma, whole
 * numbers in full (never "1,23457E+14").
 */
function numberText(value: number, format: string | undefined, date1904: boolean): string {
  if (!format || format === 'General' || isTextFormat(format)) {
    if (Number.isInteger(value)) return String(value);
    // As Excel's general format shows it (3.3000000000000003, a formula's result, is "3,3"), unless
    // that takes an exponent.
    const shown = formatNumber('General', value, { locale: 'pl' });
    return shown.includes('E') ? String(value).replace('.', ',') : shown;
  }
  if (isDateFormat(format)) {
    return formatNumber('yyyy-mm-dd', date1904 ? value + DAYS_1900_TO_1904 : value);
  }
  return formatNumber(format, value, { locale: 'pl', throws: false, invalid: String(value) });
}

/**
 * A cell as the user sees it: dates as YYYY-MM-DD, numbers as their format shows them, formulas by
 * their result, rich text as text, and text as a CSV cell reads (`csvCellText`).
 */
function cellText(value: ExcelJS.CellValue, format: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue, format, date1904);
    if ('text' in value) return String(value.text);
    return ''; // an error (#N/A), or a formula never calculated
  }
  if (typeof value === 'number') return numberText(value, format, date1904);
  // The export's `="000123"` or `'=…`, opened without running formulas and saved as a workbook.
  if (typeof value === 'string') return csvCellText(value);
  return String(value);
}

/** What the stream reader knows of the workbook once it has read `xl/workbook.xml`. */
interface WorkbookModel {
  model?: { sheets?: { name?: string; state?: string }[] };
  properties?: { model?: { date1904?: boolean } };
}

/** Where a part of the workbook goes in `inReadingOrder`: what the sheets need first, then the sheets. */
function readingRank(path: string): number {
  const first = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
  const rank = first.indexOf(path);
  if (rank >= 0) return rank;
  return /^xl\/worksheets\/sheet\d+\.xml$/.test(path) ? first.length : first.length + 1;
}

/** An entry put last in `inReadingOrder`: whatever the stream reader drops, it drops this. */
const LAST_ENTRY = 'serwis-end.txt';

/**
 * The workbook's zip with its parts in the order the stream reader needs them, and an entry of our
 * own at the end. ExcelJS's stream reader can lose a zip's last entry (its loop ends before the
 * last entry arrives: exceljs#3064, one read in a few hundred here under load). Excel and ExcelJS
 * write the sheets' list (`xl/workbook.xml`) last, LibreOffice the shared strings: the read then
 * failed, or would have read cells without their text. Reordering copies the compressed parts as
 * they are (54 ms for a 100,000-row workbook); the sheets, after the strings, are read at once
 * instead of through a temporary file.
 */
export async function inReadingOrder(bytes: Buffer): Promise<Buffer> {
  const zip = await JSZip.loadAsync(bytes);
  const paths = Object.keys(zip.files).sort((a, b) => readingRank(a) - readingRank(b));
  zip.files = Object.fromEntries(paths.map((path) => [path, zip.files[path]!]));
  zip.file(LAST_ENTRY, '-');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A progress line at most every this many rows read. */
const ROWS_PER_REPORT = 1_000;

/**
 * The workbook's visible tabs in their order, read as a stream (ExcelJS's WorkbookReader) rather
 * than loaded whole: 100,000 rows in 2.8–3.5 s with 231–363 MB at peak, against 5.2 s and 416 MB.
 * The order is the tabs' (the workbook's own), not that of the sheet files in the zip; hidden tabs
 * (a template's instructions, old data) are left out. Every sheet is iterated to its end (the
 * reader's rows come as the zip is read).
 */
export async function parseXlsx(bytes: Buffer, report: ReportProgress = noProgress): Promise<Grid[]> {
  // Loaded at the first workbook, not with the server: a third of a second of every start for a
  // module that only imports of XLSX files use.
  const { default: excel } = await import('exceljs');
  let ordered: Buffer;
  try {
    ordered = await inReadingOrder(bytes);
  } catch {
    throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  }
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([ordered]), {
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date format
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const workbook = reader as unknown as WorkbookModel;
  const grids: Grid[] = [];
  const keep = rowKeeper();
  try {
    for await (const worksheet of reader) {
      const date1904 = !!workbook.properties?.model?.date1904;
      const name = (worksheet as unknown as { name?: string }).name;
      const grid: Grid = { name, rows: [] };
      for await (const row of worksheet) {
        // Sparse: a lone cell in column XFD is one value, not 16,384.
        const cells: string[] = [];
        row.eachCell((cell, col) => {
          cells[col - 1] = cellText(cell.value, cell.numFmt, date1904);
        });
        keep(grid, row.number, cells);
        if (row.number % ROWS_PER_REPORT === 0) await report('reading', row.number, 0);
      }
      // Excel writes rows in order; a program that did not is read as the sheet shows them.
      grid.rows.sort((x, y) => x.number - y.number);
      grids.push(grid);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  }
  // A zip without a single worksheet is no workbook: an OpenDocument sheet (.ods), a Word file.
  if (!grids.length) throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  const tabs = workbook.model?.sheets ?? [];
  const tab = (grid: Grid) => tabs.findIndex((t) => t.name === grid.name);
  const visible = grids
    .filter((grid) => tab(grid) < 0 || !/hidden/i.test(tabs[tab(grid)]!.state ?? ''))
    .sort((a, b) => (tab(a) < 0 || tab(b) < 0 ? 0 : tab(a) - tab(b)));
  return visible.length ? visible : grids;
}

/** An XLSX (a zip) or a CSV, told apart by the bytes, not by the name; `kind` finds the header. */
export async function parseSpreadsheet(
  bytes: Buffer,
  kind: ImportKind,
  report: ReportProgress = noProgress,
): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return sheetOf(kind, await parseXlsx(bytes, report));
  if (bytes.includes(0)) throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  return sheetOf(kind, [await parseCsv(await decodeText(bytes))]);
}
