import type { MapPoint } from '@serwis/domain';
import type { ClusterAnswer, ClusterEntry, ClusterRequest } from './cluster-core';

/*
 * The machine map's clusters, asked of a Web Worker (cluster-index.worker.ts) so that building the
 * index of 30,000 machines (over a second on a tablet) does not freeze the page. The worker gets
 * only the positions, as one transferred Float64Array, and answers with indices into that array,
 * which are turned back into the machines here. Without a Worker (jsdom), or when the worker cannot
 * start, the same engine (cluster-core.ts) runs in this thread behind the same interface.
 */

/** A group, or a single machine, to draw. */
export type MapEntry =
  | Extract<ClusterEntry, { kind: 'cluster' }>
  | (Extract<ClusterEntry, { kind: 'point' }> & { point: MapPoint });

/** [west, south, east, north] in degrees. */
export type BBox = [number, number, number, number];

/**
 * Each answer is `null` when it is out of date: about an older `load` (another filter), or for
 * `clusters`, a view that a later call replaced.
 */
export interface ClusterIndex {
  /** Indexes the machines; `false` once another load has replaced them. */
  load(points: MapPoint[]): Promise<boolean>;
  clusters(bbox: BBox, zoom: number): Promise<MapEntry[] | null>;
  /** The zoom at which the group parts. */
  expansionZoom(clusterId: number): Promise<number | null>;
  /** Every machine of the group. */
  leaves(clusterId: number): Promise<MapPoint[] | null>;
  terminate(): void;
}

/** Where the questions go: the worker, or the engine in this thread. Answers come in order. */
interface Channel {
  send(request: ClusterRequest, transfer: Transferable[]): void;
  close(): void;
}

/** The positions as [lon, lat, lon, lat…]: 16 bytes a machine, moved to the worker without a copy. */
function coordinatesOf(points: MapPoint[]): Float64Array {
  const coordinates = new Float64Array(points.length * 2);
  points.forEach((point, i) => {
    coordinates[2 * i] = point.longitude;
    coordinates[2 * i + 1] = point.latitude;
  });
  return coordinates;
}

function workerChannel(onAnswer: (answer: ClusterAnswer) => void, onFailure: () => void): Channel | null {
  if (typeof Worker === 'undefined') return null;
  let worker: Worker;
  try {
    worker = new Worker(new URL('./cluster-index.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.onmessage = (event: MessageEvent<ClusterAnswer>) => onAnswer(event.data);
  // The script did not load or run (network, a policy): the work moves to this thread.
  worker.onerror = (event) => {
    event.preventDefault();
    onFailure();
  };
  return {
    send: (request, transfer) => worker.postMessage(request, transfer),
    close: () => worker.terminate(),
  };
}

function localChannel(onAnswer: (answer: ClusterAnswer) => void): Channel {
  // Imported only here: where the worker runs, the map's chunk goes without supercluster.
  const engine = import('./cluster-core').then((core) => core.clusterEngine());
  let closed = false;
  return {
    // Asynchronous as the worker is, so that callers behave the same in tests.
    send: (request) =>
      void engine.then((answer) => {
        if (!closed) onAnswer(answer(request));
      }),
    close: () => {
      closed = true;
    },
  };
}

type Pending = {
  request: ClusterRequest;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
};

export function createClusterIndex(maxZoom: number): ClusterIndex {
  let seq = 0;
  let generation = 0;
  let latestView = 0;
  let points: MapPoint[] = [];
  const pending = new Map<number, Pending>();

  const onAnswer = (answer: ClusterAnswer) => {
    const waiting = pending.get(answer.seq);
    if (!waiting) return;
    pending.delete(answer.seq);
    if (answer.ok) waiting.resolve(answer.result);
    else waiting.reject(new Error(answer.error));
  };
  const loadRequest = (coordinates: Float64Array, of = generation): ClusterRequest => ({
    type: 'load',
    seq: ++seq,
    generation: of,
    coordinates,
    maxZoom,
  });
  const fallBack = () => {
    channel.close();
    channel = localChannel(onAnswer);
    // The worker's index is lost with it: the current machines are indexed here, then the waiting
    // questions asked again in their order (a buffer once transferred is gone: made anew).
    const waiting = [...pending.values()].map((p) => p.request);
    if (!waiting.some((r) => r.type === 'load' && r.generation === generation)) {
      channel.send(loadRequest(coordinatesOf(points)), []);
    }
    for (const request of waiting) {
      if (request.type !== 'load') channel.send(request, []);
      else if (request.generation === generation)
        channel.send({ ...request, coordinates: coordinatesOf(points) }, []);
      // A load that another has replaced: its caller learns only that.
      else onAnswer({ seq: request.seq, ok: true, result: 0 });
    }
  };
  let channel: Channel = workerChannel(onAnswer, fallBack) ?? localChannel(onAnswer);

  const ask = <T>(request: ClusterRequest, transfer: Transferable[] = []) =>
    new Promise<T>((resolve, reject) => {
      pending.set(request.seq, { request, resolve: resolve as (result: unknown) => void, reject });
      channel.send(request, transfer);
    });
  /** The answer if no load has come since the question; a failure about an old index is no error. */
  const unlessReloaded = async <T>(of: number, answer: Promise<T>): Promise<T | null> => {
    try {
      const result = await answer;
      return of === generation ? result : null;
    } catch (error) {
      if (of === generation) throw error;
      return null;
    }
  };

  return {
    async load(next) {
      const of = ++generation;
      points = next;
      const coordinates = coordinatesOf(next);
      return (await unlessReloaded(of, ask(loadRequest(coordinates, of), [coordinates.buffer]))) !== null;
    },
    async clusters(bbox, zoom) {
      const of = generation;
      const request: ClusterRequest = { type: 'clusters', seq: ++seq, bbox, zoom };
      latestView = request.seq;
      const entries = await unlessReloaded(of, ask<ClusterEntry[]>(request));
      if (!entries || request.seq !== latestView) return null;
      return entries.map((entry) =>
        entry.kind === 'cluster' ? entry : { ...entry, point: points[entry.index] },
      );
    },
    expansionZoom(clusterId) {
      return unlessReloaded(generation, ask<number>({ type: 'expansionZoom', seq: ++seq, clusterId }));
    },
    async leaves(clusterId) {
      const of = generation;
      const indices = await unlessReloaded(of, ask<number[]>({ type: 'leaves', seq: ++seq, clusterId }));
      return indices && indices.map((i) => points[i]);
    },
    terminate() {
      // Whoever still waits is gone with the map: their promises are left unsettled.
      pending.clear();
      channel.close();
    },
  };
}
