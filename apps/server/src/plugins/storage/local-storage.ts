import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ByteRange, Storage, StorageEntry, StoredObject } from './storage.js';
import { assertStorageName, generateStorageName, isStorageName } from './storage-names.js';

/** Partial uploads live here until complete; the dot keeps them out of every valid name. */
const INCOMING = '.incoming';

function isMissing(error: unknown) {
  return (error as NodeJS.ErrnoException)?.code === 'ENOENT';
}

/** Files in one directory (default DATA_DIR/files); writes go to a temp file, then a rename. */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  private readonly root: string;
  private readonly incoming: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.incoming = path.join(this.root, INCOMING);
  }

  /** Cheap when the folders exist; recreates them if someone emptied the data directory. */
  private async ensureDirs() {
    await fsp.mkdir(this.incoming, { recursive: true });
  }

  /** The path of a stored name; the name check plus this guard keep every path inside the root. */
  private pathOf(name: string) {
    const full = path.join(this.root, assertStorageName(name));
    if (path.dirname(full) !== this.root) throw new Error('storage path escaped its root');
    return full;
  }

  async save(source: Readable, options: { extension?: string } = {}): Promise<StoredObject> {
    return this.put(generateStorageName(options.extension), source);
  }

  async put(name: string, source: Readable): Promise<StoredObject> {
    const target = this.pathOf(name);
    await this.ensureDirs();
    const temp = path.join(this.incoming, `${name}.${crypto.randomUUID()}.part`);
    let size = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        done(null, chunk);
      },
    });
    const sink = fs.createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(source, counter, sink);
      await fsp.rename(temp, target);
    } catch (error) {
      // A sink destroyed while still opening creates its file afterwards: wait until it is closed,
      // or the removal would run first and leave the temp file behind.
      if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
      await fsp.rm(temp, { force: true });
      throw error;
    }
    return { name, size };
  }

  async open(name: string, range?: ByteRange): Promise<Readable | null> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(name), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async stat(name: string) {
    try {
      const stats = await fsp.stat(this.pathOf(name));
      return stats.isFile() ? { size: stats.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(name: string) {
    await fsp.rm(this.pathOf(name), { force: true });
  }

  async *list(): AsyncIterable<StorageEntry> {
    await this.ensureDirs();
    const dir = await fsp.opendir(this.root);
    for await (const entry of dir) {
      if (!entry.isFile() || !isStorageName(entry.name)) continue;
      try {
        const stats = await fsp.stat(path.join(this.root, entry.name));
        yield { name: entry.name, modifiedAt: stats.mtime };
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
  }

  /** Temp files of uploads cut off by a crash; called by the orphan sweep. */
  async removeStaleIncoming(olderThanMs: number) {
    await this.ensureDirs();
    const limit = Date.now() - olderThanMs;
    for (const entry of await fsp.readdir(this.incoming)) {
      const full = path.join(this.incoming, entry);
      const stats = await fsp.stat(full).catch(() => null);
      if (stats && stats.mtimeMs < limit) await fsp.rm(full, { force: true });
    }
  }
}
