import crypto from 'node:crypto';
import { STORAGE_NAME_PATTERN } from '@serwis/domain';
import { InvalidStorageNameError } from './storage.js';

const SAFE_EXTENSION = /^\.[a-z0-9]{1,10}$/;

/** A fresh name: a random UUID plus the extension when it is short and plain ASCII. */
export function generateStorageName(extension?: string): string {
  const ext = (extension ?? '').toLowerCase();
  return `${crypto.randomUUID()}${SAFE_EXTENSION.test(ext) ? ext : ''}`;
}

export function isStorageName(name: string): boolean {
  return typeof name === 'string' && STORAGE_NAME_PATTERN.test(name);
}

export function assertStorageName(name: string): string {
  if (!isStorageName(name)) throw new InvalidStorageNameError(name);
  return name;
}
