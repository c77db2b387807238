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
  private readonly stopping = new AbortController();
  private readonly going = new Set<Promise<unknown>>();

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

  /** Stops taking up mail and waits for what is in flight (the server's own limit cuts it short). */
  async stop(): Promise<void> {
    this.abort();
    await Promise.all(this.going);
  }
}
