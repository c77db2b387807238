import { mapEngine } from './map-engine';
import type { MapAnswer, MapRequest } from './map-protocol';

/*
 * The machine map's machines off the page's thread: reading and decoding the 6.6 MB answer of
 * 30,000 machines, filtering them and grouping them is seconds of work on a tablet, during which
 * the page would not answer a tap. Created by map-index.ts.
 */

// The app's TypeScript knows the window, not a worker's scope: only these two members are used.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<MapRequest>) => void) | null;
  postMessage(answer: MapAnswer, transfer: Transferable[]): void;
};

const engine = mapEngine();
scope.onmessage = (event) =>
  void engine(event.data).then(({ answer, transfer }) => scope.postMessage(answer, transfer));
