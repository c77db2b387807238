import { del, get, set } from 'idb-keyval';
import type { ProtocolData } from '@serwis/domain';

/**
 * The browser's copy of a protocol draft (IndexedDB, through idb-keyval): written on every change,
 * so a reload, a sleeping tablet or a lost network loses nothing; removed once the server has it.
 */
export interface LocalDraft {
  data: ProtocolData;
  /** Date.now() of the last change on this device. */
  changedAt: number;
}

const key = (serviceId: number) => `serwis:protocol-draft:${serviceId}`;

/** IndexedDB can be missing (private mode, old browsers): the draft then lives on the server only. */
async function safely<T>(work: () => Promise<T>, fallback: T): Promise<T> {
  try {
    return await work();
  } catch {
    return fallback;
  }
}

export const readLocalDraft = (serviceId: number) => safely(() => get<LocalDraft>(key(serviceId)), undefined);

export const writeLocalDraft = (serviceId: number, draft: LocalDraft) =>
  safely(() => set(key(serviceId), draft), undefined);

export const removeLocalDraft = (serviceId: number) => safely(() => del(key(serviceId)), undefined);
