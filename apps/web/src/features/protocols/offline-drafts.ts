import { del, get, set } from 'idb-keyval';
import type { Protocol, ProtocolData } from '@serwis/domain';

/**
 * The browser's copy of a protocol draft (IndexedDB, through idb-keyval): written on every change,
 * so a reload, a sleeping tablet or a lost network loses nothing; removed once the server has it.
 */
export interface LocalDraft {
  data: ProtocolData;
  /** Date.now() of the last change on this device. */
  changedAt: number;
  /**
   * The server's `updatedAt` of the version these changes were made on (null: never saved there).
   * The same on the server when the screen opens again: nothing was saved there since, and the
   * draft is newer, whatever this device's clock says. Missing in drafts kept before 2026-12-05.
   */
  base?: string | null;
  /**
   * The form of that version: a draft made on a version the server no longer has (another device
   * saved since, while this one was offline or closed) is merged with what was saved since rather
   * than sent over it (merge-drafts.ts). Missing in drafts kept before 2026-12-06.
   */
  baseData?: ProtocolData;
  /**
   * Who typed it (the employee signed in on this device then): on a shared tablet, the next
   * employee is shown it and decides, and nothing of it is saved under their name unasked. Missing
   * in drafts kept before 2026-12-07 (taken as the reader's own, as before).
   */
  author?: DraftAuthor;
}

export interface DraftAuthor {
  id: number;
  name: string;
}

const key = (serviceId: number) => `serwis:protocol-draft:${serviceId}`;
/** Beside the draft: the server's last answer, from which the screen builds itself offline. */
const snapshotKey = (serviceId: number) => `serwis:protocol-snapshot:${serviceId}`;

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

/**
 * The server's answer for a protocol being written (header, checklists with units, the event's
 * data): kept while the protocol can still change, so the screen opens without the network (issue 8,
 * the service worker serves the app). A signed protocol needs no offline copy: it goes.
 */
export const writeSnapshot = (serviceId: number, protocol: Protocol) =>
  safely(
    () =>
      protocol.editable && !protocol.signed
        ? set(snapshotKey(serviceId), protocol)
        : del(snapshotKey(serviceId)),
    undefined,
  );

export const readSnapshot = (serviceId: number) =>
  safely(() => get<Protocol>(snapshotKey(serviceId)), undefined);

export const removeSnapshot = (serviceId: number) => safely(() => del(snapshotKey(serviceId)), undefined);
