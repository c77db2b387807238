export { FilePreview, downloadFromUrl, useFilePreview, type PreviewableFile } from './file-preview';
export { storageFileUrl, storageThumbnailUrl } from './storage-url';
export { formatFileSize } from './file-size';
