import { describe, expect, it } from 'vitest';
import { ReminderWork } from './reminders.work.js';

describe('ReminderWork', () => {
  it('on stop, aborts at once and waits for the deliveries going on', async () => {
    const work = new ReminderWork();
    let finish!: () => void;
    work.track(new Promise<void>((resolve) => (finish = resolve)));
    const stopped = work.stop();
    expect(work.signal.aborted).toBe(true);
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(done).toBe(false);
    finish();
    await stopped;
  });

  it('waits no longer than told, then hands the runs still going to be marked cut off', async () => {
    const work = new ReminderWork();
    work.runs.add(7);
    work.track(new Promise<void>(() => undefined)); // a mail server that never answers
    const cut: number[][] = [];
    await work.stop({ waitMs: 30, cutOff: async (ids) => void cut.push(ids) });
    expect(cut).toEqual([[7]]);

    // Ended in time: nothing is cut off.
    const quick = new ReminderWork();
    quick.runs.add(8);
    quick.track(Promise.resolve().then(() => quick.runs.delete(8)));
    const none: number[][] = [];
    await quick.stop({ waitMs: 1_000, cutOff: async (ids) => void none.push(ids) });
    expect(none).toEqual([]);
  });
});
