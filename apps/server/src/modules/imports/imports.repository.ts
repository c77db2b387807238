import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import type { MachineType } from '@serwis/domain';
import { idList, nameKey, rows } from './imports.sql.js';
import { bulkStatementRows } from '../../db/bulk-statement-rows.js';

const IMPORT_LOCK = sql`hashtext('serwis-import')`;

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

/**
 * Locks the rows of `table` with the given ids (in id order, `bulkStatementRows()` a statement) and answers each
 * one's `key` as it is now; a row gone, or outside `where`, is missing.
 */
async function lockByIds(db: DbOrTx, table: string, key: SQL, where: SQL, ids: number[]) {
  const now = new Map<number, string>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const chunk = bulkStatementRows();
  for (let start = 0; start < sorted.length; start += chunk) {
    const found = await rows<{ id: number; key: string }>(
      db,
      sql`SELECT id, ${key} AS key FROM ${sql.raw(table)}
          WHERE ${where} AND id IN ${idList(sorted.slice(start, start + chunk))}
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
