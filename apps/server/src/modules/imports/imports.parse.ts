import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import Papa from 'papaparse';
import { IMPORT_MAX_ROWS, IMPORT_MSG, csvCellText } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';
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
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Bytes of a CSV as text: UTF-8 (with or without BOM) when they are valid UTF-8, else Windows-1250
 * (what Excel writes on a Polish Windows for "CSV (rozdzielany przecinkami)").
 */
export function decodeText(bytes: Buffer): string {
  const body = bytes.subarray(0, 3).equals(UTF8_BOM) ? bytes.subarray(3) : bytes;
  try {
    return utf8.decode(body);
  } catch {
    return iconv.decode(body, 'win1250');
  }
}

/** Every row of the sheet in order, empty ones too (the header first). */
function toSheet(lines: string[][]): Sheet {
  const [rawHeaders, ...data] = lines;
  if (!rawHeaders) throw badRequest(IMPORT_MSG.empty, 'IMPORT_EMPTY', 'file');
  // Trailing empty header cells (a stray separator at the end) are not columns.
  let width = rawHeaders.length;
  while (width > 0 && rawHeaders[width - 1]!.trim() === '') width--;
  const headers = rawHeaders.slice(0, width).map((h) => h.trim());
  const rows: string[][] = [];
  const rowNumbers: number[] = [];
  data.forEach((row, index) => {
    if (!row.some((cell) => cell.trim() !== '')) return;
    rows.push(Array.from({ length: width }, (_, i) => (row[i] ?? '').trim()));
    rowNumbers.push(index + 2);
  });
  if (!headers.length || !rows.length) throw badRequest(IMPORT_MSG.empty, 'IMPORT_EMPTY', 'file');
  if (rows.length > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MSG.tooManyRows, 'IMPORT_TOO_MANY_ROWS', 'file');
  return { headers, rows, rowNumbers };
}

/**
 * A first line "sep=;" names the separator: programs that write CSV for Excel put it there, and
 * Excel reads the file by it. It is not the header.
 */
const SEPARATOR_LINE = /^sep=([^\r\n])\r?\n/i;

/** Rows read to guess the separator. */
const GUESS_ROWS = 20;

/**
 * `;` or `,` (or a tab): the one a "sep=" line names, else guessed by papaparse from the first
 * lines, empty lines aside. The file is then read with its empty lines, which Excel numbers too.
 */
export function parseCsv(text: string): Sheet {
  const named = SEPARATOR_LINE.exec(text);
  const body = named ? text.slice(named[0].length) : text;
  const delimiter =
    named?.[1] ??
    Papa.parse<string[]>(body, {
      delimitersToGuess: [';', ',', '\t'],
      skipEmptyLines: 'greedy',
      preview: GUESS_ROWS,
    }).meta.delimiter;
  const result = Papa.parse<string[]>(body, { delimiter, skipEmptyLines: false });
  return toSheet(result.data.map((row) => row.map(csvCellText)));
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A cell as the user sees it: dates as YYYY-MM-DD, formulas by their result, rich text as text, and
 * text as a CSV cell reads (`csvCellText`).
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return '';
    return '';
  }
  // The export's `="000123"` or `'=…`, opened without running formulas and saved as a workbook.
  if (typeof value === 'string') return csvCellText(value);
  return String(value);
}

/** What the stream reader knows of the workbook once it has read `xl/workbook.xml`. */
interface WorkbookModel {
  model?: { sheets?: { name?: string }[] };
}

/** A progress line at most every this many rows read. */
const ROWS_PER_REPORT = 1_000;

/**
 * The first sheet of a workbook, read as a stream (ExcelJS's WorkbookReader) rather than loaded
 * whole: 100,000 rows in 2.8–3.5 s with 231–363 MB at peak, against 5.2 s and 416 MB. The first
 * sheet is the first tab (the workbook's own order), not the first sheet file in the zip; when the
 * workbook part comes after the sheets, the first sheet in the file. Every sheet is iterated to its
 * end, so that the reader removes the temporary file it keeps a sheet in while it waits for the
 * shared strings (Excel writes them after the sheets).
 */
export async function parseXlsx(bytes: Buffer, report: ReportProgress = noProgress): Promise<Sheet> {
  // Loaded at the first workbook, not with the server: a third of a second of every start for a
  // module that only imports of XLSX files use.
  const { default: excel } = await import('exceljs');
  const reader = new excel.stream.xlsx.WorkbookReader(Readable.from([bytes]), {
    sharedStrings: 'cache',
    styles: 'cache', // dates are numbers with a date format
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const lines: string[][] = [];
  let taken = false;
  try {
    for await (const worksheet of reader) {
      const firstTab = (reader as unknown as WorkbookModel).model?.sheets?.[0]?.name;
      const name = (worksheet as unknown as { name?: string }).name;
      const wanted: boolean = !taken && (!firstTab || !name || name === firstTab);
      for await (const row of worksheet) {
        if (!wanted) continue;
        const values = row.values as ExcelJS.CellValue[];
        lines[row.number - 1] = Array.from(values.slice(1), (value) => cellText(value));
        if (row.number % ROWS_PER_REPORT === 0) await report('reading', row.number, 0);
      }
      taken ||= wanted;
    }
  } catch {
    throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  }
  // A zip without a single worksheet is no workbook: an OpenDocument sheet (.ods), a Word file.
  if (!taken) throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  return toSheet(Array.from(lines, (l) => l ?? []));
}

/** An XLSX (a zip) or a CSV, told apart by the bytes, not by the name. */
export async function parseSpreadsheet(bytes: Buffer, report: ReportProgress = noProgress): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return parseXlsx(bytes, report);
  if (bytes.includes(0)) throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  return parseCsv(decodeText(bytes));
}
