import type { FastifyBaseLogger } from 'fastify';
import { addDays, polishPlural, todayInZone, wallClockInZone } from '@serwis/domain';
import { runReminderJob, type ReminderJobDeps } from './reminders.job.js';
import type { ReminderWork } from './reminders.work.js';

/** 'HH:MM' on the wall clocks of `timeZone` at `now` (of the domain's 'YYYY-MM-DD HH:mm:ss'). */
export const timeInZone = (timeZone: string, now: Date): string =>
  wallClockInZone(timeZone, now).slice(11, 16);

/**
 * A run in the server log: an error when mails did not go out (the mail server refused or was
 * away), so that an administrator watching the log for errors learns of it; they stay queued. A run
 * its server stopped midway says so (a warning): the rest goes with a later run.
 */
export function logReminderRun(
  log: FastifyBaseLogger,
  result: {
    mailsSent: number;
    mailsFailed: number;
    mailsQueued: number;
    error?: string | null;
    state?: 'RUNNING' | 'FINISHED' | 'INTERRUPTED';
  },
) {
  const mails = (n: number) => polishPlural(n, { one: 'wiadomość', few: 'wiadomości', many: 'wiadomości' });
  if (result.state === 'INTERRUPTED')
    log.warn(
      { reminders: result },
      `Przypomnienia o przeglądach: przerwano przy zatrzymywaniu serwera po wysłaniu ${result.mailsSent} ${mails(result.mailsSent)}; resztę wyśle kolejne uruchomienie`,
    );
  else if (result.mailsFailed > 0)
    log.error(
      { reminders: result },
      `Przypomnienia o przeglądach: nie wysłano ${result.mailsFailed} wiadomości (zostają w kolejce do następnego uruchomienia)` +
        (result.error ? `; serwer poczty: ${result.error}` : ''),
    );
  else
    log.info(
      { reminders: result },
      `Przypomnienia o przeglądach: wysłano ${result.mailsSent} ${mails(result.mailsSent)}`,
    );
}

/**
 * The day a scheduled check at `now` works for: today once REMINDER_TIME has passed; before it,
 * the day before (the job then only takes over that day's run if one was cut off, e.g. a run at
 * 23:50 whose server stopped after midnight).
 */
export function scheduledRunDate(timeZone: string, reminderTime: string, now: Date): string {
  const today = todayInZone(timeZone, now);
  return timeInZone(timeZone, now) < reminderTime ? addDays(today, -1) : today;
}

/**
 * Every instance checks once a minute whether the day's run is due (REMINDER_TIME passed in
 * TZ_COMPANY); the job itself decides in the database whether this instance runs it (a lock and
 * the day's scheduled run), so several instances run it once. An instance started after the time
 * of day still runs a day's missed job; before the time, it takes over the day before's run if that
 * one was cut off. Its runs stop taking up mail once `work` is stopped. Answers a function that
 * stops the timer.
 */
export function startReminderScheduler(
  deps: ReminderJobDeps & { config: { REMINDER_TIME: string } },
  log: FastifyBaseLogger,
  work: ReminderWork,
  intervalMs = 60_000,
): () => void {
  if (deps.config.REMINDER_TIME === 'off') return () => undefined;
  let running = false;
  const tick = async () => {
    if (running || work.signal.aborted) return;
    const now = new Date();
    const runDate = scheduledRunDate(deps.config.TZ_COMPANY, deps.config.REMINDER_TIME, now);
    running = true;
    try {
      const result = await work.track(
        runReminderJob(deps, { trigger: 'SCHEDULE', now, runDate, signal: work.signal, running: work.runs }),
      );
      if (result) logReminderRun(log, result);
    } catch (error) {
      log.error({ err: error }, 'Wysyłanie przypomnień o przeglądach nie powiodło się');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
