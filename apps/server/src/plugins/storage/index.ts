import path from 'node:path';
import type { Config } from '../../config.js';
import { LocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

export type { ByteRange, Storage, StorageEntry, StoredObject } from './storage.js';
export { InvalidStorageNameError } from './storage.js';
export { LocalStorage } from './local-storage.js';
export { isStorageName } from './storage-names.js';

/** The storage the configuration asks for; the S3 driver is planned (see docs/decisions.md). */
export function createStorage(config: Config): Storage {
  if (config.STORAGE_DRIVER === 's3') {
    throw new Error(
      'STORAGE_DRIVER=s3 nie jest jeszcze obsługiwany: ustaw STORAGE_DRIVER=local (pliki w DATA_DIR/files).',
    );
  }
  return new LocalStorage(path.join(config.dataDir, 'files'));
}
