import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { publicFiles } from './public-files.table.js';

/** Whether the public file of this name has been made (the website's map image, once snapshotted). */
export async function publicFileExists(db: DbOrTx, name: string): Promise<boolean> {
  const rows = await db
    .select({ name: publicFiles.name })
    .from(publicFiles)
    .where(eq(publicFiles.name, name))
    .limit(1);
  return rows.length > 0;
}
