import {
  polishDays,
  REMINDER_MSG,
  type ReminderRun,
  type ReminderSettings,
  type SessionUser,
} from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { startReminderJob, STALE_RUN_MINUTES, type ReminderJobDeps } from './reminders.job.js';
import type { ReminderWork } from './reminders.work.js';
import { findLastRuns, findReminderSettings, upsertReminderSettings } from './reminders.repository.js';

/** The employee's settings; without a saved row: off, with the configured lead times. */
export async function getReminderSettings(
  db: Db,
  user: SessionUser,
  config: Pick<Config, 'REMINDER_LEAD_DAYS' | 'REMINDER_OVERDUE'>,
): Promise<ReminderSettings> {
  const row = await findReminderSettings(db, user.id);
  if (!row)
    return { enabled: false, leadDays: [...config.REMINDER_LEAD_DAYS], overdue: config.REMINDER_OVERDUE };
  return { enabled: row.enabled, leadDays: row.leadDays, overdue: row.overdue };
}

export async function saveReminderSettings(db: Db, user: SessionUser, input: ReminderSettings) {
  return inTransaction(db, async (tx) => {
    const before = await findReminderSettings(tx, user.id);
    const row = await upsertReminderSettings(tx, user.id, input);
    const wasOn = before?.enabled ?? false;
    const same =
      before !== undefined &&
      before.enabled === input.enabled &&
      before.overdue === input.overdue &&
      before.leadDays.join(',') === input.leadDays.join(',');
    // Logged when it changes what the employee gets: switched on or off, or what they get while on.
    if (!same && (wasOn || input.enabled)) {
      // "(30 dni, 1 dzień przed terminem, po terminie)", "(bez wyprzedzenia, po terminie)".
      const ahead = input.leadDays.length
        ? `${input.leadDays.map(polishDays).join(', ')} przed terminem`
        : 'bez wyprzedzenia';
      const plan = `(${ahead}${input.overdue ? ', po terminie' : ''})`;
      const what = !input.enabled
        ? 'wyłączenie przypomnień o przeglądach'
        : wasOn
          ? `zmiana przypomnień o przeglądach ${plan}`
          : `włączenie przypomnień o przeglądach ${plan}`;
      await audit(tx, user, what, `user:${user.id}`);
    }
    return { enabled: row.enabled, leadDays: row.leadDays, overdue: row.overdue };
  });
}

/** "Uruchom teraz": the digests written; their delivery goes on (409 while another run works). */
export async function startRemindersNow(
  deps: ReminderJobDeps,
  actor: SessionUser,
  work?: Pick<ReminderWork, 'signal' | 'runs'>,
) {
  const started = await startReminderJob(deps, {
    trigger: 'MANUAL',
    actor,
    signal: work?.signal,
    running: work?.runs,
  });
  if (!started) throw conflict(REMINDER_MSG.jobBusy, 'JOB_BUSY');
  return started;
}

/** Finished; or still working (active within STALE_RUN_MINUTES); or cut off by a stopped server. */
export function runState(
  run: { finishedAt: Date | null; activeAt: Date | null },
  now = Date.now(),
): ReminderRun['state'] {
  if (run.finishedAt) return 'FINISHED';
  return run.activeAt && now - run.activeAt.getTime() <= STALE_RUN_MINUTES * 60_000
    ? 'RUNNING'
    : 'INTERRUPTED';
}

export async function listReminderRuns(db: Db): Promise<ReminderRun[]> {
  const rows = await findLastRuns(db);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger as ReminderRun['trigger'],
    runDate: r.runDate,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    state: runState(r),
    startedBy: r.startedBy,
    reminders: r.reminders,
    mailsQueued: r.mailsQueued,
    mailsSent: r.mailsSent,
    mailsFailed: r.mailsFailed,
    error: r.error,
  }));
}
