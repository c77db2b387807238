import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { firstEmailAddress } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { inspectionSummaries } from '../inspections/inspection-summaries.table.js';
import { users } from '../users/users.table.js';
import { reminderMails, reminderRuns, reminderSettings, sentReminders } from './reminders.table.js';

export const INSPECTION_KIND = 'INSPECTION';

export async function findReminderSettings(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(reminderSettings).where(eq(reminderSettings.userId, userId));
  return row;
}

export async function upsertReminderSettings(
  db: DbOrTx,
  userId: number,
  values: { enabled: boolean; leadDays: number[]; overdue: boolean },
) {
  const [row] = await db
    .insert(reminderSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({
      target: reminderSettings.userId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning();
  return row;
}

/** An employee owed reminders: his account active, his reminders on. */
const subscribed = and(eq(reminderSettings.enabled, true), eq(users.active, true));

/** Active employees who switched reminders on. */
export function findSubscribedUsers(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      email: users.email,
      leadDays: reminderSettings.leadDays,
      overdue: reminderSettings.overdue,
    })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(subscribed)
    .orderBy(users.id);
}

/**
 * The machines of the "only current" inspection list (inspections on, handed over, final warranty
 * inspection not done — the skip rules of /machinePeriodicInspection) due in [from, to], read
 * through the summaries' partial index `inspection_summaries_actual_idx`.
 */
export function findMachinesDueBetween(db: DbOrTx, from: string, to: string) {
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serialNumber: devices.serialNumber,
      streetAddress: devices.streetAddress,
      zipCode: devices.zipCode,
      city: devices.city,
      dueDate: sql<string>`${inspectionSummaries.nextInspection}::text`,
      customerId: customers.id,
      customerShortName: customers.shortName,
      customerEmail: customers.email,
      customerNotices: customers.inspectionNotices,
    })
    .from(inspectionSummaries)
    .innerJoin(devices, eq(devices.id, inspectionSummaries.deviceId))
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .where(
      and(
        sql`${inspectionSummaries.actual}`,
        sql`${inspectionSummaries.nextInspection} BETWEEN ${from}::date AND ${to}::date`,
      ),
    )
    .orderBy(inspectionSummaries.nextInspection, inspectionSummaries.deviceId);
}
export type MachineDueRow = Awaited<ReturnType<typeof findMachinesDueBetween>>[number];

/** Records already made for these machines (any due date; the caller matches the key). */
export function findSentReminders(db: DbOrTx, deviceIds: readonly number[]) {
  if (!deviceIds.length) return Promise.resolve([]);
  return db
    .select({
      deviceId: sentReminders.deviceId,
      dueDate: sql<string>`${sentReminders.dueDate}::text`,
      leadDays: sentReminders.leadDays,
      recipient: sentReminders.recipient,
    })
    .from(sentReminders)
    .where(
      and(
        // One array parameter, however many machines (a bind list would hit the 65,535 limit).
        sql`${sentReminders.deviceId} = ANY(${`{${deviceIds.join(',')}}`}::int[])`,
        eq(sentReminders.kind, INSPECTION_KIND),
      ),
    );
}

export interface SentReminderKey {
  deviceId: number;
  dueDate: string;
  leadDays: number;
  recipient: string;
}

/** Rows per INSERT: 6 parameters each stays far below PostgreSQL's 65,535 per statement. */
const INSERT_CHUNK = 2000;

/** Inserts the keys; answers how many were new (a key already there is skipped, never repeated). */
export async function insertSentReminders(db: DbOrTx, mailId: number, keys: readonly SentReminderKey[]) {
  let inserted = 0;
  for (let i = 0; i < keys.length; i += INSERT_CHUNK) {
    const rows = await db
      .insert(sentReminders)
      .values(keys.slice(i, i + INSERT_CHUNK).map((k) => ({ ...k, kind: INSPECTION_KIND, mailId })))
      .onConflictDoNothing()
      .returning({ id: sentReminders.id });
    inserted += rows.length;
  }
  return inserted;
}

