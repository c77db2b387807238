import type { Readable } from 'node:stream';
import type { TutorialEntry, TutorialFolder, TutorialSource as SourceKind } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import type { ByteRange, Storage } from '../../plugins/storage/index.js';

/** The source could not be listed or read (down, unreachable, refused our credentials). */
export class TutorialSourceUnavailableError extends Error {
  /** How long the source asked to be left alone (Drive's Retry-After on a 429 or 503). */
  readonly retryAfterMs?: number;

  constructor(reason: string, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(reason, options);
    this.name = 'TutorialSourceUnavailableError';
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/** A hidden entry (a leading dot): not a tutorial, in a folder on disk or on Drive. */
export const isHiddenName = (name: string) => name.startsWith('.');

/** The system's word for a failure of the disk or the network (ENOENT, ELOOP…), if it has one. */
export const errorCode = (error: unknown) => (error as NodeJS.ErrnoException)?.code;

/** A name the source refuses to create because it exists already. */
export class TutorialNameTakenError extends Error {}

/** One file of the source, found by its id and not yet opened. */
export interface TutorialFileHandle {
  name: string;
  size: number;
  /** The source's own type; previewable kinds are sent with the type their extension names. */
  contentType?: string;
  modifiedAt?: Date;
  /** The bytes, or one byte range of them (inclusive). */
  open(range?: ByteRange): Promise<Readable>;
}

/** An upload already streamed into the app's storage. */
export interface StoredUpload {
  storageName: string;
  size: number;
}

/**
 * Where tutorials come from. Ids are opaque strings of [A-Za-z0-9_-]; a source resolves only the
 * ids it could have given out.
 */
export interface TutorialSource {
  readonly kind: SourceKind;
  /** Whether admins may create folders and upload files through the app. */
  readonly writable: boolean;
  /** Every folder with its files, sorted by name. */
  listTree(): Promise<TutorialFolder[]>;
  /** The file with this id, or null when there is none (or the id is malformed). */
  findFile(id: string): Promise<TutorialFileHandle | null>;
  /** Writable sources only: whether a folder with this id exists. */
  hasFolder?(id: string): Promise<boolean>;
  /** Writable sources only; `record` (the audit entry) is written in the same transaction. */
  createFolder?(name: string, record: RecordWrite): Promise<TutorialEntry>;
  /** Writable sources only: the store uploads are streamed into before addFile. */
  readonly storage?: Storage;
  /** Writable sources only: records an upload (in `storage`) as a file of a folder; null: no such folder. */
  addFile?(
    folderId: string,
    upload: StoredUpload,
    name: string,
    userId: number | null,
    record: RecordWrite,
  ): Promise<TutorialEntry | null>;
}

/** What goes into the database with a source's own write, in its transaction (the audit entry). */
export type RecordWrite = (tx: DbOrTx) => Promise<void>;

export const byName = (a: { name: string }, b: { name: string }) =>
  a.name.localeCompare(b.name, 'pl', { sensitivity: 'base', numeric: true }) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
