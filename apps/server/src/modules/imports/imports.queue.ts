/**
 * This process's imports, one after another, waiting in memory: a queued import holds no database
 * connection. Imports sent at once used to each take a pool connection to wait on the database's
 * lock (takeImportLock), so that ten of them held the pool's ten while the first ran, and every other
 * request of that server waited for them (42 s in a helper's run). Imports of other processes are
 * still kept apart by that lock, with at most one connection waiting in each process.
 */
let tail: Promise<void> = Promise.resolve();
let inQueue = 0;

/** Runs `work` once the imports queued before it have ended; `waiting` is told first when there are any. */
export async function inImportQueue<T>(work: () => Promise<T>, waiting: () => Promise<void>): Promise<T> {
  const before = tail;
  let release!: () => void;
  const mine = new Promise<void>((resolve) => (release = resolve));
  // The next one starts after this one, and never before the one this one waits for.
  tail = before.then(() => mine);
  try {
    if (inQueue++ > 0) await waiting();
    await before;
    return await work();
  } finally {
    inQueue--;
    release();
  }
}
