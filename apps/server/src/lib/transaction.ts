import type { Db, Tx } from '../db/database.js';
import { DEADLOCK_DETECTED, hasPgCode } from './pg-error.js';

/** Runs of a write that PostgreSQL chose to end to break a deadlock, before its 409 goes out. */
const DEADLOCK_ATTEMPTS = 3;

interface TransactionOptions {
  /**
   * Two writes that each wait for a row the other holds (a rename of a customer or category that
   * updates its machines, while one of them is saved) end one of them with 40P01 and nothing
   * written. A write whose work only touches the database runs again (PostgreSQL's advice);
   * work with effects outside it (files, e-mail) must not ask for this.
   */
  retryOnDeadlock?: boolean;
}

/** Runs work in one transaction: everything it writes (including audit entries) lands together or not at all. */
export async function inTransaction<T>(
  db: Db,
  work: (tx: Tx) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => work(tx as Tx));
    } catch (error) {
      const again =
        options.retryOnDeadlock && attempt < DEADLOCK_ATTEMPTS && hasPgCode(error, DEADLOCK_DETECTED);
      if (!again) throw error;
    }
  }
}
