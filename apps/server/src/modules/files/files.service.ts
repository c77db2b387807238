import type { FastifyBaseLogger } from 'fastify';
import {
  FILE_TYPE_TABS,
  MSG,
  PROTOCOL_MSG,
  fileJsonSchema,
  fileKind,
  mayAddServiceFile,
  previewContentType,
  type SessionUser,
  type StoredFile,
  type StoredFileType,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { badRequest, conflict, forbidden, invalidField, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { fieldChange, quotedText } from '../../lib/audit-changes.js';
import { audit } from '../../plugins/audit.js';
import type { Storage } from '../../plugins/storage/index.js';
import { toStoredFile } from './files.mapper.js';
import {
  deleteFileRow,
  deviceExists,
  findFileById,
  insertFile,
  isSignedProtocolDocument,
  serviceStateOf,
  storageNamesOf,
  updateFileDescription,
  type FileOwner,
  type FileRow,
  type NewFileRow,
} from './files.repository.js';
import { freeDownloadName } from './files.download-name.js';
import { storedPicture } from './files.image-check.js';
import { hasPgCode, UNIQUE_VIOLATION } from '../../lib/pg-error.js';
import { discardUpload, displayFilename, type MultipartUpload, type UploadedFile } from './files.upload.js';
import { machineInLog } from '../devices/devices.log-label.js';
import { serviceInLogById } from '../services/services.log-label.js';

export { discardUpload, receiveUpload, type MultipartUpload, type UploadedFile } from './files.upload.js';
export type { FileOwner } from './files.repository.js';

export interface FileDeps {
  db: Db;
  storage: Storage;
  log?: FastifyBaseLogger;
}

const SAFE_MIME = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,63}$/;

/** Previewable files get the type their extension names; the rest keep a well-formed browser type. */
function contentTypeFor(filename: string, mimetype: string): string {
  const mime = mimetype.toLowerCase();
  return previewContentType(filename) ?? (SAFE_MIME.test(mime) ? mime : 'application/octet-stream');
}

/**
 * Whose file it is, as the log names it: the machine by its name and id, the event by its number,
 * types, machines and customer (as their own entries do).
 */
async function ownerLabel(tx: DbOrTx, owner: FileOwner) {
  return 'deviceId' in owner
    ? `maszyny ${await machineInLog(tx, owner.deviceId)}`
    : `zdarzenia serwisowego ${await serviceInLogById(tx, owner.serviceId)}`;
}

/** The machine card's tab of a machine's file, as the log names it: " (zakładka Parametry)". */
const tabOf = (type: string) =>
  type in FILE_TYPE_TABS ? ` (zakładka ${FILE_TYPE_TABS[type as keyof typeof FILE_TYPE_TABS]})` : '';

/**
 * Inserts under the first free download name; when a concurrent upload takes that name first, the
 * savepoint is rolled back and the next free one is tried, so the caller's transaction survives.
 */
async function insertWithFreeDownloadName(tx: DbOrTx, values: Omit<NewFileRow, 'downloadName'>) {
  for (let attempt = 1; ; attempt++) {
    const downloadName = await freeDownloadName(tx, values.filename);
    try {
      return await tx.transaction((savepoint) => insertFile(savepoint, { ...values, downloadName }));
    } catch (error) {
      if (attempt >= 5 || !hasPgCode(error, UNIQUE_VIOLATION)) throw error;
    }
  }
}

/**
 * Writes the row (and its audit entry) for bytes already in the storage. Use inside your own
 * transaction; if that transaction fails, call `discardUpload(storage, upload)` afterwards.
 * `audited: false` when the caller's own entry names the file (a service event saved, signed or
 * given a file with it): one request, one entry (domain.md "Audit log").
 */
export async function insertFileRow(
  tx: DbOrTx,
  actor: SessionUser,
  input: {
    owner: FileOwner;
    type: StoredFileType;
    upload: UploadedFile;
    /** Name to keep; defaults to the uploaded file's own name. */
    filename?: string;
    description?: string;
    audited?: false;
    /** A protocol's PDF signed in the app (files.table.ts). */
    signedProtocol?: true;
  },
): Promise<FileRow> {
  const filename = displayFilename(input.filename, input.upload.originalName);
  const values = {
    type: input.type,
    deviceId: 'deviceId' in input.owner ? input.owner.deviceId : null,
    serviceId: 'serviceId' in input.owner ? input.owner.serviceId : null,
    filename,
    storageName: input.upload.storageName,
    description: input.description ?? '',
    contentType: contentTypeFor(filename, input.upload.mimetype),
    size: input.upload.size,
    userCreatedId: actor.id,
    signedProtocol: input.signedProtocol ?? false,
  };
  const row = await insertWithFreeDownloadName(tx, values);
  if (input.audited === false) return row;
  await audit(
    tx,
    actor,
    `dodanie pliku „${filename}”${tabOf(input.type)} do ${await ownerLabel(tx, input.owner)}`,
    fileRecord(row),
  );
  return row;
}

/**
 * Stores an upload as a file of a device or service in its own transaction; on any failure the
 * bytes are removed, so neither an orphan row nor orphan bytes remain. For service scans:
 * `storeUploadedFile(deps, actor, upload.file, { owner: { serviceId }, type: 'SERVICE_FILE' })`.
 */
export async function storeUploadedFile(
  deps: FileDeps,
  actor: SessionUser,
  upload: UploadedFile | null,
  input: { owner: FileOwner; type: StoredFileType; filename?: string; description?: string },
): Promise<StoredFile> {
  if (!upload) throw badRequest(MSG.noFileSelected, 'NO_FILE', 'file');
  try {
    const row = await inTransaction(deps.db, (tx) => insertFileRow(tx, actor, { ...input, upload }));
    return toStoredFile(row);
  } catch (error) {
    await discardUpload(deps.storage, upload, deps.log);
    throw error;
  }
}

/** `POST /api/file/add`: a machine file, parameter or nameplate described by `fileJson`. */
export async function addMachineFile(
  deps: FileDeps,
  actor: SessionUser,
  upload: MultipartUpload,
): Promise<StoredFile> {
  try {
    if (!upload.file) throw badRequest(MSG.noFileSelected, 'NO_FILE', 'file');
    if (upload.json === undefined || upload.json === null)
      throw badRequest(MSG.fileJsonMissing, 'NO_JSON', 'fileJson');
    const parsed = fileJsonSchema.safeParse(upload.json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw invalidField(issue?.path ?? [], issue?.message, 'BAD_JSON');
    }
    const meta = parsed.data;
    const filename = displayFilename(meta.filename, upload.file.originalName);
    if (
      meta.type === 'MACHINE_NAMEPLATE' &&
      (fileKind(filename) !== 'image' || !(await storedPicture(deps.storage, upload.file.storageName)))
    ) {
      throw badRequest(MSG.nameplateImagesOnly, 'NOT_IMAGE', 'file');
    }
    if (!(await deviceExists(deps.db, meta.deviceId))) throw notFound(MSG.machineNotFound);
    return await storeUploadedFile(deps, actor, upload.file, {
      owner: { deviceId: meta.deviceId },
      type: meta.type,
      filename,
      description: meta.description,
    });
  } catch (error) {
    await discardUpload(deps.storage, upload.file, deps.log);
    throw error;
  }
}

export async function changeFileDescription(db: Db, actor: SessionUser, id: number, text: string) {
  const existing = await findFileById(db, id);
  if (!existing) throw notFound(MSG.fileNotFound);
  return inTransaction(db, async (tx) => {
    // A signed or rejected event's files are part of its locked record, as adding to them is.
    const state = existing.serviceId === null ? undefined : await serviceStateOf(tx, existing.serviceId);
    if (state && !mayAddServiceFile(actor, state)) throw forbidden(MSG.forbidden);
    // Read in the writing transaction: the entry keeps the description this change replaces.
    const before = (await findFileById(tx, id)) ?? existing;
    const row = await updateFileDescription(tx, id, text);
    // The same description saved again: no entry.
    const changes = fieldChange('opis', before.description, row.description, quotedText);
    if (changes.length) {
      await audit(
        tx,
        actor,
        `zmiana opisu pliku „${row.filename}” (id ${id}): ${changes.join(', ')}`,
        fileRecord(row),
      );
    }
    return toStoredFile(row);
  });
}

/**
 * The log record of a file's entries: an event's attachment (a scan, a signed protocol's PDF) is
 * part of the event's history, which its record link lists (an auditor found a deleted PDF missing
 * from it); a machine's file keeps a record of its own.
 */
const fileRecord = (file: { id: number; serviceId: number | null }) =>
  file.serviceId !== null ? `service:${file.serviceId}` : `file:${file.id}`;

/** Deletes the row, then (after the commit) the bytes; a failed byte removal is only logged. */
export async function removeFile(deps: FileDeps, actor: SessionUser, id: number) {
  const existing = await findFileById(deps.db, id);
  if (!existing) throw notFound(MSG.fileNotFound);
  await inTransaction(deps.db, async (tx) => {
    if (await isSignedProtocolDocument(tx, id)) {
      throw conflict(PROTOCOL_MSG.signedProtocolFileKept, 'SIGNED_PROTOCOL');
    }
    // Named as its add names it: the machine (and its tab) or the event it belonged to.
    const owner: FileOwner | null =
      existing.deviceId !== null
        ? { deviceId: existing.deviceId }
        : existing.serviceId !== null
          ? { serviceId: existing.serviceId }
          : null;
    const whose = owner ? ` ${await ownerLabel(tx, owner)}` : '';
    // Its description too, which the file itself does not hold: it is retyped from the entry.
    const gone = (await findFileById(tx, id)) ?? existing;
    const described = gone.description ? `: opis: ${quotedText(gone.description)}` : '';
    await deleteFileRow(tx, id);
    await audit(
      tx,
      actor,
      `usunięcie pliku „${existing.filename}” (id ${id})${tabOf(existing.type)}${whose}${described}`,
      fileRecord(existing),
    );
  });
  await deleteStoredBytes(deps.storage, [existing.storageName], deps.log);
}

/** Removes bytes whose rows are gone; never throws (the orphan sweep retries what fails here). */
export async function deleteStoredBytes(storage: Storage, names: string[], log?: FastifyBaseLogger) {
  for (const name of names) {
    try {
      await storage.delete(name);
    } catch (error) {
      log?.error({ err: error, storageName: name }, 'could not remove stored file bytes');
    }
  }
}

/**
 * For deleting a device or a service event, whose file rows go with it by FK cascade. Call it
 * INSIDE the owner's delete transaction, BEFORE deleting the owner row (it reads the storage
 * names then); run the function it returns AFTER the transaction has committed:
 *
 *   const removeFileBytes = await inTransaction(db, async (tx) => {
 *     const removeBytes = await deleteStoredFilesOf(tx, app.storage, { deviceId: id });
 *     await deleteDevice(tx, id);
 *     await audit(tx, ...);
 *     return removeBytes;
 *   });
 *   await removeFileBytes();
 *
 * If the transaction rolls back, the returned function is never run and the bytes stay.
 */
export async function deleteStoredFilesOf(
  tx: DbOrTx,
  storage: Storage,
  owner: FileOwner,
  log?: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const names = await storageNamesOf(tx, owner);
  return () => deleteStoredBytes(storage, names, log);
}
