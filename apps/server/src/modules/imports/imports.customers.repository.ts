import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import {
  clearedOf,
  jsonParam,
  noChunks,
  rows,
  unchangedOf,
  updateOf,
  type ImportedTable,
  type OnChunk,
} from './imports.sql.js';
import { bulkStatementRows } from '../../db/bulk-statement-rows.js';

export interface CustomerImportRow {
  id?: number;
  short_name: string;
  full_name: string;
  street_address: string;
  zip_code: string;
  city: string;
  province: string;
  nip: string;
  regon: string;
  phone_number: string;
  email: string;
}

const CUSTOMER_RECORD = sql.raw(`short_name text, full_name text, street_address text, zip_code text,
  city text, province text, nip text, regon text, phone_number text, email text`);
const CUSTOMER_COLUMNS = sql.raw(`short_name, full_name, street_address, zip_code, city, province, nip,
  regon, phone_number, email`);

export async function insertCustomers(db: DbOrTx, list: CustomerImportRow[], onChunk: OnChunk = noChunks) {
  const chunk = bulkStatementRows();
  for (let start = 0; start < list.length; start += chunk) {
    await db.execute(
      sql`INSERT INTO customers (${CUSTOMER_COLUMNS}) SELECT ${CUSTOMER_COLUMNS}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + chunk))}) AS v(${CUSTOMER_RECORD})`,
    );
    await onChunk(Math.min(chunk, list.length - start));
  }
}

const CUSTOMER_SETS: Record<string, Record<string, string>> = {
  shortName: { short_name: 'v.short_name' },
  fullName: { full_name: 'v.full_name' },
  streetAddress: { street_address: 'v.street_address' },
  zipCode: { zip_code: 'v.zip_code' },
  city: { city: 'v.city' },
  province: { province: 'v.province' },
  nip: { nip: 'v.nip' },
  regon: { regon: 'v.regon' },
  phoneNumber: { phone_number: 'v.phone_number' },
  email: { email: 'v.email' },
};

const CUSTOMERS: ImportedTable = { table: 'customers', record: CUSTOMER_RECORD, sets: CUSTOMER_SETS };

/** Of customers an import would update, how many it would leave as they are (see unchangedOf). */
export const unchangedCustomers = (db: DbOrTx, list: CustomerImportRow[], fields: Iterable<string>) =>
  unchangedOf(db, CUSTOMERS, list, fields);

/** Of customers an import would update, how many each field would empty (see clearedOf). */
export const clearedCustomerFields = (db: DbOrTx, list: CustomerImportRow[], fields: Iterable<string>) =>
  clearedOf(db, CUSTOMERS, list, fields);

/**
 * Rewrites customers (by `id`), `bulkStatementRows()` rows a statement: only the columns of the given fields, and
 * only the customers the file changes; answers how many.
 */
export async function updateCustomers(
  db: DbOrTx,
  list: CustomerImportRow[],
  fields: Iterable<string>,
  onChunk: OnChunk = noChunks,
) {
  const { set, changed } = updateOf(CUSTOMER_SETS, 'c', fields);
  let count = 0;
  const chunk = bulkStatementRows();
  for (let start = 0; start < list.length; start += chunk) {
    const updated = await rows<{ id: number }>(
      db,
      sql`UPDATE customers AS c SET ${set}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + chunk))}) AS v(id int, ${CUSTOMER_RECORD})
          WHERE c.id = v.id AND (${changed})
          RETURNING c.id`,
    );
    count += updated.length;
    await onChunk(Math.min(chunk, list.length - start));
  }
  return count;
}
