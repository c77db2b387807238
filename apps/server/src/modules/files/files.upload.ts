import { Transform, pipeline, type Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { MSG, cutText, fileExtension, fileTooLargeMessage, plainText, wellFormedText } from '@serwis/domain';
import { AppError, badRequest } from '../../lib/app-error.js';
import { plainTexts } from '../../lib/plain-texts.js';
import type { Storage } from '../../plugins/storage/index.js';

/** Bytes of an uploaded file, already in the storage, not yet tied to a row. */
export interface UploadedFile {
  storageName: string;
  size: number;
  /** The name the browser gave the file part. */
  originalName: string;
  /** The Content-Type the browser sent; trusted only for files that are never shown inline. */
  mimetype: string;
}

export interface MultipartUpload {
  file: UploadedFile | null;
  /** The JSON part, parsed; undefined when it was not sent. */
  json: unknown;
}

/** A JSON part is a few fields; anything bigger is not what the form sends. */
const JSON_PART_MAX = 64 * 1024;

class FileTooLargeError extends Error {}

const MULTIPART_CLIENT_ERRORS = new Set([
  'FST_INVALID_MULTIPART_CONTENT_TYPE',
  'FST_FILES_LIMIT',
  'FST_FIELDS_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_PROTO_VIOLATION',
  'FST_PREMATURE_CLOSE',
]);

const badJson = (field: string) => badRequest(MSG.fileJsonInvalid, 'BAD_JSON', field);

function toClientError(error: unknown, maxMb: number, jsonField: string): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string })?.code;
  // A JSON part sent as `application/json` that does not parse: @fastify/multipart's own check.
  if (code === 'FST_INVALID_JSON_FIELD_ERROR') return badJson(jsonField);
  if (error instanceof FileTooLargeError || code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, fileTooLargeMessage(maxMb), 'TOO_LARGE');
  }
  // A request the client ended ("Anuluj" during an upload, a tab closed): ECONNRESET or "aborted".
  if (
    (code && MULTIPART_CLIENT_ERRORS.has(code)) ||
    code === 'ECONNRESET' ||
    /multipart|Unexpected end|aborted/i.test(String(error))
  ) {
    return badRequest(MSG.fileUploadInvalid, 'BAD_UPLOAD', 'file');
  }
  return error;
}

/**
 * Passes bytes through and fails at the end when busboy cut the file at the size limit, so the
 * storage discards its temp file instead of keeping a truncated one. Waiting for the end (rather
 * than aborting at once) lets the browser finish sending and read the 413 answer.
 */
function failWhenTruncated(file: Readable & { truncated?: boolean }) {
  return new Transform({
    transform(chunk, _enc, done) {
      done(null, chunk);
    },
    flush(done) {
      done(file.truncated ? new FileTooLargeError() : null);
    },
  });
}

async function readText(stream: Readable, max: number, field: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size <= max) chunks.push(chunk as Buffer);
  }
  if (size > max) throw badJson(field);
  return Buffer.concat(chunks).toString('utf8');
}

function parseJson(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return plainTexts(JSON.parse(value));
  } catch {
    throw badJson(field);
  }
}

/**
 * A file part's name as the user's file had it. Browsers write a multipart name with `"`, CR and LF
 * as %22, %0D and %0A (the HTML standard's form-data encoding), and nothing else escaped: a file
 * `Instrukcja "Laser".pdf` arrived as `Instrukcja %22Laser%22.pdf`. A name really holding "%22" is
 * read as a quote too, which no browser can tell apart.
 */
export const partFileName = (name: string): string =>
  name.replace(/%(22|0D|0A)/gi, (_match, code: string) => String.fromCharCode(parseInt(code, 16)));

/**
 * Reads a multipart request with one file part and one JSON part, in either order. The file is
 * streamed straight into the storage (never held in memory). If anything fails while reading,
 * the stored bytes are removed before the error is thrown, so the caller only has to clean up
 * (`discardUpload`) when its own later steps fail.
 *
 * The JSON part may arrive as a text field or as a file part (`new Blob([json], {type:
 * 'application/json'})` in FormData); both work.
 */
