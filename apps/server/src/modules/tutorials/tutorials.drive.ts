import { pipeline, Readable, Transform } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { TutorialFolder } from '@serwis/domain';
import type { ByteRange } from '../../plugins/storage/index.js';
import { describeFetchError, DriveTokens, readServiceAccountKey } from './google-drive.auth.js';
import {
  byName,
  TutorialSourceUnavailableError,
  type TutorialFileHandle,
  type TutorialSource,
} from './tutorials.source.js';

const FOLDER_TYPE = 'application/vnd.google-apps.folder';
/** Google Docs, Sheets…: no bytes to download (only an export), so not listed. */
const NATIVE_PREFIX = 'application/vnd.google-apps.';
/** Folders per files.list query ("'a' in parents or 'b' in parents …"), well under the query length limit. */
const FOLDERS_PER_QUERY = 40;
const DRIVE_ID = /^[A-Za-z0-9_-]{1,200}$/;

interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  size?: string;
  modifiedTime?: string;
  parents?: string[];
}

export interface GoogleDriveOptions {
  keyFile: string;
  rootId: string;
  apiUrl: string;
  /** Unset: the key file's token_uri. */
  tokenUrl?: string;
  timeoutMs: number;
}

/** A string literal of the Drive query language. */
const quote = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * Tutorials in a Google Drive folder, read through the Drive API v3 with a service account (plain
 * HTTPS and a signed JWT; no client library). The root's sub-folders are the folders, their
 * files (not Google Docs) the files. Read-only.
 */
export class GoogleDriveTutorialSource implements TutorialSource {
  readonly kind = 'google-drive' as const;
  readonly writable = false;
  private readonly tokens: DriveTokens;
  private readonly apiUrl: string;

  constructor(private readonly options: GoogleDriveOptions) {
    const key = readServiceAccountKey(options.keyFile);
    this.tokens = new DriveTokens(key, options.tokenUrl ?? key.tokenUri, options.timeoutMs);
    this.apiUrl = options.apiUrl.replace(/\/+$/, '');
  }

  /**
   * One authorized GET. The timeout covers the wait for the answer's headers, not a long download.
   * Unreachable, 5xx, 429 and a refused token make the source unavailable; the caller reads 404.
   */
  private async get(path: string, query: Record<string, string>, headers: Record<string, string> = {}) {
    const url = `${this.apiUrl}${path}?${new URLSearchParams({ supportsAllDrives: 'true', ...query })}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error('timeout')), this.options.timeoutMs);
      let response: Response;
      try {
        response = await fetch(url, {
          headers: { ...headers, authorization: `Bearer ${token}` },
          signal: controller.signal,
        });
      } catch (error) {
        throw new TutorialSourceUnavailableError(`Drive API unreachable (${describeFetchError(error)})`);
      } finally {
        clearTimeout(timer);
      }
      if (response.status === 401 && attempt === 0) {
        // An expired or revoked token: fetch a new one once.
        await response.body?.cancel();
        this.tokens.drop();
        continue;
      }
      if (response.ok || response.status === 404 || response.status === 416) return response;
      await response.body?.cancel();
      throw new TutorialSourceUnavailableError(`Drive API answered ${response.status}`);
    }
  }

  private async listAll(q: string): Promise<DriveFile[]> {
    const files: DriveFile[] = [];
    let pageToken: string | undefined;
    do {
      const response = await this.get('/files', {
        q,
        fields: 'nextPageToken,files(id,name,mimeType,size,modifiedTime,parents)',
        pageSize: '1000',
        includeItemsFromAllDrives: 'true',
        ...(pageToken ? { pageToken } : {}),
      });
      if (response.status === 404) {
        await response.body?.cancel();
        throw new TutorialSourceUnavailableError('Drive root folder not found');
      }
      const body = (await response.json().catch(() => null)) as {
        files?: DriveFile[];
        nextPageToken?: string;
      } | null;
      if (!body || !Array.isArray(body.files))
        throw new TutorialSourceUnavailableError('Drive sent no file list');
      files.push(...body.files);
      pageToken = body.nextPageToken;
    } while (pageToken);
    return files;
  }

  async listTree(): Promise<TutorialFolder[]> {
    const folders = (
      await this.listAll(
        `${quote(this.options.rootId)} in parents and mimeType = '${FOLDER_TYPE}' and trashed = false`,
      )
    ).sort(byName);
    const filesByFolder = new Map<string, DriveFile[]>(folders.map((f) => [f.id, []]));
    for (let i = 0; i < folders.length; i += FOLDERS_PER_QUERY) {
      const parents = folders
        .slice(i, i + FOLDERS_PER_QUERY)
        .map((f) => `${quote(f.id)} in parents`)
        .join(' or ');
      const files = await this.listAll(`(${parents}) and mimeType != '${FOLDER_TYPE}' and trashed = false`);
      for (const file of files) {
        if (file.mimeType?.startsWith(NATIVE_PREFIX)) continue;
        for (const parent of file.parents ?? []) filesByFolder.get(parent)?.push(file);
      }
    }
    return folders.map((folder) => ({
      folder: { id: folder.id, name: folder.name },
      googleFiles: filesByFolder
        .get(folder.id)!
        .sort(byName)
        .map((f) => ({ id: f.id, name: f.name })),
    }));
  }

  /** Any Drive file the account can read; the service checks first that the id is in the tree. */
  async findFile(id: string): Promise<TutorialFileHandle | null> {
    if (!DRIVE_ID.test(id)) return null;
    const path = `/files/${encodeURIComponent(id)}`;
    const response = await this.get(path, { fields: 'id,name,mimeType,size,modifiedTime' });
    if (response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    const meta = (await response.json().catch(() => null)) as DriveFile | null;
    if (!meta || meta.size === undefined || meta.mimeType?.startsWith(NATIVE_PREFIX)) return null;
    const size = Number(meta.size);
    return {
      name: meta.name,
      size,
      contentType: meta.mimeType,
      modifiedAt: meta.modifiedTime ? new Date(meta.modifiedTime) : undefined,
      open: async (range?: ByteRange) => {
        const media = await this.get(
          path,
          { alt: 'media' },
          range ? { range: `bytes=${range.start}-${range.end}` } : {},
        );
        if (!media.ok || !media.body) {
          await media.body?.cancel();
          throw new TutorialSourceUnavailableError(`Drive download answered ${media.status}`);
        }
        const stream = Readable.fromWeb(media.body as WebReadableStream<Uint8Array>);
        // A server that ignores Range sends the whole file: cut the asked bytes out of it.
        if (range && media.status === 200) return pipeline(stream, sliceBytes(range), () => undefined);
        return stream;
      },
    };
  }
}

/** Passes on only bytes start..end (inclusive) of a whole file. */
function sliceBytes(range: ByteRange) {
  let offset = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      const from = Math.max(0, range.start - offset);
      const to = Math.min(chunk.length, range.end + 1 - offset);
      offset += chunk.length;
      done(null, from < to ? chunk.subarray(from, to) : undefined);
    },
  });
}
