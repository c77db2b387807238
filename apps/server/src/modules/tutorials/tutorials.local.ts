import fsp from 'node:fs/promises';
import path from 'node:path';
import { XLSX_MEDIA_TYPE, fileExtension, previewContentType, type TutorialFolder } from '@serwis/domain';
import {
  byName,
  errorCode,
  isHiddenName,
  TutorialSourceUnavailableError,
  type TutorialFileHandle,
  type TutorialSource,
} from './tutorials.source.js';

/** Types of common documents sent as downloads; previewable kinds come from the domain's list. */
const DOCUMENT_TYPES: Record<string, string> = {
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: XLSX_MEDIA_TYPE,
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  zip: 'application/zip',
};

/** The Content-Type of a local file, by its extension (octet-stream when unknown). */
export function localContentType(name: string) {
  return previewContentType(name) ?? DOCUMENT_TYPES[fileExtension(name)] ?? 'application/octet-stream';
}

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const UNSAFE = /[\\\u0000-\u001f\u007f]/;

/** A folder or file name the local source shows and accepts: plain, visible, no separators. */
export function isPlainName(name: string) {
  return name !== '' && !isHiddenName(name) && !name.includes('/') && !UNSAFE.test(name);
}

/** The opaque id of a folder ("Szkolenia") or a file ("Szkolenia/film.mp4"): base64url of the path. */
export const localId = (relative: string) => Buffer.from(relative, 'utf8').toString('base64url');

/**
 * The path segments an id stands for, or null. Only canonical base64url of exactly `depth`
 * plain segments passes, so "..", absolute paths, separators, hidden entries and any other
 * spelling of the same bytes are refused before the disk is touched.
 */
export function decodeLocalId(id: string, depth: 1 | 2): string[] | null {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const text = Buffer.from(id, 'base64url').toString('utf8');
  if (localId(text) !== id) return null;
  const segments = text.split('/');
  if (segments.length !== depth || !segments.every(isPlainName)) return null;
  return segments;
}

/**
 * Tutorials in a directory on the server's disk: each sub-folder is a folder, its files the
 * folder's files. Deeper folders, files at the top, hidden entries and symbolic links are not
 * shown and cannot be reached. Read-only: it is the old folder whose tutorials are moved into the
 * app's store (tutorials.stored.ts), which is what the app serves and writes.
 */
export class LocalTutorialSource implements TutorialSource {
  readonly kind = 'local' as const;
  readonly writable = false;
  private readonly root: string;

  /** `createIfMissing`: the default directory under DATA_DIR is made on first use; a configured one must exist. */
  constructor(
    root: string,
    private readonly createIfMissing: boolean,
  ) {
    this.root = path.resolve(root);
  }

  /** The root's real path; a missing or unreadable root means the source cannot be reached. */
  private async rootPath(): Promise<string> {
    try {
      if (this.createIfMissing) await fsp.mkdir(this.root, { recursive: true });
      const real = await fsp.realpath(this.root);
      const stats = await fsp.stat(real);
      if (!stats.isDirectory()) throw new Error('not a directory');
      return real;
    } catch (error) {
      throw new TutorialSourceUnavailableError(
        `tutorial directory not readable (${errorCode(error) ?? 'ERROR'})`,
        {
          cause: error,
        },
      );
    }
  }

  /**
   * The path of an id's segments inside the root, when every part of it is a real entry of the
   * expected kind (no symbolic link anywhere on the way), else null.
   */
  private async resolve(segments: string[], kind: 'dir' | 'file'): Promise<string | null> {
    const root = await this.rootPath();
    const full = path.join(root, ...segments);
    const relative = path.relative(root, full);
    if (!relative || relative.startsWith('..') || path.isAbsolute(relative)) return null;
    try {
      if ((await fsp.realpath(full)) !== full) return null;
      const stats = await fsp.lstat(full);
      return (kind === 'dir' ? stats.isDirectory() : stats.isFile()) ? full : null;
    } catch (error) {
      if (['ENOENT', 'ENOTDIR'].includes(errorCode(error) ?? '')) return null;
      throw error;
    }
  }

  async listTree(): Promise<TutorialFolder[]> {
    const root = await this.rootPath();
    try {
      const entries = await fsp.readdir(root, { withFileTypes: true });
      const folders = entries.filter((e) => e.isDirectory() && isPlainName(e.name)).sort(byName);
      const tree: TutorialFolder[] = [];
      for (const dir of folders) {
        const children = await fsp.readdir(path.join(root, dir.name), { withFileTypes: true });
        tree.push({
          folder: { id: localId(dir.name), name: dir.name },
          googleFiles: children
            .filter((e) => e.isFile() && isPlainName(e.name))
            .sort(byName)
            .map((e) => ({ id: localId(`${dir.name}/${e.name}`), name: e.name })),
        });
      }
      return tree;
    } catch (error) {
      throw new TutorialSourceUnavailableError(
        `tutorial directory not readable (${errorCode(error) ?? 'ERROR'})`,
        {
          cause: error,
        },
      );
    }
  }

  async findFile(id: string): Promise<TutorialFileHandle | null> {
    const segments = decodeLocalId(id, 2);
    if (!segments) return null;
    const full = await this.resolve(segments, 'file');
    if (!full) return null;
    const stats = await fsp.stat(full);
    return {
      name: segments[1],
      size: stats.size,
      contentType: localContentType(segments[1]),
      modifiedAt: stats.mtime,
      open: async (range) => {
        const handle = await fsp.open(full, 'r');
        return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      },
    };
  }
}
