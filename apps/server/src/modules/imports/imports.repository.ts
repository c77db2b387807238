import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import type { MachineType } from '@serwis/domain';

/** One JSON text parameter: any number of values in one statement, the same on PGlite and pg. */
const jsonParam = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
const textList = (values: string[]) => sql`(SELECT jsonb_array_elements_text(${jsonParam(values)}))`;
/** `IN` list of ids, as one JSON parameter. */
const idList = (ids: number[]) => sql`(SELECT (jsonb_array_elements_text(${jsonParam(ids)}))::int)`;

const rows = async <T>(db: DbOrTx, query: SQL): Promise<T[]> => rowsOf<T>(await db.execute(query));

const IMPORT_LOCK = sql`hashtext('serwis-import')`;

/**
 * A name as the import compares it (as `nameKey` in the service): any case, runs of spaces as one,
 * so that "ZPH  Jankowski" typed with two spaces is the register's "ZPH Jankowski".
 */
const nameKey = (column: string) => sql.raw(`lower(regexp_replace(btrim(${column}), '\\s+', ' ', 'g'))`);

/**
 * Holds the imports' lock until the transaction ends: imports run one after another, so that the
 * same file sent twice at once (two admins, two tabs) is added once and then updated, as when sent
 * one after the other. False when another import held it and this one had to wait for it.
 */
export async function takeImportLock(tx: DbOrTx, waiting: () => Promise<void>): Promise<boolean> {
  const [free] = await rows<{ locked: boolean }>(
    tx,
    sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK}) AS locked`,
  );
  if (free?.locked) return true;
  await waiting();
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK})`);
  return false;
}

/** Ids of customers by short name (`nameKey`). */
export async function customerIdsByName(db: DbOrTx, keys: string[]): Promise<Map<string, number>> {
  if (!keys.length) return new Map();
  const found = await rows<{ id: number; key: string }>(
    db,
    sql`SELECT id, ${nameKey('short_name')} AS key FROM customers WHERE ${nameKey('short_name')} IN ${textList(keys)}`,
  );
  return new Map(found.map((r) => [r.key, Number(r.id)]));
}

/**
 * The names a machine file picks from: every customer's short name and every category's name, in
 * Polish alphabetical order (the workbook template's lists).
 */
export async function registerNames(db: DbOrTx): Promise<{ customers: string[]; categories: string[] }> {
  const [customerRows, categoryRows] = [
    await rows<{ name: string }>(db, sql`SELECT short_name AS name FROM customers`),
    await rows<{ name: string }>(db, sql`SELECT name FROM categories`),
  ];
  const polish = new Intl.Collator('pl');
  const sorted = (list: { name: string }[]) => [...new Set(list.map((r) => r.name))].sort(polish.compare);
  return { customers: sorted(customerRows), categories: sorted(categoryRows) };
}

/**
 * Customers by lowered full name, for names a machine file gives that are no short name: the id of
 * the one customer with that full name, and apart the names that several customers have.
 */
export async function customerIdsByFullName(
  db: DbOrTx,
  lowered: string[],
): Promise<{ ids: Map<string, number>; ambiguous: Set<string> }> {
  const ids = new Map<string, number>();
  const ambiguous = new Set<string>();
  if (!lowered.length) return { ids, ambiguous };
  const found = await rows<{ id: number; key: string; customers: number }>(
    db,
    sql`SELECT ${nameKey('full_name')} AS key, min(id) AS id, count(*)::int AS customers FROM customers
        WHERE ${nameKey('full_name')} IN ${textList(lowered)} GROUP BY 1`,
  );
  for (const row of found) {
    if (Number(row.customers) === 1) ids.set(row.key, Number(row.id));
    else ambiguous.add(row.key);
  }
  return { ids, ambiguous };
}

export async function categoryIdsByName(db: DbOrTx, lowered: string[]): Promise<Map<string, number>> {
  if (!lowered.length) return new Map();
  const found = await rows<{ id: number; key: string }>(
    db,
    sql`SELECT id, ${nameKey('name')} AS key FROM categories WHERE ${nameKey('name')} IN ${textList(lowered)}`,
  );
  return new Map(found.map((r) => [r.key, Number(r.id)]));
}

/** The machine of each serial number in a family (the oldest when the register holds several). */
export async function deviceIdsBySerial(
  db: DbOrTx,
  family: MachineType,
  serials: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (let start = 0; start < serials.length; start += CHUNK) {
    const found = await rows<{ id: number; serial: string }>(
      db,
      sql`SELECT DISTINCT ON (serial_number) id, serial_number AS serial FROM devices
          WHERE type = ${family} AND serial_number IN ${textList(serials.slice(start, start + CHUNK))}
          ORDER BY serial_number, id`,
    );
    for (const r of found) map.set(r.serial, Number(r.id));
  }
  return map;
}

const CHUNK = 5000;

/** What the list and its export show of a machine that a row may leave as it is (`asShown`). */
export interface ShownDeviceValues {
  name: string;
  warrantyLength: number;
  warranty: string;
}

