import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
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
  const [row] = await db.select({ rows: listCounts.rows }).from(listCounts).where(eq(listCounts.list, list));
  return { total: Number(row?.rows ?? 0), estimated: false };
}
