import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import {
  MSG,
  type TutorialEntry,
  type TutorialFolder,
  type TutorialSourceInfo,
  shortenText,
} from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.js';
import { audit, type Actor } from '../../plugins/audit.js';
import type { Storage } from '../../plugins/storage/index.js';
import { contentDisposition, parseRange, presentation } from '../files/files.download.js';
import { discardUpload, displayFilename, receiveUpload } from '../files/files.upload.js';
import { TreeCache } from './tutorials.cache.js';
import { GoogleDriveTutorialSource } from './tutorials.drive.js';
import { isPlainName } from './tutorials.local.js';
import { StoredTutorialSource } from './tutorials.stored.js';
import {
  TutorialNameTakenError,
  TutorialSourceUnavailableError,
  type TutorialFileHandle,
  type TutorialSource,
} from './tutorials.source.js';

/**
 * Checking a Drive id against the tree: a tree younger than this is trusted as it is (even with a
 * shorter cache time); an id missing from an older one lists the drive again before a 404.
 */
const MISS_RELIST_AFTER_MS = 10_000;

/**
 * After a failed Drive listing the drive is not listed again for this long, unless it said how
 * long in a Retry-After (429, 503); meanwhile the kept tree is served, or the 502 at once.
 */
export const FAILED_LISTING_PAUSE_MS = 30_000;
/** A longer Retry-After is cut to this: a tree kept from before, or the 502, is answered as long. */
export const RETRY_AFTER_MAX_MS = 5 * 60_000;

/** How long Drive is left alone after `error`. */
export function drivePauseAfter(error: unknown): number {
  if (!(error instanceof TutorialSourceUnavailableError)) return 0;
  return error.retryAfterMs === undefined
    ? FAILED_LISTING_PAUSE_MS
    : Math.min(error.retryAfterMs, RETRY_AFTER_MAX_MS);
}

/** What `send` says about a file, taken back when its source fails before the first byte. */
const FILE_HEADERS = [
  'accept-ranges',
  'content-type',
  'content-disposition',
  'cache-control',
  'last-modified',
  'content-range',
  'content-length',
];

/** The folder tutorials were read from before the store: TUTORIALS_DIR, else DATA_DIR/tutorials. */
export const oldTutorialFolder = (config: Config) =>
  config.TUTORIALS_DIR ? path.resolve(config.TUTORIALS_DIR) : path.join(config.dataDir, 'tutorials');

/**
 * The source the configuration names (TUTORIALS_SOURCE): Google Drive, or the tutorials uploaded
 * through the app, kept in the app's storage. A bad Drive key file stops the start.
 */
export function createTutorialSource(
  config: Config,
  db: Db,
  storage: Storage,
  log?: FastifyBaseLogger,
): TutorialSource {
  if (config.TUTORIALS_SOURCE === 'google-drive') {
    return new GoogleDriveTutorialSource({
      keyFile: config.GOOGLE_DRIVE_KEY_FILE!,
      rootId: config.GOOGLE_DRIVE_ROOT_ID!,
      apiUrl: config.GOOGLE_DRIVE_API_URL,
      tokenUrl: config.GOOGLE_DRIVE_TOKEN_URL,
      timeoutMs: config.GOOGLE_DRIVE_TIMEOUT_SECONDS * 1000,
    });
  }
  return new StoredTutorialSource(db, storage, oldTutorialFolder(config), log);
}

/**
 * On start: copies the tutorials of the old folder the store does not have yet (idempotent; the
 * folder is left as it is). Nothing to do with Google Drive as the source.
 */
export function moveOldTutorialsIntoStore(config: Config, db: Db, storage: Storage, log?: FastifyBaseLogger) {
  if (config.TUTORIALS_SOURCE !== 'local') return Promise.resolve({ folders: 0, files: 0, bytes: 0 });
  return new StoredTutorialSource(db, storage, oldTutorialFolder(config), log).importOldFolder();
}

