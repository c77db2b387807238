import { sql } from 'drizzle-orm';
import {
  reminderDueRange,
  reminderStage,
  todayInZone,
  daysLeftTo,
  firstEmailAddress,
  isEmailAddress,
  machinesWord,
  type ReminderPlan,
  type ReminderRunResult,
  type SessionUser,
  postalAddress,
} from '@serwis/domain';
import type { Config } from '../../config.js';
import type { Db, Tx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit, type Actor } from '../../plugins/audit.js';
import type { Mailer } from '../../plugins/mailer.js';
import { loadCompanyIdentity, type CompanyData } from '../configuration/company-identity.js';
import { customerNotice, staffDigest, type DigestMachine } from './reminders.mails.js';
import {
  claimPendingMail,
  countPendingMails,
  countRunMailSent,
  currentDigestAddress,
  currentNoticeAddress,
  findLiveRun,
  findLiveScheduledRun,
  findScheduledRun,
  findMachinesDueBetween,
  findSentReminders,
  findSubscribedUsers,
  insertReminderMail,
  insertRun,
  insertSentReminders,
  markMailFailed,
  markMailSent,
  markRunActive,
  readdressMail,
  updateRun,
  withdrawMail,
  type MachineDueRow,
  type PendingMail,
  type SentReminderKey,
} from './reminders.repository.js';

export interface ReminderJobDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<
    Config,
    'TZ_COMPANY' | 'REMINDER_LEAD_DAYS' | 'REMINDER_OVERDUE' | 'MAIL_FROM' | 'publicBaseUrl'
  >;
}

export interface ReminderJobOptions {
  trigger: 'SCHEDULE' | 'MANUAL';
  actor?: SessionUser | null;
  now?: Date;
  /**
   * The company day the run works for (default: today at `now`). A scheduled run of an earlier day
   * only takes over that day's run when one was cut off (a run after 23:45 cut off past midnight).
   */
  runDate?: string;
  /** Aborted when the server stops: no further mail is taken up (the one in flight finishes). */
  signal?: AbortSignal;
  /** Holds the run's id while it delivers (ReminderWork.runs: marked cut off by a hurried stop). */
  running?: Set<number>;
}

/** The run's figures (the answer of "Uruchom teraz"), and the mail server's last refusal for the log. */
export type ReminderJobResult = ReminderRunResult & { error: string | null };

/** A run whose digests are written: its delivery goes on, and its figures can be read meanwhile. */
export interface StartedReminderJob {
  /** Settles once the run has sent what it could (or its server stopped it). */
  done: Promise<ReminderJobResult>;
  /** The figures so far: RUNNING, or INTERRUPTED when its server is stopping it. */
  soFar: (state?: 'RUNNING' | 'INTERRUPTED') => ReminderJobResult;
}

/** One key for the whole job across every instance on the database. */
const JOB_LOCK = sql`hashtext('serwis-reminder-job')`;
/**
 * An unfinished run that has shown no activity (its start, a mail taken up) for this long is taken
 * as cut off (its instance stopped): one mail takes at most about a minute (SMTP_TIMEOUTS).
 */
export const STALE_RUN_MINUTES = 15;

interface Recipient {
  key: string;
  email: string;
  plan: ReminderPlan;
  kind: 'staff' | 'customer';
  /** Customers only get their own machines. */
  customerId?: number;
}

/**
 * The daily job, in two steps.
 *
 * 1. Compose, in ONE transaction under a database-wide advisory lock: find the machines owed a
 *    reminder, and for each recipient write the digest into `reminder_mails` together with the
 *    `sent_reminders` records of its machines (unique key: machine, kind, due date, lead time,
 *    recipient). Either both are committed or neither: a crash here leaves nothing, and the next
 *    run composes the same digest again. A second instance waits for the lock (or, when scheduled,
 *    gives up) and then finds every key taken, so it composes nothing.
 * 2. Deliver: each unsent mail is claimed for a while (FOR UPDATE SKIP LOCKED, then
 *    `claimed_until`), handed to the mailer with no transaction open, and marked sent with its
 *    audit entry. A crash before the hand-off leaves it unsent and, once its claim runs out, the
 *    next run sends it; a failure of the mail server is recorded, ends this run's deliveries (the
 *    others would wait as long), and the next run tries again. Only a crash between the mail server
 *    accepting it and the mark sends it twice; the mail then carries the same Message-ID, so mail
 *    systems can drop the repeat.
 *
 * Answers null when this run is not to happen: a scheduled one whose day is done or being done
 * elsewhere, a manual one while another run is still working (the admin is told to wait).
 */
