import { CSV_BOM, CUSTOMER_EXPORT_COLUMNS, csvLine, keptAsText } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { findCustomersByIds, type CustomerRow } from './customers.repository.js';

/**
 * A customer as a line of kontrahenci.csv: a NIP, REGON, phone or zip code that a spreadsheet would
 * read as a number ("0123456789" loses its zero) is written as text, so the file comes back as it
 * went out.
 */
const csvRow = (row: CustomerRow) => csvLine(CUSTOMER_EXPORT_COLUMNS.map(({ key }) => keptAsText(row[key])));

/** The file in chunks, one batch of ids (in list order, from a cursor) at a time: memory stays flat. */
export async function* customerCsvChunks(
  db: DbOrTx,
  idBatches: AsyncIterable<number[]>,
): AsyncGenerator<string> {
  yield CSV_BOM + csvLine(CUSTOMER_EXPORT_COLUMNS.map(({ header }) => header));
  for await (const ids of idBatches) {
    yield (await findCustomersByIds(db, ids)).map(csvRow).join('');
  }
}
