import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/database.js';
import type { Storage } from '../../plugins/storage/index.js';
import { existingStorageNames } from './files.repository.js';

/** Uploads get their row milliseconds after their bytes; an hour leaves room for slow commits. */
export const ORPHAN_GRACE_MS = 60 * 60 * 1000;
const BATCH = 500;

/**
 * Deletes stored bytes that no file row uses and that are older than the grace period: what is
 * left when a process died between a commit and the byte removal, or when an owner was deleted
 * without `deleteStoredFilesOf`. Safe to run in several processes at once. Returns the count.
 */
export async function sweepOrphanFiles(
  db: DbOrTx,
  storage: Storage,
  options: { graceMs?: number; log?: FastifyBaseLogger } = {},
): Promise<number> {
  const limit = Date.now() - (options.graceMs ?? ORPHAN_GRACE_MS);
  let removed = 0;
  let batch: string[] = [];
  const flush = async () => {
    const used = await existingStorageNames(db, batch);
    for (const name of batch) {
      if (used.has(name)) continue;
      await storage.delete(name);
      removed++;
    }
    batch = [];
  };
  for await (const entry of storage.list()) {
    if (entry.modifiedAt.getTime() > limit) continue;
    batch.push(entry.name);
    if (batch.length >= BATCH) await flush();
  }
  if (batch.length) await flush();
  await storage.removeStaleIncoming?.(24 * 60 * 60 * 1000);
  if (removed) options.log?.info({ removed }, 'removed orphan file bytes');
  return removed;
}
