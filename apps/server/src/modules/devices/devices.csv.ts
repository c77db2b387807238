import { CSV_BOM, csvLine, MACHINE_STATUSES } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { findCsvRowsByIds, type DeviceCsvRow } from './devices.repository.js';

export const CSV_FILE_NAME = 'maszyny.csv';

/** The list screen's columns (spec §2), without the hidden status weight. */
const COLUMNS: { header: string; value: (row: DeviceCsvRow) => string | number | null }[] = [
  { header: 'Id', value: (r) => r.id },
  { header: 'Status', value: (r) => MACHINE_STATUSES.find((s) => s.name === r.status)?.label ?? r.status },
  { header: 'Nazwa', value: (r) => r.name },
  { header: 'Kontrahent', value: (r) => r.customerShortName },
  { header: 'Kategoria', value: (r) => r.categoryName },
  { header: 'S/N', value: (r) => r.serialNumber },
  { header: 'Moc', value: (r) => r.sourcePower },
  { header: 'Data', value: (r) => r.transferDate },
  {
    header: 'Gwarancja',
    value: (r) =>
      [r.warrantyLength > 0 ? `${r.warrantyLength} mies.` : '', r.warranty].filter(Boolean).join(' '),
  },
  { header: 'Ulica', value: (r) => r.streetAddress },
  { header: 'Kod pocztowy', value: (r) => r.zipCode },
  { header: 'Miasto', value: (r) => r.city },
  { header: 'Województwo', value: (r) => r.province },
];

/** BOM (so Excel reads UTF-8 with Polish letters) and the header line. */
export const csvHead = () => CSV_BOM + csvLine(COLUMNS.map((c) => c.header));

export const csvRow = (row: DeviceCsvRow) => csvLine(COLUMNS.map((c) => c.value(row)));

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
