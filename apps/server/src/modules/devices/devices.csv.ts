import {
  CSV_BOM,
  csvLine,
  keptAsText,
  MACHINE_EXPORT_HEADERS,
  type CsvValue,
  MACHINE_STATUSES,
  type MachineExportHeader,
  warrantyText,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { findCsvRowsByIds, type DeviceCsvRow } from './devices.repository.js';

/**
 * The list screen's columns (spec §2), without the hidden status weight: the value of each header
 * of MACHINE_EXPORT_HEADERS (domain), which the import recognises as this export.
 */
const VALUES: Record<MachineExportHeader, (row: DeviceCsvRow) => CsvValue> = {
  Id: (r) => r.id,
  Status: (r) => MACHINE_STATUSES.find((s) => s.name === r.status)?.label ?? r.status,
  // Every text a spreadsheet could read as a number or a date ("0012", "12.05", "05/12/2026") is
  // written as text, so the file saved back and imported names the same customer and category.
  Nazwa: (r) => keptAsText(r.name),
  Kontrahent: (r) => keptAsText(r.customerShortName),
  Kategoria: (r) => keptAsText(r.categoryName),
  'S/N': (r) => keptAsText(r.serialNumber),
  // Typed without its unit ("12.05", "0012"), a power would come back from a spreadsheet changed.
  Moc: (r) => keptAsText(r.sourcePower),
  Data: (r) => r.transferDate,
  Gwarancja: (r) => warrantyText(r),
  Ulica: (r) => keptAsText(r.streetAddress),
  'Kod pocztowy': (r) => keptAsText(r.zipCode),
  Miasto: (r) => keptAsText(r.city),
  Województwo: (r) => r.province,
};

/** BOM (so Excel reads UTF-8 with Polish letters) and the header line. */
export const csvHead = () => CSV_BOM + csvLine([...MACHINE_EXPORT_HEADERS]);

export const csvRow = (row: DeviceCsvRow) =>
  csvLine(MACHINE_EXPORT_HEADERS.map((header) => VALUES[header](row)));

/**
 * The file in chunks: for each batch of ids (in list order, from a cursor) its rows, so an export
 * of a million machines never holds more than one batch of ids or rows.
 */
export async function* csvChunks(db: DbOrTx, idBatches: AsyncIterable<number[]>): AsyncGenerator<string> {
  yield csvHead();
  for await (const ids of idBatches) {
    const rows = await findCsvRowsByIds(db, ids);
    yield rows.map(csvRow).join('');
  }
}
