import type { FastifyBaseLogger } from 'fastify';
import { polishPlural, wallClockInZone } from '@serwis/domain';
import { runReminderJob, type ReminderJobDeps } from './reminders.job.js';

/** 'HH:MM' on the wall clocks of `timeZone` at `now` (of the domain's 'YYYY-MM-DD HH:mm:ss'). */
export const timeInZone = (timeZone: string, now: Date): string =>
  wallClockInZone(timeZone, now).slice(11, 16);

/**
 * Every instance checks once a minute whether the day's run is due (REMINDER_TIME passed in
 * TZ_COMPANY); the job itself decides in the database whether this instance runs it (a lock and
 * the day's scheduled run), so several instances run it once. An instance started after the time
 * of day still runs a day's missed job. Answers a function that stops the timer.
 */
/**
 * A run in the server log: an error when mails did not go out (the mail server refused or was
 * away), so that an administrator watching the log for errors learns of it; they stay queued.
 */
export function logReminderRun(
  log: FastifyBaseLogger,
  result: { mailsSent: number; mailsFailed: number; mailsQueued: number; error?: string | null },
) {
  if (result.mailsFailed > 0)
    log.error(
      { reminders: result },
      `Przypomnienia o przeglądach: nie wysłano ${result.mailsFailed} wiadomości (zostają w kolejce do następnego uruchomienia)` +
        (result.error ? `; serwer poczty: ${result.error}` : ''),
    );
  else {
    const mails = polishPlural(result.mailsSent, { one: 'wiadomość', few: 'wiadomości', many: 'wiadomości' });
    log.info({ reminders: result }, `Przypomnienia o przeglądach: wysłano ${result.mailsSent} ${mails}`);
  }
}

export function startReminderScheduler(
  deps: ReminderJobDeps & { config: { REMINDER_TIME: string } },
  log: FastifyBaseLogger,
  intervalMs = 60_000,
): () => void {
  if (deps.config.REMINDER_TIME === 'off') return () => undefined;
  let running = false;
  const tick = async () => {
    if (running) return;
    const now = new Date();
    if (timeInZone(deps.config.TZ_COMPANY, now) < deps.config.REMINDER_TIME) return;
    running = true;
    try {
      const result = await runReminderJob(deps, { trigger: 'SCHEDULE', now });
      if (result) logReminderRun(log, result);
    } catch (error) {
      log.error({ err: error }, 'Zadanie przypomnień o przeglądach nie powiodło się');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
