import type { FastifyBaseLogger } from 'fastify';
import { runReminderJob, type ReminderJobDeps } from './reminders.job.js';

/** 'HH:MM' on the wall clocks of `timeZone` at `now`. */
export function timeInZone(timeZone: string, now: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('hour')}:${part('minute')}`;
}

/**
 * Every instance checks once a minute whether the day's run is due (REMINDER_TIME passed in
 * TZ_COMPANY); the job itself decides in the database whether this instance runs it (a lock and
 * the day's scheduled run), so several instances run it once. An instance started after the time
 * of day still runs a day's missed job. Answers a function that stops the timer.
 */
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
      if (result) log.info({ reminders: result }, 'Przypomnienia o przeglądach wysłane');
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
