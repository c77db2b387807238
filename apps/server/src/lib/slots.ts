/**
 * A fixed number of places for one kind of long work (streamed lists, PDF renders): a caller takes
 * one, or waits in line for one, or is refused once it has waited `waitMs`. Places are handed to
 * the waiters in the order they came.
 */
export class Slots {
  private used = 0;
  private readonly line: Array<(granted: boolean) => void> = [];

  constructor(readonly size: number) {}

  /** How many callers hold a place now, and how many wait for one. */
  get state() {
    return { used: this.used, waiting: this.line.length };
  }

  /**
   * Resolves with the function that gives the place back (call it exactly once, in a `finally`);
   * rejects with `refused()` when no place came free within `waitMs`.
   */
  take(waitMs: number, refused: () => Error): Promise<() => void> {
    if (this.used < this.size) {
      this.used++;
      return Promise.resolve(this.releaser());
    }
    return new Promise((resolve, reject) => {
      const turn = (granted: boolean) => {
        clearTimeout(timer);
        if (granted) resolve(this.releaser());
        else reject(refused());
      };
      const timer = setTimeout(() => {
        const at = this.line.indexOf(turn);
        if (at >= 0) this.line.splice(at, 1);
        turn(false);
      }, waitMs);
      timer.unref();
      this.line.push(turn);
    });
  }

  private releaser(): () => void {
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.line.shift();
      // The place passes straight to the next in line, so `used` stays as it is.
      if (next) next(true);
      else this.used--;
    };
  }
}
