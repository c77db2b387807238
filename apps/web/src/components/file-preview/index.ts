export { FilePreview, downloadFromUrl, useFilePreview, type PreviewableFile } from './file-preview';
export { storageFileUrl } from './storage-url';
export { formatFileSize } from './file-size';
