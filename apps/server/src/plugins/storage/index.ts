import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage, type S3StorageOptions } from './s3-storage.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StorageEntry, StoredObject } from './storage.js';
export { InvalidStorageNameError } from './storage.js';
export { LocalStorage } from './local-storage.js';
export { S3Storage, type S3StorageOptions } from './s3-storage.js';
export { isStorageName } from './storage-names.js';

/** The storage the configuration asks for: DATA_DIR/files, or an S3 bucket. */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') return new S3Storage(s3Options(config));
  return new LocalStorage(path.join(config.dataDir, 'files'));
}

export function s3Options(config: Config): S3StorageOptions {
  return {
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
