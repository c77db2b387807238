import type { StoredFile } from '@serwis/domain';
import type { FileRow } from './files.repository.js';

export function toStoredFile(row: FileRow): StoredFile {
  return {
    id: row.id,
    filename: row.downloadName,
    originalName: row.filename,
    description: row.description,
    type: row.type,
    device: row.deviceId === null ? null : { id: row.deviceId },
    service: row.serviceId === null ? null : { id: row.serviceId },
    contentType: row.contentType,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}