export async function insertReminderMail(
  db: DbOrTx,
  values: {
    runId: number;
    recipient: string;
    email: string;
    subject: string;
    body: string;
    machines: number;
  },
) {
  const [row] = await db.insert(reminderMails).values(values).returning({ id: reminderMails.id });
  return row.id;
}

/** Unsent, not claimed by a sender now, and not among `skipIds` (the mails this run has tried). */
const unclaimedUntried = (skipIds: readonly number[]) =>
  sql`sent_at IS NULL AND (claimed_until IS NULL OR claimed_until < now())
    ${skipIds.length ? sql`AND id <> ALL(${`{${skipIds.join(',')}}`}::int[])` : sql``}`;

/**
 * Claims the next unsent mail not yet tried in this run and not being sent by another instance,
 * for `claimSeconds`: the mail server is then talked to with no transaction open (PGlite has one
 * connection, and a mail server that stayed silent for its 30 s held every request of the app).
 */
export async function claimPendingMail(db: DbOrTx, skipIds: readonly number[], claimSeconds: number) {
  const result = await db.execute(sql`
    UPDATE ${reminderMails} SET claimed_until = now() + make_interval(secs => ${claimSeconds})
    WHERE id = (
      SELECT id FROM ${reminderMails} WHERE ${unclaimedUntried(skipIds)}
      ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, email, subject, body, machines, recipient,
      to_char(created_at AT TIME ZONE 'UTC', 'YYYYMMDDHH24MISSMS') AS "queuedAt"`);
  const rows = rowsOf<PendingMail>(result);
  return rows[0];
}
export interface PendingMail {
  id: number;
  email: string;
  subject: string;
  body: string;
  machines: number;
  recipient: string;
  /** When it was queued, to the millisecond (UTC digits): part of its Message-ID. */
  queuedAt: string;
}

export async function markMailSent(db: DbOrTx, id: number) {
  await db
    .update(reminderMails)
    .set({
      sentAt: sql`now()`,
      attempts: sql`${reminderMails.attempts} + 1`,
      lastError: null,
      claimedUntil: null,
    })
    .where(eq(reminderMails.id, id));
}

/**
 * Where a pending customer's notice goes now: the first address of the customer's E-mail field,
 * or null when the customer is gone, no longer wants notices or has no address. A notice refused
 * for a wrong address was tried again at that address every day, and the corrected one never got it.
 */
export async function currentNoticeAddress(db: DbOrTx, customerId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: customers.email, notices: customers.inspectionNotices })
    .from(customers)
    .where(eq(customers.id, customerId));
  return row?.notices ? firstEmailAddress(row.email) : null;
}

/**
 * An employee's digest at the moment it is sent: their address as it is now, while the account is
 * active and their reminders are on (null: withdrawn, e.g. the employee has left since).
 */
export async function currentDigestAddress(db: DbOrTx, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ email: users.email })
    .from(reminderSettings)
    .innerJoin(users, eq(users.id, reminderSettings.userId))
    .where(and(eq(reminderSettings.userId, userId), subscribed));
  return row?.email ?? null;
}

/** A pending mail sent to another address than it was composed for (the customer's corrected one). */
export async function readdressMail(db: DbOrTx, id: number, email: string) {
  await db.update(reminderMails).set({ email }).where(eq(reminderMails.id, id));
}

/**
 * A pending mail nobody should get any more (the customer gone or its notices off, the employee
 * gone or his reminders off): dropped with its reminders, which were never delivered, so that a
 * later run owes them again if the recipient comes back (notices or reminders switched on again).
 */
export async function withdrawMail(db: DbOrTx, id: number) {
  const [pending] = await db
    .select({ id: reminderMails.id })
    .from(reminderMails)
    .where(and(eq(reminderMails.id, id), isNull(reminderMails.sentAt)));
  if (!pending) return;
  await db.delete(sentReminders).where(eq(sentReminders.mailId, id));
  await db.delete(reminderMails).where(eq(reminderMails.id, id));
}

