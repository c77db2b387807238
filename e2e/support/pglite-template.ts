import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { connectPglite, openPglite } from '../../apps/server/src/db/database';

/*
 * A migrated, empty PGlite database made once per run, which every journey server starts from
 * instead of a new one: a new PGlite database takes 6 s to create (its initdb, in WebAssembly)
 * and a server on it 12 s to answer, on a copy of this one 4.5 s. The server's own migrations
 * (apps/server/drizzle) made it, so it is the database a new server would have made for itself;
 * with no employee in it, each server still creates its first administrator from its settings.
 */

/** Makes the template in a new temporary directory; its `db` is what a server's DATA_DIR/db holds. */
export async function makePgliteTemplate(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-e2e-template-'));
  const database = await connectPglite(await openPglite({ dataDir: path.join(dir, 'db') }));
  await database.close();
  return dir;
}

/** Gives the data directory `dataDir` a copy of the template's database. */
export function copyPgliteTemplate(template: string, dataDir: string) {
  fs.cpSync(path.join(template, 'db'), path.join(dataDir, 'db'), { recursive: true });
}
