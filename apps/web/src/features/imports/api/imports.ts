import type {
  ImportFailure,
  ImportKind,
  ImportPreview,
  ImportProgress,
  ImportResult,
  ImportStreamLine,
} from '@serwis/domain';
import { MSG, ndjsonLines } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';

export const IMPORT_PREFIX: Record<ImportKind, string> = {
  customers: '/api/customer',
  INTERNAL: '/api/device',
  EXTERNAL: '/api/device-external',
};

/** The template as an Excel workbook, with its lists and text columns (GET …/import/template). */
export async function fetchImportTemplate(kind: ImportKind): Promise<Blob> {
  const response = await api.raw('GET', `${IMPORT_PREFIX[kind]}/import/template`);
  return response.blob();
}

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  mapping?: (string | null)[];
  createMissing?: boolean;
}

export type OnImportProgress = (progress: ImportProgress) => void;

function form({ file, mapping, createMissing }: ImportRequest) {
  const body = new FormData();
  body.append('optionsJson', JSON.stringify({ mapping: mapping ?? null, createMissing: !!createMissing }));
  body.append('file', file, file.name);
  return body;
}

type Outcome = Exclude<ImportStreamLine, { progress: unknown }>;

/**
 * A call with its progress (`?progress=ndjson`): each step's counts go to `onProgress` as the server
 * tells them; answers the last line. A failure after the stream began comes as its own line, with
 * the status and message of the plain call; a stream cut short is a lost connection.
 */
async function callWithProgress(path: string, request: ImportRequest, onProgress: OnImportProgress) {
  const response = await api.raw('POST', path, { body: form(request), query: { progress: 'ndjson' } });
  let outcome: Outcome | undefined;
  try {
    for await (const line of ndjsonLines(response.body)) {
      const parsed = line as ImportStreamLine;
      if ('progress' in parsed) onProgress(parsed.progress);
      else outcome = parsed;
    }
  } catch {
    throw new ApiError(0, MSG.connectionError, 'NETWORK');
  }
  if (!outcome) throw new ApiError(0, MSG.connectionError, 'NETWORK');
  if ('error' in outcome) {
    const { status, message, code, field } = outcome.error;
    throw new ApiError(status, message, code, field);
  }
  return outcome;
}

const unexpected = () => new ApiError(0, MSG.unknownError);

/** Parse, map and check on the server; nothing is written. */
export async function previewImport(
  request: ImportRequest,
  onProgress: OnImportProgress = () => undefined,
): Promise<ImportPreview> {
  const outcome = await callWithProgress(
    `${IMPORT_PREFIX[request.kind]}/import/preview`,
    request,
    onProgress,
  );
  if ('preview' in outcome) return outcome.preview;
  throw unexpected();
}

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; failure: ImportFailure };

/** The import itself, one call: its result, or the report of the rows that stopped it. */
export async function runImport(
  request: ImportRequest,
  onProgress: OnImportProgress = () => undefined,
): Promise<ImportOutcome> {
  const outcome = await callWithProgress(`${IMPORT_PREFIX[request.kind]}/import`, request, onProgress);
  if ('result' in outcome) return { ok: true, result: outcome.result };
  if ('failure' in outcome) return { ok: false, failure: outcome.failure };
  throw unexpected();
}
