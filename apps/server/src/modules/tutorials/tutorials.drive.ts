import { pipeline } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { TutorialFolder } from '@serwis/domain';
import type { ByteRange } from '../../plugins/storage/index.js';
import { answerReason, retryAfterMs } from './google-drive.answer.js';
import { describeFetchError, DriveTokens, readServiceAccountKey } from './google-drive.auth.js';
import { idleLimited, sliceBytes } from './google-drive.stream.js';
import {
  byName,
  isHiddenName,
  TutorialSourceUnavailableError,
  type TutorialFileHandle,
  type TutorialSource,
} from './tutorials.source.js';

const FOLDER_TYPE = 'application/vnd.google-apps.folder';
/** Google Docs, Sheets, shortcuts…: no bytes to download (only an export or a link), so not listed. */
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

/** Hidden entries (a leading dot) are not tutorials, as in the local folder. */
const hidden = (file: { name?: string }) => typeof file.name !== 'string' || isHiddenName(file.name);

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
   * One authorized GET; `read` takes what is needed of the answer. The timeout covers the wait for
   * the answer and `read` (a JSON body), not a download's bytes (`idleLimited` watches those).
   * Unreachable, 5xx, 429 and a refused token make the source unavailable, with Google's reason
   * from the error body; the caller reads 404 (and 416).
   */
  private async get<T>(
    path: string,
    query: Record<string, string>,
    read: (response: Response) => Promise<T>,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const url = `${this.apiUrl}${path}?${new URLSearchParams({ supportsAllDrives: 'true', ...query })}`;
    for (let attempt = 0; ; attempt++) {
      const token = await this.tokens.get();
      const controller = new AbortController();
      // A TimeoutError, as the token endpoint's AbortSignal.timeout gives: the log says "(TimeoutError)".
      const timer = setTimeout(
        () => controller.abort(new DOMException('Drive API did not answer in time', 'TimeoutError')),
        this.options.timeoutMs,
      );
      try {
        let response: Response;
        try {
          response = await fetch(url, {
            headers: { ...headers, authorization: `Bearer ${token}` },
            signal: controller.signal,
          });
        } catch (error) {
          throw new TutorialSourceUnavailableError(`Drive API unreachable (${describeFetchError(error)})`);
        }
        if (response.status === 401 && attempt === 0) {
          // An expired or revoked token: fetch a new one once.
          await response.body?.cancel();
          this.tokens.drop();
          continue;
        }
        if (!response.ok && response.status !== 404 && response.status !== 416) {
          const reason = await answerReason(response, [token]).catch(() => '');
          throw new TutorialSourceUnavailableError(`Drive API answered ${response.status}${reason}`, {
            retryAfterMs: retryAfterMs(response),
          });
        }
        try {
          return await read(response);
        } catch (error) {
          if (controller.signal.aborted) {
            throw new TutorialSourceUnavailableError(
              `Drive API unreachable (${describeFetchError(controller.signal.reason)})`,
            );
          }
          throw error;
        }
      } finally {
        clearTimeout(timer);
      }
    }
  }

  /** A JSON answer within the timeout: its status and body (null when it is not JSON; 404's is not read). */
  private getJson<T>(path: string, query: Record<string, string>) {
    return this.get(path, query, async (response) => {
      if (response.status === 404) {
        await response.body?.cancel();
        return { status: 404, body: null };
      }
      // A body cut by the timeout fails here; anything else that is not JSON is null.
      const text = await response.text();
      let body: T | null = null;
      try {
        body = JSON.parse(text) as T;
      } catch {
        // not JSON
      }
      return { status: response.status, body };
    });
  }

  /**
   * The root folder itself, asked first: an id that is wrong or not shared with the service
   * account would otherwise list as an empty folder, "no tutorials" instead of an error.
   */
  private async checkRoot() {
    const path = `/files/${encodeURIComponent(this.options.rootId)}`;
    const { status, body } = await this.getJson<DriveFile>(path, { fields: 'id,mimeType' });
    if (status === 404) {
      throw new TutorialSourceUnavailableError(
        'Drive root folder not found (404: a wrong GOOGLE_DRIVE_ROOT_ID, or not shared with the account)',
      );
    }
    if (body?.mimeType !== FOLDER_TYPE) {
      throw new TutorialSourceUnavailableError(
        `Drive root folder not found (GOOGLE_DRIVE_ROOT_ID names ${body?.mimeType ?? 'something'}, not a folder)`,
      );
    }
  }

  private async listAll(q: string): Promise<DriveFile[]> {
    const files: DriveFile[] = [];
    let pageToken: string | undefined;
    do {
      const { status, body } = await this.getJson<{ files?: DriveFile[]; nextPageToken?: string }>('/files', {
        q,
        fields: 'nextPageToken,files(id,name,mimeType,size,modifiedTime,parents)',
        pageSize: '1000',
        includeItemsFromAllDrives: 'true',
        ...(pageToken ? { pageToken } : {}),
      });
      if (status === 404) throw new TutorialSourceUnavailableError('Drive root folder not found');
      if (!body || !Array.isArray(body.files))
        throw new TutorialSourceUnavailableError('Drive sent no file list');
      files.push(...body.files);
      pageToken = body.nextPageToken;
    } while (pageToken);
    return files;
  }

  async listTree(): Promise<TutorialFolder[]> {
    await this.checkRoot();
    const folders = (
      await this.listAll(
        `${quote(this.options.rootId)} in parents and mimeType = '${FOLDER_TYPE}' and trashed = false`,
      )
    )
      .filter((folder) => !hidden(folder))
      .sort(byName);
    const filesByFolder = new Map<string, DriveFile[]>(folders.map((f) => [f.id, []]));
    for (let i = 0; i < folders.length; i += FOLDERS_PER_QUERY) {
      const parents = folders
        .slice(i, i + FOLDERS_PER_QUERY)
        .map((f) => `${quote(f.id)} in parents`)
        .join(' or ');
      const files = await this.listAll(`(${parents}) and mimeType != '${FOLDER_TYPE}' and trashed = false`);
      for (const file of files) {
        // Shortcuts are Google types too: not followed, so they are not listed.
        if (file.mimeType?.startsWith(NATIVE_PREFIX) || hidden(file)) continue;
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
    const { body: meta } = await this.getJson<DriveFile>(path, {
      fields: 'id,name,mimeType,size,modifiedTime',
    });
    if (!meta || meta.size === undefined || meta.mimeType?.startsWith(NATIVE_PREFIX) || hidden(meta))
      return null;
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
          async (response) => response,
          range ? { range: `bytes=${range.start}-${range.end}` } : {},
        );
        if (!media.ok || !media.body) {
          await media.body?.cancel();
          throw new TutorialSourceUnavailableError(`Drive download answered ${media.status}`);
        }
        const stream = idleLimited(media.body as WebReadableStream<Uint8Array>, this.options.timeoutMs);
        // A server that ignores Range sends the whole file: cut the asked bytes out of it.
        if (range && media.status === 200) return pipeline(stream, sliceBytes(range), () => undefined);
        return stream;
      },
    };
  }
}
