import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { devices } from '../devices/devices.table.js';
import { users } from '../users/users.table.js';

/** An employee's choice in My account → Powiadomienia; no row means "off". */
export const reminderSettings = pgTable('reminder_settings', {
  userId: integer()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enabled: boolean().notNull().default(false),
  leadDays: integer()
    .array()
    .notNull()
    .default(sql`'{30,7}'::int[]`),
  overdue: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** One run of the reminder job, scheduled or started by an admin, with its counts. */
export const reminderRuns = pgTable(
  'reminder_runs',
  {
    id: serial().primaryKey(),
    trigger: varchar({ length: 10 }).notNull(),
    runDate: date({ mode: 'string' }).notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /**
     * When it last showed it was working (its start, each mail it took up): an unfinished run quiet
     * for STALE_RUN_MINUTES is taken as cut off, however long it has been going. Null: its server
     * stopped it on the way down (SIGTERM), and the next minute's check takes its mails over.
     */
    activeAt: timestamp({ withTimezone: true }).defaultNow(),
    startedBy: varchar({ length: 254 }),
    reminders: integer().notNull().default(0),
    mailsQueued: integer().notNull().default(0),
    mailsSent: integer().notNull().default(0),
    mailsFailed: integer().notNull().default(0),
    error: text(),
  },
  (t) => [index('reminder_runs_started_idx').on(t.startedAt.desc())],
);

/**
 * The digests to send, written in the same transaction as the sent-reminders records they carry,
 * and marked sent in the transaction that hands them to the mailer (see reminders.job.ts).
 */
export const reminderMails = pgTable(
  'reminder_mails',
  {
    id: serial().primaryKey(),
    runId: integer().references(() => reminderRuns.id, { onDelete: 'set null' }),
    recipient: varchar({ length: 40 }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 255 }).notNull(),
    body: text().notNull(),
    machines: integer().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * Being sent by some instance until then: the mail server is talked to with no transaction open,
     * and another instance delivering at the same time leaves the mail alone. A crashed sender's
     * claim runs out and the next run sends the mail.
     */
    claimedUntil: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('reminder_mails_pending_idx')
      .on(t.id)
      .where(sql`${t.sentAt} IS NULL`),
  ],
);

/**
 * What was decided to be sent: one row per machine, kind, due date, stage (lead days, -1 overdue)
 * and recipient ('user:ID' or 'customer:ID'). The unique key is what makes a reminder go out once
 * however many instances run the job.
 */
export const sentReminders = pgTable(
  'sent_reminders',
  {
    id: serial().primaryKey(),
    deviceId: integer()
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    kind: varchar({ length: 20 }).notNull(),
    dueDate: date({ mode: 'string' }).notNull(),
    leadDays: smallint().notNull(),
    recipient: varchar({ length: 40 }).notNull(),
    mailId: integer().references(() => reminderMails.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sent_reminders_key_uq').on(t.deviceId, t.kind, t.dueDate, t.leadDays, t.recipient),
    index('sent_reminders_mail_idx').on(t.mailId),
  ],
);
