import { REMINDER_MSG, type ReminderRun, type ReminderSettings, type SessionUser } from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { runReminderJob, STALE_RUN_MINUTES, type ReminderJobDeps } from './reminders.job.js';
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
    const row = await upsertReminderSettings(tx, user.id, input);
    const what = input.enabled
      ? `włączenie przypomnień o przeglądach (${input.leadDays.join(', ') || 'bez wyprzedzenia'} dni${input.overdue ? ', po terminie' : ''})`
      : 'wyłączenie przypomnień o przeglądach';
    await audit(tx, user, what, `user:${user.id}`);
    return { enabled: row.enabled, leadDays: row.leadDays, overdue: row.overdue };
  });
}

export async function runRemindersNow(deps: ReminderJobDeps, actor: SessionUser) {
  const result = await runReminderJob(deps, { trigger: 'MANUAL', actor });
  if (!result) throw conflict(REMINDER_MSG.jobBusy, 'JOB_BUSY');
  return result;
}

export async function listReminderRuns(db: Db): Promise<ReminderRun[]> {
  const rows = await findLastRuns(db);
  return rows.map((r) => ({
    id: r.id,
    trigger: r.trigger as ReminderRun['trigger'],
    runDate: r.runDate,
    startedAt: r.startedAt.toISOString(),
    finishedAt: r.finishedAt ? r.finishedAt.toISOString() : null,
    state: r.finishedAt
      ? 'FINISHED'
      : Date.now() - r.startedAt.getTime() > STALE_RUN_MINUTES * 60_000
        ? 'INTERRUPTED'
        : 'RUNNING',
    startedBy: r.startedBy,
    reminders: r.reminders,
    mailsQueued: r.mailsQueued,
    mailsSent: r.mailsSent,
    mailsFailed: r.mailsFailed,
    error: r.error,
  }));
}
