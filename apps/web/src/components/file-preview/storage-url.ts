/** Where the server streams a stored file (machine files, nameplates, service attachments). */
export function storageFileUrl(fileName: string) {
  return `/api/storage/downloadFile?fileName=${encodeURIComponent(fileName)}`;
}
