import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { MachineType } from '@serwis/domain';
import {
  clearedOf,
  idList,
  jsonParam,
  noChunks,
  rows,
  textList,
  unchangedOf,
  updateOf,
  type ImportedTable,
  type OnChunk,
} from './imports.sql.js';
import { bulkStatementRows } from '../../db/bulk-statement-rows.js';

/** The machine of each serial number in a family (the oldest when the register holds several). */
export async function deviceIdsBySerial(
  db: DbOrTx,
  family: MachineType,
  serials: string[],
): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  const chunk = bulkStatementRows();
  for (let start = 0; start < serials.length; start += chunk) {
    const found = await rows<{ id: number; serial: string }>(
      db,
      sql`SELECT DISTINCT ON (serial_number) id, serial_number AS serial FROM devices
          WHERE type = ${family} AND serial_number IN ${textList(serials.slice(start, start + chunk))}
          ORDER BY serial_number, id`,
    );
    for (const r of found) map.set(r.serial, Number(r.id));
  }
  return map;
}

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
  const chunk = bulkStatementRows();
  for (let start = 0; start < unique.length; start += chunk) {
    const found = await rows<{ id: number; name: string; warranty_length: number; warranty: string }>(
      db,
      sql`SELECT id, name, warranty_length, warranty FROM devices
          WHERE type = ${family} AND id IN ${idList(unique.slice(start, start + chunk))}`,
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

/** Adds machines, `bulkStatementRows()` rows a statement; answers their ids. */
export async function insertDevices(
  db: DbOrTx,
  family: MachineType,
  list: DeviceImportRow[],
  onChunk: OnChunk = noChunks,
) {
  const ids: number[] = [];
  const chunk = bulkStatementRows();
  for (let start = 0; start < list.length; start += chunk) {
    const created = await rows<{ id: number }>(
      db,
      sql`INSERT INTO devices (type, ${DEVICE_COLUMNS})
          SELECT ${family}, ${DEVICE_COLUMNS}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + chunk))}) AS v(${DEVICE_RECORD})
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

const DEVICES: ImportedTable = { table: 'devices', record: DEVICE_RECORD, sets: DEVICE_SETS };

/** Of machines an import would update, how many it would leave as they are (see unchangedOf). */
export const unchangedDevices = (db: DbOrTx, list: DeviceImportRow[], fields: Iterable<string>) =>
  unchangedOf(db, DEVICES, list, fields);

/** Of machines an import would update, how many each field would empty (see clearedOf). */
export const clearedDeviceFields = (db: DbOrTx, list: DeviceImportRow[], fields: Iterable<string>) =>
  clearedOf(db, DEVICES, list, fields);

/**
 * Rewrites machines (by `id`), `bulkStatementRows()` rows a statement: only the columns of the given fields, and
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
  const chunk = bulkStatementRows();
  for (let start = 0; start < list.length; start += chunk) {
    const updated = await rows<{ id: number }>(
      db,
      sql`UPDATE devices AS d SET ${set}
          FROM jsonb_to_recordset(${jsonParam(list.slice(start, start + chunk))}) AS v(id int, ${DEVICE_RECORD})
          WHERE d.id = v.id AND (${changed})
          RETURNING d.id`,
    );
    ids.push(...updated.map((r) => Number(r.id)));
    await onChunk(Math.min(chunk, list.length - start));
  }
  return ids;
}
