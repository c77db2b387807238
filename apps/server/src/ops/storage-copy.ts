import { innermostMessage } from '../db/database-failure.js';
import { isBackendAway } from '../plugins/errors.js';
import type { Storage } from '../plugins/storage/index.js';

export interface CopyReport {
  copied: number;
  skipped: number;
  bytes: number;
  failed: { name: string; error: string }[];
}

/**
 * A store that stopped answering (S3 away): every file after would fail the same way, so the copy
 * stops at the first, with what it had done.
 */
export class StoreAwayError extends Error {
  constructor(
    readonly report: CopyReport,
    cause: unknown,
  ) {
    super(innermostMessage(cause), { cause });
  }
}

/**
 * Copies every stored file from one store to another under the same name. Resumable: a name the
 * target already has with the same size is skipped, so an interrupted copy is simply run again.
 * Every copy is verified by the size the target reports afterwards.
 */
export async function copyStorage(
  from: Storage,
  to: Storage,
  options: { onProgress?: (name: string, done: CopyReport) => void } = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, skipped: 0, bytes: 0, failed: [] };
  for await (const entry of from.list()) {
    const name = entry.name;
    try {
      const source = await from.stat(name);
      if (!source) continue; // deleted meanwhile
      const existing = await to.stat(name);
      if (existing?.size === source.size) {
        report.skipped++;
        continue;
      }
      const stream = await from.open(name);
      if (!stream) continue;
      const stored = await to.put(name, stream);
      const check = await to.stat(name);
      if (stored.size !== source.size || check?.size !== source.size) {
        throw new Error(`rozmiar ${check?.size ?? 'brak'} B zamiast ${source.size} B`);
      }
      report.copied++;
      report.bytes += source.size;
    } catch (error) {
      if (isBackendAway(error)) throw new StoreAwayError(report, error);
      report.failed.push({ name, error: error instanceof Error ? error.message : String(error) });
    }
    options.onProgress?.(name, report);
  }
  return report;
}
