import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long a stretch of work may hold the event loop before it lets the server's other requests
 * in: checking 100,000 imported rows took 3–5 s, during which every request of that server waited
 * (docs/decisions.md, "An import shares its server").
 */
export const TURN_MS = 50;

/**
 * A function to await inside a long loop: once TURN_MS have passed since the last turn it gives the
 * event loop one (timers, I/O, other requests), else it returns at once. An `await` of a resolved
 * promise alone is no turn: it runs before any I/O.
 */
export function turnTaker(everyMs = TURN_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < everyMs) return;
    await nextTurn();
    since = performance.now();
  };
}
