import type { TutorialFolder } from '@serwis/domain';

/**
 * The tutorial tree kept for a short time, so a page view does not list the drive every time.
 * Concurrent readers share one listing; a failed listing is not kept. `invalidate()` (after an
 * upload) makes the next read list again, and a listing that started before it is not kept.
 */
export class TreeCache {
  private kept?: { tree: TutorialFolder[]; at: number };
  private pending?: { generation: number; promise: Promise<TutorialFolder[]> };
  private generation = 0;

  constructor(
    private readonly load: () => Promise<TutorialFolder[]>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The kept tree while fresh, else a new listing; `refresh` always lists again. */
  async get(options: { refresh?: boolean } = {}): Promise<TutorialFolder[]> {
    if (!options.refresh && this.kept && this.now() - this.kept.at < this.ttlMs) return this.kept.tree;
    if (options.refresh) this.invalidate();
    return this.reload();
  }

  /** The kept tree when it was listed less than `maxAgeMs` ago, whatever the cache time. */
  recent(maxAgeMs: number): TutorialFolder[] | undefined {
    return this.kept && this.now() - this.kept.at < maxAgeMs ? this.kept.tree : undefined;
  }

  /** How long ago the kept tree was listed; Infinity when none is kept. */
  age(): number {
    return this.kept ? this.now() - this.kept.at : Infinity;
  }

  invalidate() {
    this.generation++;
    this.kept = undefined;
  }

  private reload(): Promise<TutorialFolder[]> {
    if (this.pending?.generation === this.generation) return this.pending.promise;
    const generation = this.generation;
    const promise = this.load().then((tree) => {
      if (generation === this.generation) this.kept = { tree, at: this.now() };
      return tree;
    });
    const entry = { generation, promise };
    this.pending = entry;
    const clear = () => {
      if (this.pending === entry) this.pending = undefined;
    };
    promise.then(clear, clear);
    return promise;
  }
}
