import { publicFiles } from '../public-files/public-files.table.js';
import { and, count, eq, inArray, type AnyColumn } from 'drizzle-orm';
import { fileSortFields, type FileSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { orderByField } from '../../lib/sort-param.js';
import { containsAny } from '../../lib/text-search.js';
import { devices } from '../devices/devices.table.js';
import { tutorialFiles } from '../tutorials/tutorials.table.js';
import { files } from './files.table.js';
import { services } from '../services/services.table.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

/** Whose file it is: a machine's (files, parameters, nameplates) or a service event's. */
export type FileOwner = { deviceId: number } | { serviceId: number };

function ownerCondition(owner: FileOwner) {
  return 'deviceId' in owner ? eq(files.deviceId, owner.deviceId) : eq(files.serviceId, owner.serviceId);
}

const SORT_COLUMNS: Record<FileSortField, AnyColumn> = {
  id: files.id,
  filename: files.filename,
  description: files.description,
  contentType: files.contentType,
  size: files.size,
  createdAt: files.createdAt,
};

export interface FileListOptions {
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** A machine's files of one type; `q` searches the name and the description. */
function deviceFilesWhere(deviceId: number, type: string, q?: string) {
  return and(
    eq(files.deviceId, deviceId),
    eq(files.type, type),
    containsAny([files.filename, files.description], q),
  );
}

/** Newest first unless another order is asked for (an unknown sort field is a 400). */
export async function listFilesByDeviceAndType(
  db: DbOrTx,
  deviceId: number,
  type: string,
  options: FileListOptions = {},
): Promise<FileRow[]> {
  const query = db
    .select()
    .from(files)
    .where(deviceFilesWhere(deviceId, type, options.q))
    .orderBy(
      ...orderByField(options.sort, fileSortFields, SORT_COLUMNS, files.id, {
        field: 'createdAt',
        direction: 'desc',
      }),
    );
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

export async function countFilesByDeviceAndType(
  db: DbOrTx,
  deviceId: number,
  type: string,
  q?: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(files)
    .where(deviceFilesWhere(deviceId, type, q));
  return Number(row.n);
}

export async function findFileById(db: DbOrTx, id: number): Promise<FileRow | undefined> {
  const rows = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return rows[0];
}

/** The file a download asks for: by its `filename` (download name), else by an older client's stored name. */
export async function findFileForDownload(db: DbOrTx, name: string): Promise<FileRow | undefined> {
  const [byName] = await db.select().from(files).where(eq(files.downloadName, name)).limit(1);
  if (byName) return byName;
  const [byStorageName] = await db.select().from(files).where(eq(files.storageName, name)).limit(1);
  return byStorageName;
}

export async function insertFile(db: DbOrTx, values: NewFileRow): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  return row;
}

export async function updateFileDescription(db: DbOrTx, id: number, description: string): Promise<FileRow> {
  const [row] = await db.update(files).set({ description }).where(eq(files.id, id)).returning();
  return row;
}

export async function deleteFileRow(db: DbOrTx, id: number) {
  await db.delete(files).where(eq(files.id, id));
}

export async function storageNamesOf(db: DbOrTx, owner: FileOwner): Promise<string[]> {
  const rows = await db.select({ name: files.storageName }).from(files).where(ownerCondition(owner));
  return rows.map((r) => r.name);
}

/** Of the given storage names, those that a file row still uses. */
export async function existingStorageNames(db: DbOrTx, names: string[]): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db
    .select({ name: files.storageName })
    .from(files)
    .where(inArray(files.storageName, names));
  // The public map image lives in the same storage, named by public_files.
  const publicRows = await db
    .select({ name: publicFiles.storageName })
    .from(publicFiles)
    .where(inArray(publicFiles.storageName, names));
  // And the tutorials uploaded through the app.
  const tutorialRows = await db
    .select({ name: tutorialFiles.storageName })
    .from(tutorialFiles)
    .where(inArray(tutorialFiles.storageName, names));
  return new Set([...rows, ...publicRows, ...tutorialRows].map((r) => r.name));
}

export async function deviceExists(db: DbOrTx, deviceId: number): Promise<boolean> {
  const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, deviceId)).limit(1);
  return rows.length > 0;
}

/**
 * Whether the file is a PDF signed in the app (the first signing's, or any correction's since) of an
 * event that is still signed: its document, kept as long as the event is.
 */
export async function isSignedProtocolDocument(db: DbOrTx, fileId: number): Promise<boolean> {
  const rows = await db
    .select({ id: files.id })
    .from(files)
    .innerJoin(services, eq(services.id, files.serviceId))
    .where(and(eq(files.id, fileId), eq(services.state, 'PODPISANY'), eq(files.signedProtocol, true)))
    .limit(1);
  return rows.length > 0;
}

/** The state of the service event a file belongs to, for the same lock as adding files to it. */
export async function serviceStateOf(db: DbOrTx, serviceId: number) {
  const [row] = await db.select({ state: services.state }).from(services).where(eq(services.id, serviceId));
  return row?.state;
}
