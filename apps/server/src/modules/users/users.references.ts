import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';

/**
 * Tables whose rows name an employee as their author. An employee referenced by any of them is
 * kept (marked inactive) rather than deleted. Each domain adds its table here when it lands.
 */
const AUTHOR_COLUMNS: { table: string; column: string }[] = [];

export function registerAuthorColumn(table: string, column: string) {
  if (!AUTHOR_COLUMNS.some((c) => c.table === table && c.column === column))
    AUTHOR_COLUMNS.push({ table, column });
}

export async function countUserReferences(db: DbOrTx, userId: number): Promise<number> {
  let total = 0;
  for (const { table, column } of AUTHOR_COLUMNS) {
    const result = await db.execute(
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)} WHERE ${sql.identifier(column)} = ${userId}`,
    );
    total += Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
  }
  return total;
}
