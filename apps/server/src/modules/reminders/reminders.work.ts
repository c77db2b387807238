/**
 * The reminder deliveries this process has going (the scheduled run, "Uruchom teraz" answered
 * before its mails were all out), so that a stopping server takes up no further mail and lets the
 * one in flight finish: a mail the mail server accepted is then marked sent, and the next run does
 * not send it again.
 */
export class ReminderWork {
  /**
   * How long "Uruchom teraz" waits for its mails before it answers with the counts so far: well
   * under the idle cut of connections (IDLE_CONNECTION_TIMEOUT_S, 120 s), after which a browser
   * sends the POST again.
   */
  answerWaitMs = 20_000;
  /** The runs this process is delivering (their ids), to be marked cut off if the stop cannot wait. */
  readonly runs = new Set<number>();
  private readonly stopping = new AbortController();
  private readonly going = new Set<Promise<unknown>>();
  /** Settles when the server begins to stop (what "Uruchom teraz" waits for besides its mails). */
  readonly stopped: Promise<void> = new Promise((resolve) =>
    this.stopping.signal.addEventListener('abort', () => resolve(), { once: true }),
  );

  /** Aborted once the server stops: deliveries take up no further mail. */
  get signal(): AbortSignal {
    return this.stopping.signal;
  }

  /** Keeps `work` until it settles (its failure is its caller's to report). */
  track<T>(work: Promise<T>): Promise<T> {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    this.going.add(settled);
    void settled.then(() => this.going.delete(settled));
    return work;
  }

  /** No further mail is taken up (the server begins to stop). */
  abort(): void {
    this.stopping.abort();
  }

  /**
   * Stops taking up mail and waits for what is in flight. Given `waitMs`, waits no longer, and then
   * hands the runs still going to `cutOff` (a mail server slower than the stop's limit: the process
   * is about to be ended, and its runs must not look alive for 15 minutes).
   */
  async stop(options: { waitMs?: number; cutOff?: (runIds: number[]) => Promise<void> } = {}): Promise<void> {
    this.abort();
    const all = Promise.all(this.going).then(() => true);
    if (options.waitMs === undefined) {
      await all;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([
      all,
      new Promise<false>((resolve) => (timer = setTimeout(resolve, options.waitMs, false))),
    ]);
    clearTimeout(timer);
    if (!ended && this.runs.size && options.cutOff) await options.cutOff([...this.runs]);
  }
}