/**
 * Of these ids, the machines of the family (the ids of the list's own export taken back, the
 * machines found by serial number), each with its name and warranty as the list shows them.
 */
export async function shownDevicesOf(
  db: DbOrTx,
  family: MachineType,
  ids: number[],
): Promise<Map<number, ShownDeviceValues>> {
  const shown = new Map<number, ShownDeviceValues>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += CHUNK) {
    const found = await rows<{ id: number; name: string; warranty_length: number; warranty: string }>(
      db,
      sql`SELECT id, name, warranty_length, warranty FROM devices
          WHERE type = ${family} AND id IN ${idList(unique.slice(start, start + CHUNK))}`,
    );
    for (const r of found) {
      shown.set(Number(r.id), {
        name: r.name,
        warrantyLength: Number(r.warranty_length),
        warranty: r.warranty,
      });
    }
  }
  return shown;
}

/**
 * Locks the rows of `table` with the given ids (in id order, CHUNK a statement) and answers each
 * one's `key` as it is now; a row gone, or outside `where`, is missing.
 */
async function lockByIds(db: DbOrTx, table: string, key: SQL, where: SQL, ids: number[]) {
  const now = new Map<number, string>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += CHUNK) {
    const found = await rows<{ id: number; key: string }>(
      db,
      sql`SELECT id, ${key} AS key FROM ${sql.raw(table)}
          WHERE ${where} AND id IN ${idList(sorted.slice(start, start + CHUNK))}
          ORDER BY id FOR UPDATE`,
    );
    for (const r of found) now.set(Number(r.id), r.key);
  }
  return now;
}

/**
 * Locks the machines an import is about to update (in id order, before it writes anything, so that
 * a hand edit of one of them waits for the import or the import for it, never both) and answers the
 * serial number each has now; one gone or moved to the other family is missing.
 */
export const lockDevices = (db: DbOrTx, family: MachineType, ids: number[]) =>
  lockByIds(db, 'devices', sql.raw('serial_number'), sql`type = ${family}`, ids);

/** As lockDevices, for customers: each one's short name now, compared as the import compares names. */
export const lockCustomers = (db: DbOrTx, ids: number[]) =>
  lockByIds(db, 'customers', nameKey('short_name'), sql`TRUE`, ids);

/** Told the number of rows each statement of a write has written (the import's progress). */
export type OnChunk = (rows: number) => Promise<void>;
const noChunks: OnChunk = async () => undefined;

export async function insertCustomersNamed(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const created = await rows<{ id: number; key: string }>(
    db,
    sql`INSERT INTO customers (short_name) SELECT value FROM jsonb_array_elements_text(${jsonParam(names)})
        RETURNING id, ${nameKey('short_name')} AS key`,
  );
  return new Map(created.map((r) => [r.key, Number(r.id)]));
}

export async function insertCategoriesNamed(db: DbOrTx, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const created = await rows<{ id: number; key: string }>(
    db,
    sql`INSERT INTO categories (name) SELECT value FROM jsonb_array_elements_text(${jsonParam(names)})
        RETURNING id, ${nameKey('name')} AS key`,
  );
  return new Map(created.map((r) => [r.key, Number(r.id)]));
}

export interface DeviceImportRow {
  id?: number;
  name: string;
  category_id: number;
  customer_id: number;
  serial_number: string;
  source_power: string;
  transfer_date: string | null;
  warranty_length: number;
  warranty: string;
  street_address: string;
  zip_code: string;
  city: string;
  province: string;
  /** Null in an update: the row's status cell was empty, the machine keeps its status. */
  status: string | null;
  status_weight: number | null;
}

const DEVICE_RECORD = sql.raw(`name text, category_id int, customer_id int, serial_number text,
  source_power text, transfer_date date, warranty_length int, warranty text, street_address text,
  zip_code text, city text, province text, status text, status_weight smallint`);
const DEVICE_COLUMNS = sql.raw(`name, category_id, customer_id, serial_number, source_power,
  transfer_date, warranty_length, warranty, street_address, zip_code, city, province, status, status_weight`);

/** Adds machines, CHUNK rows a statement; answers their ids. */
export async function insertDevices(
  db: DbOrTx,
  family: MachineType,
  list: DeviceImportRow[],
  onChunk: OnChunk = noChunks,
) {
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += CHUNK) {
    const created = await rows<{ id: number }>(
      db,
      sql`INSERT INTO devices (type, ${DEVICE_COLUMNS})
          SELECT ${family}, ${DEVICE_COLUMNS}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + CHUNK))}) AS v(${DEVICE_RECORD})
          RETURNING id`,
    );
    ids.push(...created.map((r) => Number(r.id)));
    await onChunk(created.length);
  }
  return ids;
}

/**
 * What an update sets for each import field the file has a column for (column → new value): a
 * column the file lacks leaves its value as it was ("Nazwa skrócona;Telefon" updates the phones,
 * nothing else).
 */
