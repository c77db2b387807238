import type { Db, Tx } from '../db/database.js';

/** Runs work in one transaction: everything it writes (including audit entries) lands together or not at all. */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx as Tx));
}
