import { clusterEngine, type ClusterAnswer, type ClusterRequest } from './cluster-core';

/*
 * The map's clustering off the main thread: building the index of 30,000 machines is a second of
 * work on a tablet, during which the page would not answer a tap. Created by cluster-index.ts.
 */

// The app's TypeScript knows the window, not a worker's scope: only these two members are used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ClusterRequest>) => void) | null;
  postMessage(answer: ClusterAnswer): void;
};

const answer = clusterEngine();
scope.onmessage = (event) => scope.postMessage(answer(event.data));