const DEVICE_SETS: Record<string, Record<string, string>> = {
  name: { name: 'v.name' },
  customer: { customer_id: 'v.customer_id' },
  category: { category_id: 'v.category_id' },
  serialNumber: { serial_number: 'v.serial_number' },
  sourcePower: { source_power: 'v.source_power' },
  transferDate: { transfer_date: 'v.transfer_date' },
  warrantyLength: { warranty_length: 'v.warranty_length' },
  warranty: { warranty: 'v.warranty' },
  streetAddress: { street_address: 'v.street_address' },
  zipCode: { zip_code: 'v.zip_code' },
  city: { city: 'v.city' },
  province: { province: 'v.province' },
  status: {
    status: 'coalesce(v.status, d.status)',
    status_weight: 'coalesce(v.status_weight, d.status_weight)',
  },
};

/**
 * The SET list of the given import fields (those with no column of their own are left out), and
 * the condition that one of them changes: a row the file gives as it already is stays untouched
 * (its `updated_at` too) and is not counted as updated.
 */
function updateOf(sets: Record<string, Record<string, string>>, alias: string, fields: Iterable<string>) {
  const columns = [...new Set(fields)].flatMap((field) => Object.entries(sets[field] ?? {}));
  const assignments = [...columns.map(([column, value]) => `${column} = ${value}`), 'updated_at = now()'];
  const changes = columns.map(([column, value]) => `${alias}.${column} IS DISTINCT FROM ${value}`);
  return { set: sql.raw(assignments.join(', ')), changed: sql.raw(changes.join(' OR ') || 'false') };
}

/**
 * How many of `list` (rows that update a record, by `id`) would change nothing: the preview's "bez
 * zmian", by the same comparison as the update's.
 */
async function unchangedOf(
  db: DbOrTx,
  table: 'devices' | 'customers',
  record: SQL,
  sets: Record<string, Record<string, string>>,
  list: { id?: number }[],
  fields: Iterable<string>,
) {
  const alias = table === 'devices' ? 'd' : 'c';
  const { changed } = updateOf(sets, alias, fields);
  let count = 0;
  for (let start = 0; start < list.length; start += CHUNK) {
    const [found] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.raw(table)} AS ${sql.raw(alias)}
          JOIN jsonb_to_recordset(${jsonParam(list.slice(start, start + CHUNK))}) AS v(id int, ${record})
          ON ${sql.raw(alias)}.id = v.id WHERE NOT (${changed})`,
    );
    count += Number(found?.n ?? 0);
  }
  return count;
}

/** Of machines an import would update, how many it would leave as they are (see unchangedOf). */
export const unchangedDevices = (db: DbOrTx, list: DeviceImportRow[], fields: Iterable<string>) =>
  unchangedOf(db, 'devices', DEVICE_RECORD, DEVICE_SETS, list, fields);

/**
 * Rewrites machines (by `id`), CHUNK rows a statement: only the columns of the given fields, and
 * only the machines the file changes; answers their ids.
 */
export async function updateDevices(
  db: DbOrTx,
  list: DeviceImportRow[],
  fields: Iterable<string>,
  onChunk: OnChunk = noChunks,
) {
  const { set, changed } = updateOf(DEVICE_SETS, 'd', fields);
  const ids: number[] = [];
  for (let start = 0; start < list.length; start += CHUNK) {
    const updated = await rows<{ id: number }>(
      db,
      sql`UPDATE devices AS d SET ${set}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + CHUNK))}) AS v(id int, ${DEVICE_RECORD})
          WHERE d.id = v.id AND (${changed})
          RETURNING d.id`,
    );
    ids.push(...updated.map((r) => Number(r.id)));
    await onChunk(Math.min(CHUNK, list.length - start));
  }
  return ids;
}

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
  for (let start = 0; start < list.length; start += CHUNK) {
    await db.execute(
      sql`INSERT INTO customers (${CUSTOMER_COLUMNS}) SELECT ${CUSTOMER_COLUMNS}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + CHUNK))}) AS v(${CUSTOMER_RECORD})`,
    );
    await onChunk(Math.min(CHUNK, list.length - start));
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

/** Of customers an import would update, how many it would leave as they are (see unchangedOf). */
export const unchangedCustomers = (db: DbOrTx, list: CustomerImportRow[], fields: Iterable<string>) =>
  unchangedOf(db, 'customers', CUSTOMER_RECORD, CUSTOMER_SETS, list, fields);

/**
 * Rewrites customers (by `id`), CHUNK rows a statement: only the columns of the given fields, and
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
  for (let start = 0; start < list.length; start += CHUNK) {
    const updated = await rows<{ id: number }>(
      db,
      sql`UPDATE customers AS c SET ${set}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + CHUNK))}) AS v(id int, ${CUSTOMER_RECORD})
          WHERE c.id = v.id AND (${changed})
          RETURNING c.id`,
    );
    count += updated.length;
    await onChunk(Math.min(CHUNK, list.length - start));
  }
  return count;
}
