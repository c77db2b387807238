import { ApiError } from './api-client';

/** Made again on another's version this many times at most; then his refusal is shown. */
const MERGES = 2;

/**
 * A save made on a version (`?base=`) that the server refuses when another saved since (409
 * CHANGED_MEANWHILE): `takeIn` reads the other's version and lays this screen's change over it, and
 * the save is sent again. `merged` says that happened (the screen tells its user to check).
 */
export async function saveTakingInChanges<T>(
  save: () => Promise<T>,
  takeIn: () => Promise<void>,
): Promise<{ saved: T; merged: boolean }> {
  for (let merges = 0; ; merges++) {
    try {
      return { saved: await save(), merged: merges > 0 };
    } catch (error) {
      if (!(error instanceof ApiError && error.code === 'CHANGED_MEANWHILE') || merges === MERGES)
        throw error;
      await takeIn();
    }
  }
}
