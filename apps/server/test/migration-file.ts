import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.js';

const drizzleFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../drizzle');

/**
 * Runs one migration's statements again, as the migrator did, on a database the test has put back
 * in the shape before it (the data a release before it left).
 */
export async function runMigrationFile(db: Db, name: string) {
  const migration = fs.readFileSync(path.join(drizzleFolder, `${name}.sql`), 'utf8');
  for (const statement of migration.split('--> statement-breakpoint')) {
    await db.execute(sql.raw(statement));
  }
}