export async function startReminderJob(
  deps: ReminderJobDeps,
  options: ReminderJobOptions,
): Promise<StartedReminderJob | null> {
  const { db, config } = deps;
  const runDate = options.runDate ?? todayInZone(config.TZ_COMPANY, options.now ?? new Date());
  const actor = options.actor ?? null;

  const composed = await inTransaction(db, async (tx) => {
    if (options.trigger === 'SCHEDULE') {
      const rows = await tx.execute(sql`SELECT pg_try_advisory_xact_lock(${JOB_LOCK}) AS locked`);
      const locked = rowsOf<{ locked: boolean }>(rows)[0]?.locked;
      if (!locked) return null;
      if (await findLiveScheduledRun(tx, runDate, STALE_RUN_MINUTES)) return null;
      const today = todayInZone(config.TZ_COMPANY, options.now ?? new Date());
      if (runDate < today && !(await findScheduledRun(tx, runDate))) return null;
    } else {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOB_LOCK})`);
      if (await findLiveRun(tx, STALE_RUN_MINUTES)) return null;
    }
    const runId = await insertRun(tx, {
      trigger: options.trigger,
      runDate,
      startedBy: actor?.email ?? null,
    });
    // Read once the run is to happen: the scheduler asks every minute, mostly to be told no.
    const company = await loadCompanyIdentity(tx, config);
    const counts = await compose(tx, runId, runDate, deps, company);
    await updateRun(tx, runId, counts);
    return { runId, company, ...counts };
  });
  if (!composed) return null;
  const { company } = composed;

  const progress: DeliveryProgress = { sent: 0, failed: 0, lastError: null };
  const figures = (state: ReminderJobResult['state']): ReminderJobResult => ({
    runId: composed.runId,
    runDate,
    reminders: composed.reminders,
    mailsQueued: composed.mailsQueued,
    mailsSent: progress.sent,
    mailsFailed: progress.failed,
    state,
    error: progress.lastError,
  });
  options.running?.add(composed.runId);
  const done = (async () => {
    const { stopped } = await deliverPendingMails(
      deps,
      actor,
      company,
      composed.runId,
      progress,
      options.signal,
    );
    const counts = { mailsSent: progress.sent, mailsFailed: progress.failed, error: progress.lastError };
    // Stopped with mails left: shown cut off at once, and the next minute's check of any instance
    // (this one after its restart) takes them over.
    await updateRun(
      db,
      composed.runId,
      stopped ? { ...counts, activeAt: null } : { ...counts, finishedAt: new Date() },
    );
    return figures(stopped ? 'INTERRUPTED' : 'FINISHED');
  })().finally(() => options.running?.delete(composed.runId));
  return { done, soFar: (state = 'RUNNING') => figures(state) };
}

/** A whole run, composed and delivered (the scheduler; tests). */
export async function runReminderJob(
  deps: ReminderJobDeps,
  options: ReminderJobOptions,
): Promise<ReminderJobResult | null> {
  const started = await startReminderJob(deps, options);
  return started ? started.done : null;
}

async function compose(
  tx: Tx,
  runId: number,
  runDate: string,
  deps: ReminderJobDeps,
  company: CompanyData,
): Promise<{ reminders: number; mailsQueued: number }> {
  const { config } = deps;
  const customerPlan: ReminderPlan = {
    leadDays: config.REMINDER_LEAD_DAYS,
    overdue: config.REMINDER_OVERDUE,
  };
  const staff: Recipient[] = (await findSubscribedUsers(tx))
    .filter((u) => u.email.includes('@'))
    .map((u) => ({
      key: `user:${u.id}`,
      email: u.email,
      plan: { leadDays: u.leadDays, overdue: u.overdue },
      kind: 'staff' as const,
    }));
  const range = reminderDueRange(runDate, [customerPlan, ...staff.map((s) => s.plan)]);
  const machines = await findMachinesDueBetween(tx, range.from, range.to);
  if (!machines.length) return { reminders: 0, mailsQueued: 0 };

  const customers = new Map<number, Recipient>();
  for (const m of machines) {
    const email = m.customerNotices ? firstEmailAddress(m.customerEmail) : null;
    if (email && !customers.has(m.customerId)) {
      customers.set(m.customerId, {
        key: `customer:${m.customerId}`,
        email,
        plan: customerPlan,
        kind: 'customer',
        customerId: m.customerId,
      });
    }
  }

  const sent = new Set(
    (
      await findSentReminders(
        tx,
        machines.map((m) => m.id),
      )
    ).map((s) => keyText(s)),
  );
  let reminders = 0;
  let mailsQueued = 0;
  for (const recipient of [...staff, ...customers.values()]) {
    const owed: { machine: MachineDueRow; key: SentReminderKey }[] = [];
    for (const machine of machines) {
      if (recipient.customerId !== undefined && machine.customerId !== recipient.customerId) continue;
      const stage = reminderStage(machine.dueDate, runDate, recipient.plan);
      if (stage === null) continue;
      const key = {
        deviceId: machine.id,
        dueDate: machine.dueDate,
        leadDays: stage,
        recipient: recipient.key,
      };
      if (!sent.has(keyText(key))) owed.push({ machine, key });
    }
    if (!owed.length) continue;
    const list: DigestMachine[] = owed.map(({ machine }) => ({
      id: machine.id,
      name: machine.name,
      serialNumber: machine.serialNumber,
      customerShortName: machine.customerShortName,
      address: postalAddress(machine.streetAddress, machine.zipCode, machine.city),
      dueDate: machine.dueDate,
      daysLeft: daysLeftTo(runDate, machine.dueDate),
    }));
    const mail =
      recipient.kind === 'staff'
        ? staffDigest(list, runDate, config.publicBaseUrl)
        : customerNotice(list, company);
    const mailId = await insertReminderMail(tx, {
      runId,
      recipient: recipient.key,
      email: recipient.email,
      subject: mail.subject,
      body: mail.text,
      machines: list.length,
    });
    reminders += await insertSentReminders(
      tx,
      mailId,
      owed.map((o) => o.key),
    );
    mailsQueued += 1;
  }
  return { reminders, mailsQueued };
}

/** The domain of MAIL_FROM's address ("Serwis <serwis@firma.pl>" → firma.pl), for Message-IDs. */
const domainOf = (from: string) => /@([^\s>]+)/.exec(from)?.[1] ?? 'serwis';

const keyText = (k: SentReminderKey) => `${k.deviceId}|${k.dueDate}|${k.leadDays}|${k.recipient}`;

/**
 * A pending mail's address at the moment it is sent (null: withdrawn): a customer's notice follows
 * the customer's E-mail field as it is now; an employee's digest goes to their address as it is now,
 * and to nobody once their account is switched off or their reminders are.
 */
async function addressNow(tx: Tx, mail: PendingMail): Promise<string | null> {
  const customer = /^customer:(\d+)$/.exec(mail.recipient);
  if (customer) return currentNoticeAddress(tx, Number(customer[1]));
  const employee = /^user:(\d+)$/.exec(mail.recipient);
  return employee ? currentDigestAddress(tx, Number(employee[1])) : mail.email;
}

/**
 * How long a claimed mail is left to its sender: longer than the mail server's slowest answer
 * (SMTP_TIMEOUTS: 10 s to connect, 10 s for its greeting, 30 s of silence), so that a sender that
 * crashed is the only one whose claim runs out.
 */
const CLAIM_SECONDS = 10 * 60;

/**
 * A failure of the mail server itself (not there, silent, refusing the login or the sender): every
 * other mail of the run would wait or fail the same, so they wait for the next run. A refusal of the
 * recipient (RCPT TO, for good or for now: a full mailbox, greylisting) or of this message for good
 * is that mail's own (nodemailer's `code` and `command`).
 */
function mailServerFailed(error: unknown): boolean {
  const { code, command, responseCode } = (error ?? {}) as {
    code?: string;
    command?: string;
    responseCode?: number;
  };
  if (code === 'EENVELOPE') return command === 'MAIL FROM';
  return !(code === 'EMESSAGE' && (responseCode ?? 0) >= 500);
}

/** What a delivery has done so far, read by "Uruchom teraz" when it answers before the end. */
export interface DeliveryProgress {
  sent: number;
  failed: number;
  lastError: string | null;
}

/**
 * Sends every unsent reminder mail once in this call; see startReminderJob for the ordering. Each
 * mail is claimed, then handed to the mail server with no transaction open, then marked sent with
 * its audit entry: a mail server that does not answer holds up this job alone, never the app's
 * requests (PGlite has one connection). Each mail taken up marks the run active. Once `signal` is
 * aborted no further mail is taken up; `stopped` then says whether mails were left.
 */
export async function deliverPendingMails(
  deps: Pick<ReminderJobDeps, 'db' | 'mailer' | 'config'>,
  actor: Actor | null,
  company: CompanyData,
  runId: number,
  progress: DeliveryProgress = { sent: 0, failed: 0, lastError: null },
  signal?: AbortSignal,
): Promise<DeliveryProgress & { stopped: boolean }> {
  const senderDomain = domainOf(deps.config.MAIL_FROM);
  const tried: number[] = [];
  for (;;) {
    if (signal?.aborted) {
      const left = await countPendingMails(deps.db, tried);
      return { ...progress, stopped: left > 0 };
    }
    const claimed = await inTransaction(deps.db, async (tx) => {
      const mail = await claimPendingMail(tx, tried, CLAIM_SECONDS);
      if (!mail) return null;
      tried.push(mail.id);
      await markRunActive(tx, runId);
      const to = await addressNow(tx, mail);
      if (to === null) await withdrawMail(tx, mail.id);
      else if (to !== mail.email) await readdressMail(tx, mail.id, to);
      return { mail, to };
    });
    if (!claimed) break;
    const { mail, to } = claimed;
    if (to === null) continue;
    const toCustomer = mail.recipient.startsWith('customer:');
    try {
      await deps.mailer.send({
        to,
        subject: mail.subject,
        text: mail.body,
        // A customer who answers the notice writes to the company's office, as for a protocol.
        replyTo: toCustomer && isEmailAddress(company.email) ? company.email : undefined,
        // Stable over retries (mail systems drop a repeat); unique to this database's mail.
        messageId: `<reminder-${mail.id}.${mail.queuedAt}@${senderDomain}>`,
      });
    } catch (error) {
      progress.lastError = error instanceof Error ? error.message : String(error);
      await markMailFailed(deps.db, mail.id, progress.lastError);
      progress.failed += 1;
      if (mailServerFailed(error)) {
        progress.failed += await countPendingMails(deps.db, tried);
        break;
      }
      continue;
    }
    await inTransaction(deps.db, async (tx) => {
      await markMailSent(tx, mail.id);
      // Counted as it goes: a run whose server was stopped midway shows what it did send.
      await countRunMailSent(tx, runId);
      await audit(
        tx,
        actor,
        `wysłanie przypomnienia o przeglądach do ${to} (${mail.machines} ${machinesWord(mail.machines)})`,
        `reminder-mail:${mail.id}`,
      );
    });
    progress.sent += 1;
  }
  return { ...progress, stopped: false };
}