export async function markMailFailed(db: DbOrTx, id: number, error: string) {
  await db
    .update(reminderMails)
    .set({
      attempts: sql`${reminderMails.attempts} + 1`,
      lastError: error.slice(0, 1000),
      claimedUntil: null,
    })
    .where(and(eq(reminderMails.id, id), isNull(reminderMails.sentAt)));
}

export async function insertRun(
  db: DbOrTx,
  values: { trigger: 'SCHEDULE' | 'MANUAL'; runDate: string; startedBy: string | null },
) {
  const [row] = await db.insert(reminderRuns).values(values).returning({ id: reminderRuns.id });
  return row.id;
}

export async function updateRun(db: DbOrTx, id: number, values: Partial<typeof reminderRuns.$inferInsert>) {
  await db.update(reminderRuns).set(values).where(eq(reminderRuns.id, id));
}

/** Unfinished and active within the last `staleMinutes` (not cut off, not stopped on the way down). */
const stillWorking = (staleMinutes: number) =>
  sql`${reminderRuns.finishedAt} IS NULL AND ${reminderRuns.activeAt} > now() - make_interval(mins => ${staleMinutes})`;

/** A scheduled run for this day that finished, or is still working. */
export async function findLiveScheduledRun(db: DbOrTx, runDate: string, staleMinutes: number) {
  const [row] = await db
    .select({ id: reminderRuns.id })
    .from(reminderRuns)
    .where(
      and(
        eq(reminderRuns.trigger, 'SCHEDULE'),
        eq(reminderRuns.runDate, runDate),
        sql`(${reminderRuns.finishedAt} IS NOT NULL OR (${stillWorking(staleMinutes)}))`,
      ),
    )
    .limit(1);
  return row;
}

/** Any scheduled run for this day, finished or not. */
export async function findScheduledRun(db: DbOrTx, runDate: string) {
  const [row] = await db
    .select({ id: reminderRuns.id })
    .from(reminderRuns)
    .where(and(eq(reminderRuns.trigger, 'SCHEDULE'), eq(reminderRuns.runDate, runDate)))
    .limit(1);
  return row;
}

/** A run of any kind still working, on this instance or another. */
export async function findLiveRun(db: DbOrTx, staleMinutes: number) {
  const [row] = await db
    .select({ id: reminderRuns.id })
    .from(reminderRuns)
    .where(stillWorking(staleMinutes))
    .limit(1);
  return row;
}

/** Runs whose server is ending before they could: shown cut off, and taken over by the next check. */
export async function markRunsCutOff(db: DbOrTx, runIds: readonly number[]) {
  if (!runIds.length) return;
  await db
    .update(reminderRuns)
    .set({ activeAt: null })
    .where(and(inArray(reminderRuns.id, [...runIds]), isNull(reminderRuns.finishedAt)));
}

/** The run shows it is working (a mail taken up): it is not taken as cut off. */
export async function markRunActive(db: DbOrTx, runId: number) {
  await db
    .update(reminderRuns)
    .set({ activeAt: sql`now()` })
    .where(eq(reminderRuns.id, runId));
}

export async function countRunMailSent(db: DbOrTx, runId: number) {
  await db
    .update(reminderRuns)
    .set({ mailsSent: sql`${reminderRuns.mailsSent} + 1` })
    .where(eq(reminderRuns.id, runId));
}

export function findLastRuns(db: DbOrTx, limit = 20) {
  return db
    .select()
    .from(reminderRuns)
    .orderBy(desc(reminderRuns.startedAt), desc(reminderRuns.id))
    .limit(limit);
}

/** Unsent mails not tried in this run nor being sent by another instance: left for the next run. */
export async function countPendingMails(db: DbOrTx, skipIds: readonly number[]): Promise<number> {
  const result = await db.execute(
    sql`SELECT count(*)::int AS n FROM ${reminderMails} WHERE ${unclaimedUntried(skipIds)}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}
