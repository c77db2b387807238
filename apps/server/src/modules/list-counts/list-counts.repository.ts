import { eq, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.js';
import { preparedPerDatabase } from '../../db/prepared.js';
import type { ListTotal } from '../../lib/paging.js';
import { listCounts } from './list-counts.table.js';

/** The whole lists whose size the triggers keep (the migration that creates list_counts). */
export type KeptList =
  | 'devices:INTERNAL'
  | 'devices:EXTERNAL'
  | 'services:INTERNAL'
  | 'services:EXTERNAL'
  | 'inspections:listed'
  | 'inspections:actual';

/** The exact total of a whole list, read from the row the triggers keep (0 before its first row). */
export async function keptTotal(db: DbOrTx, list: KeptList): Promise<ListTotal> {
  const [row] =
    db instanceof PgTransaction
      ? await db.select({ rows: listCounts.rows }).from(listCounts).where(eq(listCounts.list, list))
      : await listRows(db).execute({ list });
  return { total: Number(row?.rows ?? 0), estimated: false };
}

/** Asked by most list pages, prepared once (db/prepared.ts). */
const listRows = preparedPerDatabase((db) =>
  db
    .select({ rows: listCounts.rows })
    .from(listCounts)
    .where(eq(listCounts.list, sql.placeholder('list')))
    .prepare('list_counts_rows'),
);
