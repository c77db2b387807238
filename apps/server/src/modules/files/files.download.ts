import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import { MSG, fileKind, previewContentType } from '@serwis/domain';
import { AppError, notFound } from '../../lib/app-error.js';
import type { ByteRange, Storage } from '../../plugins/storage/index.js';
import type { FileRow } from './files.repository.js';

export type RangeRequest = { kind: 'none' } | { kind: 'range'; range: ByteRange } | { kind: 'invalid' };

/**
 * One `bytes=` range of a Range header. Other units and multi-range requests are answered with
 * the whole file (RFC 9110 allows ignoring Range); a malformed or unsatisfiable byte range is 416.
 */
export function parseRange(header: string | undefined, size: number): RangeRequest {
  if (!header) return { kind: 'none' };
  const value = header.trim();
  if (!/^bytes=/i.test(value)) return { kind: 'none' };
  const spec = value.slice(6).trim();
  if (spec.includes(',')) return { kind: 'none' };
  const match = /^(\d*)-(\d*)$/.exec(spec);
  if (!match || (match[1] === '' && match[2] === '')) return { kind: 'invalid' };
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return { kind: 'invalid' };
    return { kind: 'range', range: { start: Math.max(0, size - suffix), end: size - 1 } };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return { kind: 'invalid' };
  return { kind: 'range', range: { start, end } };
}

/** Letters that no accent takes off (Polish, and the neighbours' names a customer abroad gives). */
const PLAIN_LETTERS: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  ß: 'ss',
  ẞ: 'SS',
  đ: 'd',
  Đ: 'D',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
};

/**
 * `inline|attachment; filename="ascii"; filename*=UTF-8''…` (RFC 6266 / 5987): old clients read
 * the plain name, with Polish (and German, Danish…) letters turned into their base letters; browsers
 * read the exact one.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .replace(/[łŁßẞđĐøØæÆœŒ]/g, (c) => PLAIN_LETTERS[c]!)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * Types a page of the app's origin could load a file as code with: a script or worker, a
 * stylesheet, WebAssembly (with `nosniff`, the browser refuses any other type for these). An upload
 * claiming one is sent as bytes: `attachment` does not stop a `<script src>`, and the CSP's
 * `script-src 'self'` would let it run were HTML ever injected.
 */
const CODE_TYPE = /(java|ecma|j|live)script|^\s*text\/css\b|wasm/i;

/**
 * Previewable kinds (pdf, the spec's image list, video) are sent inline with the type their
 * extension names; everything else is an attachment, so an uploaded HTML or SVG page can never
 * run in the app's origin, with the type it was uploaded with unless that is a type of code.
 */
export function presentation(row: Pick<FileRow, 'filename' | 'contentType'>) {
  const canonical = previewContentType(row.filename);
  const inline = canonical !== undefined && fileKind(row.filename) !== 'other';
  return {
    disposition: inline ? ('inline' as const) : ('attachment' as const),
    contentType:
      canonical ?? (CODE_TYPE.test(row.contentType) ? 'application/octet-stream' : row.contentType),
  };
}

/** Whether an If-None-Match header (one tag, a list, or "*") names `etag`; weak tags count alike. */
function matchesEtag(header: string, etag: string): boolean {
  return header
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag);
}

/**
 * Tags the answer with `etag`, to be asked again each time (`no-cache`), and tells whether the
 * browser's copy (If-None-Match) is that one, to be answered with a 304.
 */
export function storedFileAnswered(
  reply: FastifyReply,
  etag: string,
  headers: { 'if-none-match'?: string },
): boolean {
  reply.header('ETag', etag).header('Cache-Control', 'private, no-cache');
  return headers['if-none-match'] !== undefined && matchesEtag(headers['if-none-match'], etag);
}

/**
 * The Range to answer: none when If-Range names another version than `etag` and `lastModified`
 * (a strong tag, or the date sent as Last-Modified). A download resumed after its file was deleted
 * and another uploaded under the same name got the rest of the other file, joined to the first.
 */
function rangeIfUnchanged(
  headers: { range?: string; 'if-range'?: string },
  etag: string,
  lastModified: Date,
): string | undefined {
  const condition = headers['if-range']?.trim();
  if (condition === undefined) return headers.range;
  const holds = condition.startsWith('"')
    ? condition === etag
    : !condition.startsWith('W/') && Date.parse(condition) === Date.parse(lastModified.toUTCString());
  return holds ? headers.range : undefined;
}

type LoggedFile = Pick<FileRow, 'id' | 'storageName'>;

/**
 * A file the database lists whose bytes the storage does not have (a restore without the files'
 * folder, a bucket's lifecycle rule): a warning for an administrator, since nothing else would tell
 * him that stored files are being lost.
 */
export function warnStoredBytesMissing(log: Pick<FastifyBaseLogger, 'warn'> | undefined, row: LoggedFile) {
  log?.warn({ fileId: row.id, storageName: row.storageName }, 'stored file missing from the storage');
}

/** The same, answered to the user as the 404 of a file not found. */
export function storedBytesMissing(log: Pick<FastifyBaseLogger, 'warn'> | undefined, row: LoggedFile) {
  warnStoredBytesMissing(log, row);
  return notFound(MSG.fileNotFound);
}

/** Streams a stored file with Range support (videos must be seekable). */
export async function sendStoredFile(
  reply: FastifyReply,
  storage: Storage,
  row: FileRow,
  headers: { range?: string; 'if-none-match'?: string; 'if-range'?: string },
) {
  const stat = await storage.stat(row.storageName);
  if (!stat) throw storedBytesMissing(reply.log, row);
  // The address names the file by its download name, which a later upload may take once this file
  // is deleted: a browser asks each time whether its copy is still this file (one storage name
  // never gets other bytes), and an unchanged one costs a 304 without a byte of the file.
  const etag = `"${row.storageName}"`;
  if (storedFileAnswered(reply, etag, headers)) return reply.status(304).send();
  const rangeHeader = rangeIfUnchanged(headers, etag, row.createdAt);
  const request = parseRange(rangeHeader, stat.size);
  if (request.kind === 'invalid') {
    reply.header('Content-Range', `bytes */${stat.size}`);
    throw new AppError(416, MSG.fileRangeInvalid, 'RANGE_NOT_SATISFIABLE');
  }
  const range = request.kind === 'range' ? request.range : undefined;
  const stream = await storage.open(row.storageName, range);
  if (!stream) throw storedBytesMissing(reply.log, row);
  const { disposition, contentType } = presentation(row);
  reply
    .header('Accept-Ranges', 'bytes')
    .header('Content-Type', contentType)
    .header('Content-Disposition', contentDisposition(disposition, row.filename))
    .header('Last-Modified', row.createdAt.toUTCString());
  if (range) {
    reply
      .status(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`)
      .header('Content-Length', String(range.end - range.start + 1));
  } else {
    reply.header('Content-Length', String(stat.size));
  }
  return reply.send(stream);
}
