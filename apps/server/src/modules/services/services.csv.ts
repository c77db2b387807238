import { CSV_BOM, SERVICE_EXPORT_COLUMNS, csvLine, keptAsText, type Service } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { loadServices } from './services.mapper.js';

/**
 * An event as a line of the file: a text a spreadsheet would read as a number or a date ("1/03/2026"
 * as a day) is kept as text; the id, the date and the period are written for it to read.
 */
const csvRow = (service: Service) =>
  csvLine(
    SERVICE_EXPORT_COLUMNS.map(({ value, raw }) => {
      const cell = value(service);
      return raw || typeof cell === 'number' ? cell : keptAsText(cell);
    }),
  );

/** The file in chunks, one batch of ids (in list order, from a cursor) at a time: memory stays flat. */
export async function* serviceCsvChunks(
  db: DbOrTx,
  idBatches: AsyncIterable<number[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(SERVICE_EXPORT_COLUMNS.map(({ header }) => header));
  for await (const ids of idBatches) {
    yield (await loadServices(db, ids)).map(csvRow).join('');
  }
}
