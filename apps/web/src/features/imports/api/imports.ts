import type { ImportFailure, ImportKind, ImportPreview, ImportResult } from '@serwis/domain';
import { MSG } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';

export const IMPORT_PREFIX: Record<ImportKind, string> = {
  customers: '/api/customer',
  INTERNAL: '/api/device',
  EXTERNAL: '/api/device-external',
};

export interface ImportRequest {
  kind: ImportKind;
  file: File;
  mapping?: (string | null)[];
  createMissing?: boolean;
}

function form({ file, mapping, createMissing }: ImportRequest) {
  const body = new FormData();
  body.append('optionsJson', JSON.stringify({ mapping: mapping ?? null, createMissing: !!createMissing }));
  body.append('file', file, file.name);
  return body;
}

/** Parse, map and check on the server; nothing is written. */
export const previewImport = (request: ImportRequest) =>
  api.post<ImportPreview>(`${IMPORT_PREFIX[request.kind]}/import/preview`, form(request));

export type ImportOutcome = { ok: true; result: ImportResult } | { ok: false; failure: ImportFailure };

/** The import itself, one call: its result, or (422) the report of the rows that stopped it. */
export async function runImport(request: ImportRequest): Promise<ImportOutcome> {
  const response = await importFetch(request);
  let body: { message?: string; code?: string; field?: string } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (response.status === 200) return { ok: true, result: body as ImportResult };
  if (response.status === 422) return { ok: false, failure: body as ImportFailure };
  throw new ApiError(response.status, body?.message ?? MSG.unknownError, body?.code, body?.field);
}

async function importFetch(request: ImportRequest) {
  let response: Response;
  try {
    response = await fetch(`${IMPORT_PREFIX[request.kind]}/import`, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      body: form(request),
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, MSG.connectionError, 'NETWORK');
  }
  return response;
}
