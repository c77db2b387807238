import { describe, expect, it } from 'vitest';
import type { TutorialFolder } from '@serwis/domain';
import { TreeCache } from './tutorials.cache.js';

const tree = (name: string): TutorialFolder[] => [{ folder: { id: name, name }, googleFiles: [] }];

/** A source that counts its listings ("v1", "v2"…) and fails with `failure` while `failing`. */
function countingSource(failure: unknown = new Error('down')) {
  const source = {
    calls: 0,
    failing: false,
    load: async () => {
      source.calls++;
      if (source.failing) throw failure;
      return tree(`v${source.calls}`);
    },
  };
  return source;
}

describe('TreeCache', () => {
  it('keeps a listing for its time, shares one listing between readers and never keeps a failure', async () => {
    let now = 1000;
    const source = countingSource();
    const cache = new TreeCache(source.load, 60_000, () => now);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(source.calls).toBe(1);
    now += 59_999;
    expect((await cache.get())[0].folder.name).toBe('v1');
    now += 1;
    expect((await cache.get())[0].folder.name).toBe('v2');
    expect((await cache.get({ refresh: true }))[0].folder.name).toBe('v3');

    source.failing = true;
    await expect(cache.get({ refresh: true })).rejects.toThrow('down');
    source.failing = false;
    expect((await cache.get({ refresh: true }))[0].folder.name).toBe('v5');
    expect(cache.age()).toBe(0);
    now += 5_000;
    expect(cache.recent(10_000)?.[0].folder.name).toBe('v5');
    expect(cache.recent(5_000)).toBeUndefined();
  });

  it('does not keep a listing that started before an invalidation', async () => {
    let release!: () => void;
    let calls = 0;
    const cache = new TreeCache(async () => {
      const n = ++calls;
      if (n === 1) await new Promise<void>((resolve) => (release = resolve));
      return tree(`v${n}`);
    }, 60_000);
    const first = cache.get();
    await Promise.resolve();
    cache.invalidate();
    const second = cache.get();
    release();
    expect((await first)[0].folder.name).toBe('v1');
    expect((await second)[0].folder.name).toBe('v2');
    expect((await cache.get())[0].folder.name).toBe('v2');
    expect(calls).toBe(2);
  });

  it('with a time of 0 lists every time', async () => {
    let calls = 0;
    const cache = new TreeCache(async () => tree(`v${++calls}`), 0);
    await cache.get();
    await cache.get();
    expect(calls).toBe(2);
  });

  it('keeps the last good tree when a listing fails: the others are served it, only a refresh answers the failure', async () => {
    let now = 1000;
    const source = countingSource();
    const cache = new TreeCache(source.load, 60_000, () => now);
    expect((await cache.get())[0].folder.name).toBe('v1');
    source.failing = true;
    // The admin's refresh fails; everyone else still gets the kept tree.
    await expect(cache.get({ refresh: true })).rejects.toThrow('down');
    expect((await cache.get())[0].folder.name).toBe('v1');
    // Past the cache time too: listed again, failed again, the kept tree served.
    now += 120_000;
    expect((await cache.get())[0].folder.name).toBe('v1');
    expect(source.calls).toBe(3);
    source.failing = false;
    expect((await cache.get())[0].folder.name).toBe('v4');
  });

  it('after a failed listing waits the pause before listing again: the kept tree meanwhile, or the failure at once', async () => {
    let now = 1000;
    const failure = Object.assign(new Error('down'), { retryAfterMs: 5_000 });
    const source = countingSource(failure);
    source.failing = true;
    const cache = new TreeCache(source.load, 0, () => now, {
      pauseAfter: (error) => (error as { retryAfterMs?: number }).retryAfterMs ?? 30_000,
    });
    // None kept: the failure, answered at once while the pause lasts (the source is not asked).
    await expect(cache.get()).rejects.toBe(failure);
    await expect(cache.get()).rejects.toBe(failure);
    await expect(cache.get({ refresh: true })).rejects.toBe(failure);
    expect(source.calls).toBe(1);
    now += 5_000;
    source.failing = false;
    expect((await cache.get())[0].folder.name).toBe('v2');

    // Kept: served through the pause; a refresh answers the failure without asking the source.
    source.failing = true;
    expect((await cache.get())[0].folder.name).toBe('v2');
    expect(source.calls).toBe(3);
    for (let i = 0; i < 5; i++) expect((await cache.get())[0].folder.name).toBe('v2');
    await expect(cache.get({ refresh: true })).rejects.toBe(failure);
    expect(source.calls).toBe(3);
    now += 4_999;
    expect((await cache.get())[0].folder.name).toBe('v2');
    expect(source.calls).toBe(3);
    now += 1;
    source.failing = false;
    expect((await cache.get())[0].folder.name).toBe('v4');
    expect(source.calls).toBe(4);
  });

  it('after an upload (invalidate) lists again at once, failure or not', async () => {
    const source = countingSource();
    const cache = new TreeCache(source.load, 60_000, undefined, { pauseAfter: () => 30_000 });
    await cache.get();
    source.failing = true;
    await expect(cache.get({ refresh: true })).rejects.toThrow('down');
    source.failing = false;
    cache.invalidate();
    expect((await cache.get())[0].folder.name).toBe('v3');
  });
});
