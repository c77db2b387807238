import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';

/**
 * Tables that only belong to the account itself and go with it (their keys cascade): its sessions
 * and its reminder settings. An employee who had once saved "Powiadomienia" could not be deleted.
 */
const OWNED_BY_ACCOUNT = new Set(['sessions', 'reminder_settings']);

/**
 * Counts the rows that name the employee through any foreign key to users(id): protocols, notes,
 * incidents, to-dos... Read from the catalogue, so a new table is covered the day it lands.
 */
export async function countUserReferences(db: DbOrTx, userId: number): Promise<number> {
  const fks = await db.execute(sql`
    SELECT cl.relname AS "table", att.attname AS "column"
    FROM pg_constraint c
    JOIN pg_class cl ON cl.oid = c.conrelid
    JOIN pg_attribute att ON att.attrelid = c.conrelid AND att.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND c.confrelid = 'public.users'::regclass`);
  let total = 0;
  for (const fk of rowsOf<{ table: string; column: string }>(fks)) {
    if (OWNED_BY_ACCOUNT.has(fk.table)) continue;
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(fk.table)} WHERE ${sql.identifier(fk.column)} = ${userId}`,
    );
    total += Number(rowsOf<{ n: number }>(result)[0].n);
  }
  return total;
}
