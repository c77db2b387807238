import { THUMBNAIL_WIDTH } from '@serwis/domain';

/** Where the server streams a stored file (machine files, nameplates, service attachments). */
export function storageFileUrl(fileName: string) {
  return `/api/storage/downloadFile?fileName=${encodeURIComponent(fileName)}`;
}

/** A picture's small copy (THUMBNAIL_WIDTH px), for a card: the original opens in the preview. */
export function storageThumbnailUrl(fileName: string) {
  return `${storageFileUrl(fileName)}&width=${THUMBNAIL_WIDTH}`;
}
