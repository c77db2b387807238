import { describe, expect, it } from 'vitest';
import { turnTaker } from './event-loop-turns.js';

describe('turns of the event loop in long work (turnTaker)', () => {
  it('lets waiting work run once its time has passed, and not before', async () => {
    let ran = false;
    setImmediate(() => (ran = true));
    await turnTaker(60_000)();
    expect(ran).toBe(false); // an await alone runs before anything waiting
    await turnTaker(0)();
    expect(ran).toBe(true);
  });
});