export async function receiveUpload(
  request: FastifyRequest,
  storage: Storage,
  fields: { file: string; json: string; required?: 'file' | 'json' },
): Promise<MultipartUpload> {
  // Plain JSON from another client was "Nieprawidłowe dane przesyłanego pliku.", about a file the
  // call may not even have. The message names the part the call cannot do without (its JSON, unless
  // the call takes a file alone).
  const required = fields[fields.required ?? 'json'];
  if (!request.isMultipart()) throw badRequest(MSG.multipartRequired(required), 'NOT_MULTIPART', required);
  const maxMb = request.server.config.MAX_UPLOAD_MB;
  const result: MultipartUpload = { file: null, json: undefined };
  try {
    const parts = request.parts({
      limits: { files: 2, fields: 10, parts: 12, fileSize: Math.floor(maxMb * 1024 * 1024) },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === fields.json) result.json = parseJson(part.value, fields.json);
        continue;
      }
      if (part.fieldname === fields.json) {
        result.json = parseJson(await readText(part.file, JSON_PART_MAX, fields.json), fields.json);
      } else if (part.fieldname === fields.file && !result.file && part.filename) {
        // pipeline (not pipe) so that a broken request also fails the storage write.
        const guarded = pipeline(part.file, failWhenTruncated(part.file), () => undefined);
        const stored = await storage.save(guarded, {
          extension: `.${fileExtension(part.filename)}`,
        });
        result.file = {
          storageName: stored.name,
          size: stored.size,
          originalName: partFileName(part.filename),
          mimetype: part.mimetype,
        };
        // Nothing to keep: a photo of 0 bytes showed as a broken card.
        if (stored.size === 0) throw badRequest(MSG.fileEmpty, 'EMPTY_FILE', 'file');
      } else {
        // An empty file input, a second file or an unknown part: read past it.
        part.file.resume();
        await finished(part.file);
      }
    }
    return result;
  } catch (error) {
    if (result.file) await discardUpload(storage, result.file, request.log);
    throw toClientError(error, maxMb, fields.json);
  }
}

/** Removes the bytes of an upload whose row was not written; never throws. */
export async function discardUpload(
  storage: Storage,
  file: UploadedFile | null | undefined,
  log?: FastifyBaseLogger,
) {
  if (!file) return;
  try {
    await storage.delete(file.storageName);
  } catch (error) {
    log?.error({ err: error, storageName: file.storageName }, 'could not remove an unused upload');
  }
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/g;

/**
 * The part of a name after its last slash or backslash (an old browser sends "C:\fakepath\x.pdf").
 * Not Windows' own reading, which takes "a:" for a drive: "a:b*c.pdf" was kept as "b*c.pdf".
 */
const lastPathPart = (name: string) => name.split(/[\\/]/).pop()!;

/**
 * The name kept for people: the one from the JSON part when given, else the file part's own.
 * Path parts and control characters go, letters are composed (NFC); a missing extension is taken
 * from the file part; at most 255 characters, keeping the extension.
 */
export function displayFilename(fromJson: string | undefined, originalName: string): string {
  // Plain (plainText): a Mac sends "ó" as "o" and a combining accent, which typed searches do not
  // find; a right-to-left override showed "fakt\u202efdp.exe" as "faktexe.pdf".
  const clean = (name: string) =>
    wellFormedText(plainText(lastPathPart(name).replace(CONTROL_CHARS, ''))).trim();
  const original = clean(originalName);
  let name = clean(fromJson ?? '') || original || 'plik';
  const originalExt = fileExtension(original);
  if (!fileExtension(name) && originalExt) name = `${name}.${originalExt}`;
  if (name.length > 255) {
    const ext = fileExtension(name);
    const suffix = ext && ext.length < 20 ? `.${ext}` : '';
    name = cutText(name, 255 - suffix.length) + suffix;
  }
  return name;
}
