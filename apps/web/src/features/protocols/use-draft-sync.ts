import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ProtocolChecklist, ProtocolData } from '@serwis/domain';
import { ApiError } from '../../lib/api-client';
import { useSessionEnded } from '../../lib/session-ended';
import { fetchProtocol, protocolKey, saveProtocolDraft, type LoadedProtocol } from './api/protocols';
import { answersLeftOut, mergeDrafts, same } from './merge-drafts';
import {
  type DraftAuthor,
  type LocalDraft,
  readLocalDraft,
  removeLocalDraft,
  removeSnapshot,
  writeLocalDraft,
  writeSnapshot,
} from './offline-drafts';

export type SyncState = 'new' | 'saved' | 'pending' | 'saving' | 'offline' | 'refused';

/** A draft goes to the server this long after the last change… */
export const AUTOSAVE_MS = 1500;
/** …but no later than this after the first change not yet sent: steady typing does not hold it back. */
export const AUTOSAVE_MAX_WAIT_MS = 10_000;

/** Another machine, operation or order than on the screen: the rows' keys and names in turn. */
const rowsOf = (lists: ProtocolChecklist[]) =>
  lists.flatMap((l) => l.items.map((item) => `${l.deviceId}|${item.key}|${item.name}`)).join('\n');
const checklistsDiffer = (shown: ProtocolChecklist[], stored: ProtocolChecklist[]) =>
  rowsOf(shown) !== rowsOf(stored);
const RETRY_MS = 15_000;
/** How many times in a row a save merges another screen's changes and tries again. */
const MERGES = 3;

/**
 * The protocol being edited, kept in three places: React state, IndexedDB (every change, at once)
 * and the server (a debounced draft save, and again whenever the network comes back). A local
 * draft newer than the server's wins when the screen opens: it holds what was typed offline. `me`:
 * the employee signed in, in whose name this device keeps the draft.
 */