const quote = (text: string) => `„${shortenText(text, 80)}”`;

/**
 * Tutorials as the routes use them: the kept tree, files checked to belong to it, uploads into
 * a local folder. A source that cannot be reached answers 502 with the message naming it.
 */
export class Tutorials {
  private readonly cache: TreeCache;
  /** Failures already in the log: one answered again (a paused listing) is not logged again. */
  private readonly logged = new WeakSet<Error>();

  constructor(
    readonly source: TutorialSource,
    ttlMs: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.cache = new TreeCache(() => this.listTree(), ttlMs, undefined, {
      pauseAfter: source.kind === 'google-drive' ? drivePauseAfter : undefined,
    });
  }

  info(): TutorialSourceInfo {
    return { source: this.source.kind, writable: this.source.writable };
  }

  /** A failed listing is logged even when the users are served the tree kept from before. */
  private async listTree() {
    try {
      return await this.source.listTree();
    } catch (error) {
      if (error instanceof TutorialSourceUnavailableError) this.report(error);
      throw error;
    }
  }

  private report(error: TutorialSourceUnavailableError) {
    if (this.logged.has(error)) return;
    this.logged.add(error);
    // The reason names the failure (a status and Google's reason, ECONNREFUSED), never a key or a token.
    this.log.warn({ source: this.source.kind, reason: error.message }, 'tutorial source unreachable');
  }

  private unavailable(error: TutorialSourceUnavailableError) {
    this.report(error);
    const message = this.source.kind === 'google-drive' ? MSG.tutorialsDriveError : MSG.tutorialsLocalError;
    // Its cause's words in the error's log line too (ELOOP, EACCES from a disk; Drive's reason).
    return new AppError(502, message, 'SOURCE_UNAVAILABLE', undefined, { cause: error });
  }

