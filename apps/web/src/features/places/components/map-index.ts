import { MSG } from '@serwis/domain';
import { ApiError } from '../../../lib/api-client';
import type { BBox } from './cluster-core';
import {
  NOT_A_MACHINE_LIST,
  type MachineDots,
  type MapAnswer,
  type MapEntry,
  type MapFilter,
  type MapMarker,
  type MapRequest,
} from './map-protocol';

/*
 * The machine map's machines, asked of a Web Worker (map-index.worker.ts running map-engine.ts) so
 * that reading and decoding the 6.6 MB answer of 30,000 machines, filtering them and grouping them
 * (seconds on a tablet) never freezes the page, and the page never holds them. The worker gets the
 * answer's body unread (a Blob: posting it passes a handle, no bytes are copied, and the query
 * cache's stays usable) and answers only what is drawn. Without a Worker (jsdom), or when the
 * worker cannot start, the same engine runs in this thread behind the same interface.
 */

/**
 * Each answer is `null` when it is out of date: about an older `show` (another body or another
 * filter), or for `clusters`, a view that a later call replaced.
 */
export interface MapIndex {
  /**
   * Shows the machines of `body` (the answer of with-gps-location-data, read and decoded once per
   * new Blob) that `filter` lets through; answers how many. Fails with the API's Polish error when
   * the body is not a list of machines.
   */
  show(body: Blob, filter: MapFilter): Promise<number | null>;
  clusters(bbox: BBox, zoom: number): Promise<MapEntry[] | null>;
  /** The zoom at which the group parts. */
  expansionZoom(clusterId: number): Promise<number | null>;
  /** Every machine of the group. */
  leaves(clusterId: number): Promise<MapMarker[] | null>;
  /** Every machine shown last, whatever the filter: positions and colours (the website's image). */
  everyMachine(): Promise<MachineDots>;
  /**
   * Stops the worker; whoever still waits is left unanswered. The next `show` starts a new one
   * (React's strict mode stops and restarts a screen's effects).
   */
  terminate(): void;
}

/** Where the questions go: the worker, or the engine in this thread. Answers come in order. */
interface Channel {
  send(request: MapRequest): void;
  close(): void;
}

function workerChannel(onAnswer: (answer: MapAnswer) => void, onFailure: () => void): Channel | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./map-index.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<MapAnswer>) => onAnswer(event.data);
  // The script did not load or run (network, a policy): the work moves to this thread.
  worker.onerror = (event) => {
    event.preventDefault();
    onFailure();
  };
  return {
    send: (request) => worker.postMessage(request),
    close: () => worker.terminate(),
  };
}

function localChannel(onAnswer: (answer: MapAnswer) => void): Channel {
  // Imported only here: where the worker runs, the map's chunk goes without the engine.
  const engine = import('./map-engine').then((module) => module.mapEngine());
  let closed = false;
  return {
    // Asynchronous as the worker is, so that callers behave the same in tests.
    send: (request) =>
      void engine
        .then((answerTo) => answerTo(request))
        .then(({ answer }) => {
          if (!closed) onAnswer(answer);
        }),
    close: () => {
      closed = true;
    },
  };
}

/** A failed answer as the page shows it: a body that is no list of machines as the API's error. */
const failureOf = (error: string) =>
  error === NOT_A_MACHINE_LIST
    ? new ApiError(200, MSG.connectionError, NOT_A_MACHINE_LIST)
    : new Error(error);

type Pending = {
  request: MapRequest;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
};

export function createMapIndex(maxZoom: number): MapIndex {
  let seq = 0;
  let generation = 0;
  let latestView = 0;
  const pending = new Map<number, Pending>();
  /** The body last sent and its decoding's answer (which every later `show` waits for). */
  let loaded: { body: Blob; answer: Promise<unknown> } | null = null;
  /** What the engine holds: the last load and filter it answered, to rebuild it elsewhere. */
  let held: Partial<Record<'load' | 'filter', MapRequest>> = {};
  let channel: Channel | null = null;

  const onAnswer = (answer: MapAnswer) => {
    const waiting = pending.get(answer.seq);
    if (!waiting) return;
    pending.delete(answer.seq);
    const { request } = waiting;
    if (request.type === 'load' || request.type === 'filter') held[request.type] = request;
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(failureOf(answer.error));
  };
  const fallBack = () => {
    channel?.close();
    channel = localChannel(onAnswer);
    // The worker's machines are lost with it: what it held is rebuilt here (seq 0: nobody waits
    // for those answers), then the waiting questions are asked again in their order.
    if (held.load) channel.send({ ...held.load, seq: 0 });
    if (held.filter) channel.send({ ...held.filter, seq: 0 });
    for (const { request } of pending.values()) channel.send(request);
  };
  const open = (): Channel => {
    const worker: Channel | null = workerChannel(onAnswer, () => {
      if (channel === worker) fallBack();
    });
    return worker ?? localChannel(onAnswer);
  };

  const ask = <T>(request: MapRequest) =>
    new Promise<T>((resolve, reject) => {
      pending.set(request.seq, { request, resolve: resolve as (result: unknown) => void, reject });
      (channel ??= open()).send(request);
    });
  /** The answer if no `show` has come since the question; a failure about an old one is no error. */
  const unlessReplaced = async <T>(of: number, answer: Promise<T>): Promise<T | null> => {
    try {
      const result = await answer;
      return of === generation ? result : null;
    } catch (error) {
      if (of === generation) throw error;
      return null;
    }
  };
  const load = (body: Blob) => {
    if (loaded?.body === body) return loaded.answer;
    const answer = ask<number>({ type: 'load', seq: ++seq, body });
    // Its failure reaches the callers that wait for it; nobody may be left to wait.
    answer.catch(() => undefined);
    loaded = { body, answer };
    return answer;
  };

  return {
    show(body, filter) {
      const of = ++generation;
      const decoded = load(body);
      const counted = ask<number>({ type: 'filter', seq: ++seq, filter, maxZoom });
      return unlessReplaced(
        of,
        Promise.all([decoded, counted]).then(([, count]) => count),
      );
    },
    async clusters(bbox, zoom) {
      const of = generation;
      const request: MapRequest = { type: 'clusters', seq: ++seq, bbox, zoom };
      latestView = request.seq;
      const entries = await unlessReplaced(of, ask<MapEntry[]>(request));
      return entries && request.seq === latestView ? entries : null;
    },
    expansionZoom(clusterId) {
      return unlessReplaced(generation, ask<number>({ type: 'expansionZoom', seq: ++seq, clusterId }));
    },
    leaves(clusterId) {
      return unlessReplaced(generation, ask<MapMarker[]>({ type: 'leaves', seq: ++seq, clusterId }));
    },
    async everyMachine() {
      const dots = ask<MachineDots>({ type: 'everyMachine', seq: ++seq });
      // A body that was no list of machines fails the image as it failed the map.
      const [, answer] = await Promise.all([loaded?.answer, dots]);
      return answer;
    },
    terminate() {
      pending.clear();
      channel?.close();
      channel = null;
      loaded = null;
      held = {};
      generation++;
    },
  };
}