export function useDraftSync(protocol: LoadedProtocol, me?: DraftAuthor) {
  const serviceId = protocol.header.serviceId;
  const signed = protocol.signed;
  const client = useQueryClient();
  const [data, setDataState] = useState<ProtocolData>(protocol.data);
  // Opened from the copy on the device: the server has not been reached.
  // Nothing of it on the server yet: the screen shows the lists as they are now.
  const untouched: SyncState = protocol.saved || protocol.signed ? 'saved' : 'new';
  const [state, setState] = useState<SyncState>(protocol.fromDevice ? 'offline' : untouched);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The list shown was replaced by the protocol's own (see save).
  const [listReplaced, setListReplaced] = useState(false);
  // What was typed for operations the protocol's own list does not have (named in the notice).
  const [leftOut, setLeftOut] = useState<string[]>([]);
  const [restored, setRestored] = useState(false);
  // This device's version of a protocol the server no longer takes (see below).
  const [unaccepted, setUnaccepted] = useState(false);
  // Another employee's draft left on this device (a shared tablet): shown in a notice, taken only
  // when this employee asks (see below); until then this screen keeps no copy of its own over it.
  const [othersDraft, setOthersDraft] = useState<LocalDraft | null>(null);
  const othersDraftWaits = useRef(false);
  // Whose the version shown as unaccepted is, when it is not this employee's.
  const [unacceptedAuthor, setUnacceptedAuthor] = useState<string | null>(null);
  const author = useRef(me);
  // Kept current for the callbacks that write the draft (read at once on the first render).
  useEffect(() => {
    author.current = me;
  }, [me]);
  const [ready, setReady] = useState(!protocol.editable);
  const dataRef = useRef(data);
  const version = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // When the oldest change not yet sent was made (null: none waits).
  const firstUnsentAt = useRef<number | null>(null);
  // The server's version the changes on screen were made on (a local draft's `base`), and its data.
  const serverVersion = useRef(protocol.updatedAt);
  const serverData = useRef(protocol.data);
  // Another screen's changes were merged into this one's (see save).
  const [merged, setMerged] = useState(false);

  /** This device's copy of the screen's draft, in the name of the employee signed in. */
  const keepOnDevice = useCallback(
    async (draft: Omit<LocalDraft, 'author'>) => {
      if (othersDraftWaits.current) return;
      await writeLocalDraft(serviceId, { ...draft, author: author.current });
    },
    [serviceId],
  );

  const inFlight = useRef<Promise<void>>(Promise.resolve());
  // The last save was refused for want of a session (401): sent again once the employee is back.
  const refusedForSession = useRef(false);
  const sessionEnded = useSessionEnded();

  /**
   * Another window or device saved since this screen's version (409 CHANGED_MEANWHILE): its changes
   * are taken in, this screen's kept over them (merge-drafts.ts), and the result is sent again.
   */
  const takeInOtherChanges = useCallback(
    async ({ quiet = false }: { quiet?: boolean } = {}) => {
      const theirs = await fetchProtocol(serviceId);
      const next = mergeDrafts(serverData.current, dataRef.current, theirs.data);
      // Nothing of theirs changes the screen (the version saved meanwhile was this screen's own save,
      // whose answer the network lost): no one else to name.
      const takenIn = !same(next, dataRef.current);
      serverData.current = theirs.data;
      serverVersion.current = theirs.updatedAt;
      dataRef.current = next;
      version.current += 1;
      setDataState(next);
      // A refused signing says it in its own words.
      if (!quiet && takenIn) setMerged(true);
      await keepOnDevice({
        data: next,
        changedAt: Date.now(),
        base: theirs.updatedAt,
        baseData: theirs.data,
      });
    },
    [keepOnDevice, serviceId],
  );

  /** One draft save; `sent` is the version of the form it sends. */
  const saveOnce = useCallback(
    async (sent: number) => {
      // A draft names the version it was made on; an administrator's correction of a signed one does not.
      const saved = await saveProtocolDraft(
        serviceId,
        dataRef.current,
        !signed,
        signed ? undefined : serverVersion.current,
      );
      serverVersion.current = saved.updatedAt;
      serverData.current = saved.data;
      // A correction made a new PDF: the screen's notices follow it (whom it names), its form stays.
      if (signed) {
        client.setQueryData<LoadedProtocol>(
          protocolKey(serviceId),
          (old) => old && { ...old, signedForOthers: saved.signedForOthers, fileId: saved.fileId },
        );
      }
      // The copy the screen opens from offline follows the server.
      await writeSnapshot(serviceId, saved);
      // The protocol's own list differs from the one shown (an administrator changed it after the
      // screen opened): the screen takes the protocol's, with the answers the server matched by name.
      const differs = checklistsDiffer(dataRef.current.checklists, saved.data.checklists);
      if (differs && version.current === sent) {
        const lost = answersLeftOut(dataRef.current.checklists, saved.data.checklists);
        if (lost.length) setLeftOut((before) => [...before, ...lost]);
        dataRef.current = { ...dataRef.current, checklists: saved.data.checklists };
        setDataState(dataRef.current);
        setListReplaced(true);
      }
      if (version.current === sent) {
        if (!othersDraftWaits.current) await removeLocalDraft(serviceId);
        setState('saved');
      } else {
        // Changed while it was saving: the draft on the device now builds on the version just saved.
        await keepOnDevice({
          data: dataRef.current,
          changedAt: Date.now(),
          base: serverVersion.current,
          baseData: serverData.current,
        });
        setState('pending');
      }
      setRefusal(null);
    },
    [client, keepOnDevice, serviceId, signed],
  );

  const save = useCallback(async () => {
    clearTimeout(timer.current);
    if (!protocol.editable) return;
    firstUnsentAt.current = null;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setState('offline');
      return;
    }
    setState('saving');
    for (let merges = 0; ; merges += 1) {
      let failure: unknown;
      try {
        await saveOnce(version.current);
        return;
      } catch (error) {
        failure = error;
      }
      if (failure instanceof ApiError && failure.code === 'CHANGED_MEANWHILE' && merges < MERGES) {
        try {
          await takeInOtherChanges();
          continue;
        } catch (error) {
          failure = error;
        }
      }
      if (failure instanceof ApiError && failure.status >= 400 && failure.status < 500) {
        refusedForSession.current = failure.status === 401;
        setRefusal(failure.message);
        setState('refused');
      } else setState('offline');
      return;
    }
  }, [protocol.editable, saveOnce, takeInOtherChanges]);

  const flush = useCallback(() => {
    inFlight.current = inFlight.current.then(save);
    return inFlight.current;
  }, [save]);

  /**
   * A draft of this device taken up: made on the version the server still has; or made on an older
   * one whose form it keeps (`baseData`: another device saved since), sent as made on that one, so
   * that its save merges the two; or (a draft kept before `baseData`) changed later than the server's
   * version by the clocks. Otherwise the server's version stands.
   */
  const takeUp = useCallback(
    (local: LocalDraft) => {
      const onServer = serverVersion.current;
      const serverTime = onServer ? Date.parse(onServer) : 0;
      const mergeable = Boolean(local.baseData) && local.base !== onServer;
      if (!(local.base === onServer || mergeable || local.changedAt > serverTime)) return;
      if (mergeable) {
        serverVersion.current = local.base ?? null;
        serverData.current = local.baseData!;
      }
      dataRef.current = local.data;
      setDataState(local.data);
      setRestored(true);
      version.current += 1;
      setState('pending');
      void flush();
    },
    [flush],
  );

  // A draft left on this device (offline, reload, sleep) is taken and sent (takeUp). On a protocol
  // signed or rejected meanwhile it is shown, not sent, and kept: a draft stays on the device only
  // while the server has not taken it, so what was typed after the event closed is not lost without
  // a word (an administrator's screen of a signed protocol keeps no draft: it saves on request only).
  // Another employee's draft (a shared tablet) is never sent in this one's name unasked: named in a
  // notice, shown where this employee cannot save anyway.
  useEffect(() => {
    let cancelled = false;
    void readLocalDraft(serviceId).then((local) => {
      if (cancelled) return;
      const others = local?.author && author.current && local.author.id !== author.current.id;
      if (!protocol.editable || protocol.signed) {
        if (local) {
          dataRef.current = local.data;
          setDataState(local.data);
          setUnaccepted(true);
          if (others) setUnacceptedAuthor(local.author!.name);
        }
      } else if (local && others) {
        othersDraftWaits.current = true;
        setOthersDraft(local);
      } else if (local) takeUp(local);
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per opened protocol
  }, [serviceId]);

  /** Another employee's draft on this device, dropped. */
  const discardOthersDraft = useCallback(async () => {
    othersDraftWaits.current = false;
    setOthersDraft(null);
    await removeLocalDraft(serviceId);
  }, [serviceId]);

  useEffect(() => {
    const online = () => {
      if (version.current > 0) {
        if (state !== 'saved') void flush();
      } else if (state === 'offline' && navigator.onLine !== false) {
        // Opened offline and nothing changed since: nothing waits to be sent.
        setState(untouched);
      }
    };
    window.addEventListener('online', online);
    // The browser does not always notice a network that comes back (or a server that restarts).
    const retry = state === 'offline' ? setInterval(online, RETRY_MS) : undefined;
    return () => {
      window.removeEventListener('online', online);
      clearInterval(retry);
    };
  }, [flush, state, untouched]);

  // Logged in again in the "Sesja wygasła" dialog: the draft the server refused meanwhile goes now,
  // as it would have gone after the next change (it stayed on the device, nothing else was lost).
  // Only on the turn from "ended" to "back": a 401 without the dialog is not sent again and again.
  const wasEnded = useRef(sessionEnded);
  useEffect(() => {
    const back = wasEnded.current && !sessionEnded;
    wasEnded.current = sessionEnded;
    if (!back || state !== 'refused' || !refusedForSession.current) return;
    refusedForSession.current = false;
    void flush();
  }, [flush, sessionEnded, state]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const setData = useCallback(
    (update: (current: ProtocolData) => ProtocolData) => {
      const next = update(dataRef.current);
      dataRef.current = next;
      version.current += 1;
      setDataState(next);
      setState((s) => (s === 'offline' ? 'offline' : 'pending'));
      clearTimeout(timer.current);
      // A signed protocol (only admins may change it) is saved on request only: each save renders
      // and stores a new PDF.
      if (signed) return;
      const now = Date.now();
      void keepOnDevice({
        data: next,
        changedAt: now,
        base: serverVersion.current,
        baseData: serverData.current,
      });
      firstUnsentAt.current ??= now;
      const wait = Math.min(AUTOSAVE_MS, firstUnsentAt.current + AUTOSAVE_MAX_WAIT_MS - now);
      timer.current = setTimeout(() => void flush(), Math.max(0, wait));
    },
    [flush, keepOnDevice, signed],
  );

  /**
   * Another employee's draft on this device, taken up as this employee's own and saved so: its
   * changes laid over the form as it is, this employee's own typing kept where it did not change
   * the same field. Not on a signed protocol (its screen saves a correction on request only).
   */
  const takeOthersDraft = useCallback(() => {
    if (!othersDraft || signed) return;
    othersDraftWaits.current = false;
    setOthersDraft(null);
    const base = othersDraft.baseData ?? protocol.data;
    setData((current) => mergeDrafts(base, othersDraft.data, current));
    void flush();
  }, [flush, othersDraft, protocol.data, setData, signed]);

  /** Before signing: no draft save may race the sign call. */
  const pause = useCallback(() => {
    clearTimeout(timer.current);
    return inFlight.current;
  }, []);

  /** The user drops this device's version the server did not take: the server's is shown again. */
  const discardUnaccepted = useCallback(async () => {
    await removeLocalDraft(serviceId);
    dataRef.current = protocol.data;
    setDataState(protocol.data);
    setUnaccepted(false);
    setUnacceptedAuthor(null);
  }, [protocol.data, serviceId]);

  /** After signing: the server holds the final version; the local copy goes. */
  const forget = useCallback(async () => {
    clearTimeout(timer.current);
    // Another employee's draft left waiting stays (shown as theirs when the protocol opens again).
    if (!othersDraftWaits.current) await removeLocalDraft(serviceId);
    await removeSnapshot(serviceId);
    setState('saved');
  }, [serviceId]);

  return {
    data,
    setData,
    state,
    refusal,
    listReplaced,
    leftOut,
    merged,
    restored,
    unaccepted,
    unacceptedAuthor,
    discardUnaccepted,
    /** The name of the employee whose draft waits on this device, or null (and once signed here). */
    othersDraftAuthor: signed ? null : (othersDraft?.author?.name ?? null),
    takeOthersDraft,
    discardOthersDraft,
    ready,
    flush,
    forget,
    pause,
    dataRef,
    /** The server's version the form on screen was made on (what a signing names as its base). */
    serverVersion,
    takeInOtherChanges,
  };
}
