import type { FastifyRequest } from 'fastify';
import { MSG, serviceJsonSchema, type ServiceJson, type SessionUser } from '@serwis/domain';
import { AppError, badRequest, invalidField, notFound } from '../../lib/app-error.js';
import { discardUpload, insertFileRow, receiveUpload, type UploadedFile } from '../files/files.service.js';
import { addServiceFile } from './services.actions.js';
import { findServiceRow } from './services.repository.js';
import { assertMayAddFile } from './services.rules.js';
import { createService, type AfterSave } from './services.service.js';

const SERVICE_JSON = 'serviceJson';
const PROTOCOL_FILE = 'protocolSerwisowyFile';

/**
 * Records the stored bytes as the event's SERVICE_FILE in the saving transaction. The event's entry
 * names the file, so the file writes none of its own.
 */
const attachTo =
  (actor: SessionUser, upload: UploadedFile): AfterSave =>
  async (tx, service) => {
    const owner = { serviceId: service.id };
    const row = await insertFileRow(tx, actor, { owner, type: 'SERVICE_FILE', upload, audited: false });
    return `z plikiem „${row.filename}”`;
  };

function parseServiceJson(json: unknown): ServiceJson {
  if (json === undefined || json === null || typeof json !== 'object') {
    throw badRequest(MSG.serviceJsonInvalid, 'BAD_JSON', SERVICE_JSON);
  }
  const parsed = serviceJsonSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalidField(issue?.path ?? [], issue?.message);
  }
  return parsed.data;
}

async function receive(request: FastifyRequest, fields: Parameters<typeof receiveUpload>[2]) {
  try {
    return await receiveUpload(request, request.server.storage, fields);
  } catch (error) {
    // The files module names its own JSON part in its message; ours is serviceJson.
    if (error instanceof AppError && error.code === 'BAD_JSON') {
      throw badRequest(MSG.serviceJsonInvalid, 'BAD_JSON', SERVICE_JSON);
    }
    throw error;
  }
}

/**
 * POST /api/service/add: `serviceJson` (JSON text) and an optional `protocolSerwisowyFile`, in
 * either order. The file is streamed to the storage first; if the event is not saved, its bytes go.
 */
export async function addServiceFromMultipart(request: FastifyRequest, actor: SessionUser) {
  const upload = await receive(request, { file: PROTOCOL_FILE, json: SERVICE_JSON });
  try {
    const input = parseServiceJson(upload.json);
    const afterSave = upload.file ? attachTo(actor, upload.file) : undefined;
    return await createService(request.server.db, actor, input, afterSave);
  } catch (error) {
    await discardUpload(request.server.storage, upload.file, request.log);
    throw error;
  }
}

/**
 * PATCH /api/service/addFile/{id}: a `file` part. Refused before any byte is stored when the
 * event is missing or locked for this employee; checked again under the row lock when saving.
 */
export async function addFileFromMultipart(request: FastifyRequest, actor: SessionUser, id: number) {
  const row = await findServiceRow(request.server.db, id);
  if (!row) throw notFound(MSG.serviceNotFound);
  assertMayAddFile(actor, row);
  const upload = await receive(request, { file: 'file', json: SERVICE_JSON, required: 'file' });
  if (!upload.file) throw badRequest(MSG.noFileSelected, 'NO_FILE', 'file');
  const file = upload.file;
  try {
    return await addServiceFile(request.server.db, actor, id, file.originalName, attachTo(actor, file));
  } catch (error) {
    await discardUpload(request.server.storage, file, request.log);
    throw error;
  }
}
