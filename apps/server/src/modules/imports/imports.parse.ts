import { IMPORT_MSG, type ImportKind } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';
import { parseCsv } from './imports.csv.js';
import { decodeText } from './imports.decode.js';
import { noProgress, type ReportProgress } from './imports.progress.js';
import { sheetOf, type Sheet } from './imports.sheet.js';
import { parseXlsx } from './imports.xlsx.js';

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** An XLSX (a zip) or a CSV, told apart by the bytes, not by the name; `kind` finds the header. */
export async function parseSpreadsheet(
  bytes: Buffer,
  kind: ImportKind,
  report: ReportProgress = noProgress,
): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return sheetOf(kind, await parseXlsx(bytes, report));
  if (bytes.includes(0)) throw badRequest(IMPORT_MSG.unreadable, 'IMPORT_UNREADABLE', 'file');
  const { text, lettersMayBeLost } = await decodeText(bytes);
  return { ...(await sheetOf(kind, [await parseCsv(text)])), lettersMayBeLost };
}
