import type { TutorialFolder } from '@serwis/domain';

export interface TreeCacheOptions {
  /**
   * How long to wait after a failed listing before listing again (0, the default: the next read
   * lists again). Meanwhile the kept tree is served, or the failure answered at once.
   */
  pauseAfter?: (error: unknown) => number;
}

/**
 * The tutorial tree kept for a short time, so a page view does not list the drive every time.
 * Concurrent readers share one listing. A failed listing leaves the last good tree in place: the
 * others are served it (stale) while the source is down, and only `refresh` (the admin asked for
 * a fresh list) answers the failure. After a failure the source is left alone for `pauseAfter`.
 * `invalidate()` (after an upload) makes the next read list again, and a listing that started
 * before it is not kept.
 */
export class TreeCache {
  private kept?: { tree: TutorialFolder[]; at: number };
  private pending?: { generation: number; promise: Promise<TutorialFolder[]> };
  private generation = 0;
  /** The last listing failed: no listing before `until`. */
  private failed?: { error: unknown; until: number };
  private readonly pauseAfter: (error: unknown) => number;

  constructor(
    private readonly load: () => Promise<TutorialFolder[]>,
    private readonly ttlMs: number,
    // Date.now looked up at each call, not once: a test's fake clock reaches the app's cache too.
    private readonly now: () => number = () => Date.now(),
    options: TreeCacheOptions = {},
  ) {
    this.pauseAfter = options.pauseAfter ?? (() => 0);
  }

  /**
   * The kept tree while fresh, else a new listing (the kept tree, however old, when it fails);
   * `refresh` always lists again and answers its failure.
   */
  async get(options: { refresh?: boolean } = {}): Promise<TutorialFolder[]> {
    const refresh = options.refresh ?? false;
    if (!refresh && this.kept && this.now() - this.kept.at < this.ttlMs) return this.kept.tree;
    if (this.failed && this.now() < this.failed.until) {
      if (!refresh && this.kept) return this.kept.tree;
      throw this.failed.error;
    }
    // A refresh does not take the answer of a listing that started before it.
    if (refresh && this.pending?.generation === this.generation) this.generation++;
    try {
      return await this.reload();
    } catch (error) {
      if (!refresh && this.kept) return this.kept.tree;
      throw error;
    }
  }

  /** The kept tree when it was listed less than `maxAgeMs` ago, whatever the cache time. */
  recent(maxAgeMs: number): TutorialFolder[] | undefined {
    return this.kept && this.now() - this.kept.at < maxAgeMs ? this.kept.tree : undefined;
  }

  /** How long ago the kept tree was listed; Infinity when none is kept. */
  age(): number {
    return this.kept ? this.now() - this.kept.at : Infinity;
  }

  /** The kept tree is out of date (an upload changed it): the next read lists again. */
  invalidate() {
    this.generation++;
    this.kept = undefined;
    this.failed = undefined;
  }

  private reload(): Promise<TutorialFolder[]> {
    if (this.pending?.generation === this.generation) return this.pending.promise;
    const generation = this.generation;
    const promise = this.load().then(
      (tree) => {
        if (generation === this.generation) {
          this.kept = { tree, at: this.now() };
          this.failed = undefined;
        }
        return tree;
      },
      (error: unknown) => {
        const pause = generation === this.generation ? this.pauseAfter(error) : 0;
        if (pause > 0) this.failed = { error, until: this.now() + pause };
        throw error;
      },
    );
    const entry = { generation, promise };
    this.pending = entry;
    const clear = () => {
      if (this.pending === entry) this.pending = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }
}