  /**
   * A file's bytes as sent: a source that fails midway (Drive stalled or broke off) is logged by
   * its reason ("Drive download stalled …") and ends the download with an error, a 502 when no
   * byte was sent yet; a client that goes away closes the source's stream.
   */
  private watched(stream: Readable, reply: FastifyReply, fileId: string): Readable {
    const out = new PassThrough();
    stream.on('error', (error) => {
      if (!reply.raw.headersSent) {
        // No byte sent yet: the error's JSON goes out instead (a 502, or the app's 500 for a file
        // the disk could not read), without the file's headers, which kept any JSON from going.
        for (const name of FILE_HEADERS) {
          reply.removeHeader(name);
          reply.raw.removeHeader(name);
        }
      }
      if (!(error instanceof TutorialSourceUnavailableError)) return void out.destroy(error);
      reply.log.warn({ source: this.source.kind, fileId }, error.message);
      this.logged.add(error);
      out.destroy(this.unavailable(error));
    });
    out.on('close', () => stream.destroy());
    stream.pipe(out);
    return out;
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof TutorialSourceUnavailableError) throw this.unavailable(error);
      throw error;
    }
  }

  tree(options: { refresh?: boolean } = {}): Promise<TutorialFolder[]> {
    return this.guard(() => this.cache.get(options));
  }

  /** Drive ids must be in the tree, so no other file the service account can read is served. */
  private async inTree(id: string) {
    const has = (tree: TutorialFolder[]) => tree.some((f) => f.googleFiles.some((file) => file.id === id));
    // A video being moved through asks for many ranges: a tree listed moments ago is good enough
    // for them even when the cache time is shorter (or 0).
    const recent = this.cache.recent(MISS_RELIST_AFTER_MS);
    if (recent) return has(recent);
    if (has(await this.cache.get())) return true;
    if (this.cache.age() < MISS_RELIST_AFTER_MS) return false;
    return has(await this.cache.get({ refresh: true }));
  }

  private async findFile(id: string): Promise<TutorialFileHandle> {
    return this.guard(async () => {
      if (this.source.kind === 'google-drive' && !(await this.inTree(id))) throw notFound(MSG.fileNotFound);
      const file = await this.source.findFile(id);
      if (!file) throw notFound(MSG.fileNotFound);
      return file;
    });
  }

  /** Streams a file with its content type and Range support (206 exact bytes, 416 outside). */
  async send(reply: FastifyReply, id: string, rangeHeader: string | undefined) {
    const file = await this.findFile(id);
    const request = parseRange(rangeHeader, file.size);
    if (request.kind === 'invalid') {
      reply.header('Content-Range', `bytes */${file.size}`);
      throw new AppError(416, MSG.fileRangeInvalid, 'RANGE_NOT_SATISFIABLE');
    }
    const range = request.kind === 'range' ? request.range : undefined;
    const stream = this.watched(await this.guard(() => file.open(range)), reply, id);
    const { disposition, contentType } = presentation({
      filename: file.name,
      contentType: file.contentType || 'application/octet-stream',
    });
    reply
      .header('Accept-Ranges', 'bytes')
      .header('Content-Type', contentType)
      .header('Content-Disposition', contentDisposition(disposition, file.name))
      // A file may be replaced under the same name: the browser asks again each time.
      .header('Cache-Control', 'private, no-cache');
    if (file.modifiedAt) reply.header('Last-Modified', file.modifiedAt.toUTCString());
    if (range) {
      reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('Content-Length', String(range.end - range.start + 1));
    } else {
      reply.header('Content-Length', String(file.size));
    }
    return reply.send(stream);
  }

  private writableSource() {
    const { source } = this;
    if (!source.writable || !source.createFolder || !source.addFile || !source.storage || !source.hasFolder) {
      throw conflict(MSG.tutorialsReadOnly, 'READ_ONLY');
    }
    return source as Required<TutorialSource>;
  }

  async createFolder(actor: Actor, name: string): Promise<TutorialEntry> {
    const source = this.writableSource();
    const entry = await this.guard(async () => {
      try {
        return await source.createFolder(name, (tx) =>
          audit(tx, actor, `dodanie folderu tutoriali ${quote(name)}`, 'tutorials'),
        );
      } catch (error) {
        if (error instanceof TutorialNameTakenError) throw conflict(MSG.tutorialFolderExists, 'EXISTS');
        throw error;
      }
    });
    this.cache.invalidate();
    return entry;
  }

  /**
   * Streams a multipart `file` part straight into the app's storage, then records it in the
   * folder; the bytes are removed again when the row is not written (taken name, unknown folder,
   * a failed insert), so no object is left without its row.
   */
  async upload(
    actor: Actor & { id?: number },
    request: FastifyRequest,
    folderId: string,
  ): Promise<TutorialEntry> {
    const source = this.writableSource();
    if (!(await this.guard(() => source.hasFolder(folderId)))) throw notFound(MSG.tutorialFolderNotFound);
    const upload = await receiveUpload(request, source.storage, {
      file: 'file',
      json: 'fileJson',
      required: 'file',
    });
    let kept = false;
    try {
      if (!upload.file) throw badRequest(MSG.noFileSelected, 'NO_FILE');
      const name = displayFilename(undefined, upload.file.originalName).replace(/^\.+/, '');
      if (!isPlainName(name)) throw badRequest(MSG.fileNameInvalid, 'BAD_NAME');
      let entry: TutorialEntry | null;
      try {
        entry = await source.addFile(folderId, upload.file, name, actor.id ?? null, (tx) =>
          audit(tx, actor, `dodanie tutorialu ${quote(name)}`, 'tutorials'),
        );
      } catch (error) {
        if (error instanceof TutorialNameTakenError) throw conflict(MSG.tutorialFileExists, 'EXISTS');
        throw error;
      }
      if (!entry) throw notFound(MSG.tutorialFolderNotFound);
      kept = true;
      this.cache.invalidate();
      return entry;
    } finally {
      if (!kept) await discardUpload(source.storage, upload.file, request.log);
    }
  }
}
