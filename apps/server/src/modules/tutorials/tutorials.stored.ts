import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq } from 'drizzle-orm';
import { fileExtension, MSG, type TutorialEntry, type TutorialFolder } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { hasPgCode, UNIQUE_VIOLATION } from '../../lib/pg-error.js';
import type { Storage } from '../../plugins/storage/index.js';
import {
  decodeLocalId,
  isPlainName,
  localContentType,
  localId,
  LocalTutorialSource,
} from './tutorials.local.js';
import {
  byName,
  errorCode,
  TutorialNameTakenError,
  TutorialSourceUnavailableError,
  type RecordWrite,
  type StoredUpload,
  type TutorialFileHandle,
  type TutorialSource,
} from './tutorials.source.js';
import { tutorialFiles, tutorialFolders } from './tutorials.table.js';

/** What moving the old folder into the store did. */
export interface TutorialImport {
  folders: number;
  files: number;
  bytes: number;
}

/**
 * Tutorials uploaded through the app: folders and files in the database, the bytes in the app's
 * storage (DATA_DIR/files or S3), so every server of an installation lists and serves the same
 * ones, with Range reads from the store. Ids are base64url of "folder" and "folder/file", as the
 * folder on disk gave them, so links made before the move keep working.
 *
 * `oldFolder` is the directory tutorials were read from before (TUTORIALS_DIR, default
 * DATA_DIR/tutorials): its plain sub-folders and files are copied into the store at start and
 * whenever the tree is listed, each once (a name the store has is skipped), so a file an operator
 * drops there still shows up. The folder is only read: nothing in it is changed or removed.
 */
export class StoredTutorialSource implements TutorialSource {
  readonly kind = 'local' as const;
  readonly writable = true;

