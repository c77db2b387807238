import { Readable } from 'node:stream';
import JSZip from 'jszip';
import { IMPORT_MSG } from '@serwis/domain';
import { AppError, badRequest } from '../../lib/app-error.js';
import { rowKeeper, type Grid } from './imports.grid.js';
import { noProgress, type ReportProgress } from './imports.progress.js';
import { cellText } from './imports.xlsx-cells.js';
import { refuseOverlongTexts } from './imports.xlsx-guard.js';
import { readingUtf8AcrossChunks } from './imports.xlsx-utf8.js';

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
  await refuseOverlongTexts(zip);
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
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  }
  const reader = readingUtf8AcrossChunks(
    new excel.stream.xlsx.WorkbookReader(Readable.from([ordered]), {
      sharedStrings: 'cache',
      styles: 'cache', // dates are numbers with a date format
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }),
  );
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