  constructor(
    private readonly db: DbOrTx,
    readonly storage: Storage,
    private readonly oldFolder: string | null,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async listTree(): Promise<TutorialFolder[]> {
    await this.importOldFolder();
    const rows = await this.db
      .select({ folder: tutorialFolders.name, file: tutorialFiles.name })
      .from(tutorialFolders)
      .leftJoin(tutorialFiles, eq(tutorialFiles.folderId, tutorialFolders.id))
      .orderBy(asc(tutorialFolders.id), asc(tutorialFiles.id));
    const folders = new Map<string, string[]>();
    for (const row of rows) {
      const files = folders.get(row.folder) ?? [];
      if (row.file !== null) files.push(row.file);
      folders.set(row.folder, files);
    }
    return [...folders]
      .map(([name, files]) => ({
        folder: { id: localId(name), name },
        googleFiles: files.map((file) => ({ id: localId(`${name}/${file}`), name: file })).sort(byName),
      }))
      .sort((a, b) => byName(a.folder, b.folder));
  }

  private async fileRow(folder: string, name: string) {
    const [row] = await this.db
      .select({
        storageName: tutorialFiles.storageName,
        size: tutorialFiles.size,
        createdAt: tutorialFiles.createdAt,
      })
      .from(tutorialFiles)
      .innerJoin(tutorialFolders, eq(tutorialFolders.id, tutorialFiles.folderId))
      .where(and(eq(tutorialFolders.name, folder), eq(tutorialFiles.name, name)));
    return row;
  }

  async findFile(id: string): Promise<TutorialFileHandle | null> {
    const segments = decodeLocalId(id, 2);
    if (!segments) return null;
    const [folder, name] = segments;
    let row = await this.fileRow(folder, name);
    // A file put into the old folder after the last listing is served at once, as before.
    if (!row && (await this.importOldFile(id))) row = await this.fileRow(folder, name);
    if (!row) return null;
    const { storage } = this;
    return {
      name,
      size: row.size,
      contentType: localContentType(name),
      modifiedAt: row.createdAt,
      open: async (range) => {
        let stream;
        try {
          stream = await storage.open(row.storageName, range);
        } catch (error) {
          // The disk's or the bucket's word in the log (ELOOP, EACCES, NoSuchBucket…).
          const why = errorCode(error) ?? (error as Error)?.name ?? 'ERROR';
          throw new TutorialSourceUnavailableError(`storage not readable (${why})`, { cause: error });
        }
        if (!stream) throw notFound(MSG.fileNotFound);
        return stream;
      },
    };
  }

  private async folderId(id: string): Promise<number | null> {
    const segments = decodeLocalId(id, 1);
    if (!segments) return null;
    const [row] = await this.db
      .select({ id: tutorialFolders.id })
      .from(tutorialFolders)
      .where(eq(tutorialFolders.name, segments[0]));
    return row?.id ?? null;
  }

  async hasFolder(id: string): Promise<boolean> {
    return (await this.folderId(id)) !== null;
  }

  async createFolder(name: string, record: RecordWrite): Promise<TutorialEntry> {
    if (!isPlainName(name)) throw new Error('folder name not checked');
    await this.db.transaction(async (tx) => {
      const created = await tx
        .insert(tutorialFolders)
        .values({ name })
        .onConflictDoNothing()
        .returning({ id: tutorialFolders.id });
      if (!created.length) throw new TutorialNameTakenError(name);
      await record(tx);
    });
    return { id: localId(name), name };
  }

  /**
   * Records an upload already in the store as a file of the folder, never replacing one; null: no
   * such folder. The caller removes the stored bytes when this does not answer an entry.
   */
  async addFile(
    folderId: string,
    upload: StoredUpload,
    name: string,
    userId: number | null,
    record: RecordWrite,
  ): Promise<TutorialEntry | null> {
    if (!isPlainName(name)) throw new Error('file name not checked');
    const folder = await this.folderId(folderId);
    if (folder === null) return null;
    try {
      await this.db.transaction(async (tx) => {
        await tx.insert(tutorialFiles).values({
          folderId: folder,
          name,
          storageName: upload.storageName,
          size: upload.size,
          userCreatedId: userId,
        });
        await record(tx);
      });
    } catch (error) {
      if (hasPgCode(error, UNIQUE_VIOLATION)) throw new TutorialNameTakenError(name);
      throw error;
    }
    const folderName = decodeLocalId(folderId, 1)![0];
    return { id: localId(`${folderName}/${name}`), name };
  }

  /** The old folder as a read-only source, or null when there is none on this server. */
  private oldSource(): LocalTutorialSource | null {
    if (!this.oldFolder || !fs.existsSync(this.oldFolder)) return null;
    return new LocalTutorialSource(this.oldFolder, false);
  }

  /**
   * Copies the old folder's tutorials the store does not have yet (by folder and file name).
   * A folder or file that cannot be read is logged and skipped: the store's tutorials are listed
   * anyway.
   */
  async importOldFolder(): Promise<TutorialImport> {
    const done: TutorialImport = { folders: 0, files: 0, bytes: 0 };
    const source = this.oldSource();
    if (!source) return done;
    let tree: TutorialFolder[];
    try {
      tree = await source.listTree();
    } catch (error) {
      this.log?.warn({ err: error, folder: this.oldFolder }, 'old tutorial folder not readable');
      return done;
    }
    const known = new Set(
      (
        await this.db
          .select({ folder: tutorialFolders.name, file: tutorialFiles.name })
          .from(tutorialFolders)
          .leftJoin(tutorialFiles, eq(tutorialFiles.folderId, tutorialFolders.id))
      ).flatMap((r) => [r.folder, `${r.folder}/${r.file}`]),
    );
    for (const { folder, googleFiles } of tree) {
      if (!known.has(folder.name) && (await this.ensureFolder(folder.name)).created) done.folders++;
      for (const file of googleFiles) {
        if (known.has(`${folder.name}/${file.name}`)) continue;
        try {
          const bytes = await this.copyOldFile(source, file.id);
          if (bytes !== null) {
            done.files++;
            done.bytes += bytes;
          }
        } catch (error) {
          // One unreadable file (or a store that is down) does not stop the rest, nor the listing:
          // it is tried again on the next listing.
          this.log?.warn({ err: error, file: `${folder.name}/${file.name}` }, 'old tutorial not copied');
        }
      }
    }
    return done;
  }

  /** One file of the old folder, by its id; whether it is in the store now. */
  private async importOldFile(id: string): Promise<boolean> {
    const source = this.oldSource();
    if (!source) return false;
    try {
      return (await this.copyOldFile(source, id)) !== null;
    } catch (error) {
      this.log?.warn({ err: error }, 'old tutorial file not readable');
      return false;
    }
  }

  private async ensureFolder(name: string): Promise<{ id: number; created: boolean }> {
    const [created] = await this.db
      .insert(tutorialFolders)
      .values({ name })
      .onConflictDoNothing()
      .returning({ id: tutorialFolders.id });
    if (created) return { id: created.id, created: true };
    const [row] = await this.db
      .select({ id: tutorialFolders.id })
      .from(tutorialFolders)
      .where(eq(tutorialFolders.name, name));
    return { id: row.id, created: false };
  }

  /**
   * Streams one old file into the store and records it; the bytes are removed again when the row
   * exists already (another server or request moved it first). Answers the bytes copied, or null.
   */
  private async copyOldFile(source: LocalTutorialSource, id: string): Promise<number | null> {
    const handle = await source.findFile(id);
    const segments = decodeLocalId(id, 2);
    if (!handle || !segments) return null;
    const folder = await this.ensureFolder(segments[0]);
    const stored = await this.storage.save(await handle.open(), {
      extension: `.${fileExtension(handle.name)}`,
    });
    let inserted: unknown[] = [];
    try {
      inserted = await this.db
        .insert(tutorialFiles)
        .values({ folderId: folder.id, name: handle.name, storageName: stored.name, size: stored.size })
        .onConflictDoNothing({ target: [tutorialFiles.folderId, tutorialFiles.name] })
        .returning({ id: tutorialFiles.id });
    } finally {
      if (!inserted.length) await this.storage.delete(stored.name);
    }
    return inserted.length ? stored.size : null;
  }
}
