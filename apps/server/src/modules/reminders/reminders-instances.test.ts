import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app.js';
import { loadConfig } from '../../config.js';
import { connectPostgres, type Database } from '../../db/database.js';
import { hashPassword } from '../auth/password.js';
import { insertUser } from '../users/users.repository.js';
import { CapturingMailer, XHR, dropTestDatabase, login, resetDatabase } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { PG_TEMPLATE_DB } from '../../../test/template.js';
import { runReminderJob } from './reminders.job.js';
import { upsertReminderSettings } from './reminders.repository.js';
import { reminderMails, sentReminders } from './reminders.table.js';
import { logs } from '../logs/logs.table.js';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/result-rows.js';

/**
 * Two app instances, each with its own connection pool and mailer, on one PostgreSQL database:
 * what several servers behind a proxy are. Runs in the PostgreSQL suite (npm run test:pg); PGlite
 * is one process by nature.
 */
const url = process.env.DATABASE_URL;
const NOW = new Date('2025-03-10T07:00:00Z');

interface Instance {
  app: App;
  database: Database;
  mailer: CapturingMailer;
}

describe.skipIf(!url)('reminders with two instances on one PostgreSQL', () => {
  const name = `serwis_test_${crypto.randomBytes(6).toString('hex')}`;
  const instances: Instance[] = [];
  let dataDir = '';

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-test-'));
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({ DATA_DIR: dataDir, FAST_HASH_FOR_TESTS: 'true', LOG_LEVEL: 'silent' });
      const database = await connectPostgres(dbUrl.toString(), false, 10);
      const mailer = new CapturingMailer();
      const app = await buildApp({ config, database, mailer, logger: false });
      await app.ready();
      instances.push({ app, database, mailer });
    }
  });

  afterAll(async () => {
    for (const i of instances) {
      await i.app.close();
      await i.database.close();
    }
    await dropTestDatabase(url!, name);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** 40 employees with reminders on and 200 machines due within 30 days. */
  async function seed() {
    const db = instances[0].database.db;
    await resetDatabase(instances[0].database);
    for (const i of instances) i.mailer.sent = [];
    const customer = await insertCustomer(db);
    const category = await insertCategory(db);
    for (let i = 0; i < 200; i++) {
      // Handed over 2024-09-10 … 2024-10-09: next inspections 2025-03-10 … 2025-04-09.
      const day = new Date(Date.UTC(2024, 8, 10 + (i % 30))).toISOString().slice(0, 10);
      await insertDevice(db, { customerId: customer.id, categoryId: category.id, transferDate: day });
    }
    const passwordHash = await hashPassword('Haslo-123456');
    const emails: string[] = [];
    for (let i = 0; i < 40; i++) {
      const email = `serwisant${i}@firma.pl`;
      const user = await insertUser(db, {
        userName: 'Serwisant',
        firstName: 'Jan',
        lastName: `Nr${i}`,
        email,
        passwordHash,
        roles: [i === 0 ? 'ADMIN' : 'USER'],
      });
      await upsertReminderSettings(db, user.id, { enabled: true, leadDays: [30, 7], overdue: true });
      emails.push(email);
    }
    return emails;
  }

  const allSent = () => instances.flatMap((i) => i.mailer.sent);
  const deps = (i: Instance) => ({ db: i.database.db, mailer: i.mailer, config: i.app.config });

  it('scheduled and manual runs started together on both instances send every digest exactly once', async () => {
    const emails = await seed();
    const runs = await Promise.all([
      runReminderJob(deps(instances[0]), { trigger: 'SCHEDULE', now: NOW }),
      runReminderJob(deps(instances[1]), { trigger: 'SCHEDULE', now: NOW }),
      runReminderJob(deps(instances[0]), { trigger: 'MANUAL', now: NOW }),
      runReminderJob(deps(instances[1]), { trigger: 'MANUAL', now: NOW }),
    ]);
    const recipients = allSent().map((m) => m.to);
    expect(recipients.sort()).toEqual([...emails].sort());
    for (const mail of allSent()) expect(mail.subject).toBe('Przeglądy do wykonania: 200 maszyn');
    expect(runs.filter(Boolean).reduce((n, r) => n + r!.mailsQueued, 0)).toBe(40);
    const db = instances[0].database.db;
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(sentReminders);
    expect(n).toBe(200 * 40);
    const [{ audits }] = await db
      .select({ audits: sql<number>`count(*)::int` })
      .from(logs)
      .where(sql`${logs.formattedMessage} LIKE '%wysłanie przypomnienia o przeglądach%'`);
    expect(audits).toBe(40);

    // Both instances' "run now" buttons at once, through HTTP: nothing more goes out.
    const cookie = await login(instances[0].app, emails[0], 'Haslo-123456');
    const answers = await Promise.all(
      instances.map((i) =>
        i.app.inject({ method: 'POST', url: '/api/reminders/run', headers: { ...XHR, cookie } }),
      ),
    );
    // Each is done, or refused while the other still works (told to try again), never both idle.
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    for (const a of answers.filter((a) => a.statusCode === 409))
      expect(a.json().message).toBe('Wysyłanie przypomnień właśnie trwa. Spróbuj ponownie za chwilę.');
    expect(allSent()).toHaveLength(40);
  });

  it('an instance closed (SIGTERM) mid-run finishes the mail in flight; the other takes the rest over at once', async () => {
    const emails = await seed();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    const config = loadConfig({ DATA_DIR: dataDir, FAST_HASH_FOR_TESTS: 'true', LOG_LEVEL: 'silent' });
    const database = await connectPostgres(dbUrl.toString(), false, 10);
    let inFlight!: () => void;
    const handingOver = new Promise<void>((resolve) => (inFlight = resolve));
    let accept!: () => void;
    const closingSent: string[] = [];
    // The 6th mail is with the mail server (13 s in the tester's case) when the instance is told to stop.
    const mailer = {
      target: 'slow',
      send: async (message: Parameters<CapturingMailer['send']>[0]) => {
        if (closingSent.length === 5) {
          inFlight();
          await new Promise<void>((resolve) => (accept = resolve));
        }
        closingSent.push(message.to);
      },
    };
    const closing = await buildApp({ config, database, mailer, logger: false });
    await closing.ready();
    const run = closing.reminderWork.track(
      runReminderJob(
        { db: database.db, mailer, config },
        { trigger: 'SCHEDULE', now: NOW, signal: closing.reminderWork.signal },
      ),
    );
    await handingOver;
    const closed = closing.close();
    accept();
    await closed;
    await database.close();
    expect(await run).toMatchObject({ mailsQueued: 40, mailsSent: 6, state: 'INTERRUPTED' });
    expect(closingSent).toHaveLength(6);
    // Marked sent before the close ended: the other instance sends the other 34, none again, without
    // waiting for the stopped run's 15 minutes.
    const takeover = await runReminderJob(deps(instances[1]), { trigger: 'SCHEDULE', now: NOW });
    expect(takeover).toMatchObject({ mailsQueued: 0, mailsSent: 34 });
    const recipients = [...closingSent, ...allSent().map((m) => m.to)];
    expect(recipients.sort()).toEqual([...emails].sort());
  });

  it('a mail server slower than the stop allows: the run is marked cut off before the process ends', async () => {
    await seed();
    const dbUrl = new URL(url!);
    dbUrl.pathname = `/${name}`;
    // SHUTDOWN_TIMEOUT_S=6: the close waits 1 s for the mail in flight, which takes far longer.
    const config = loadConfig({
      DATA_DIR: dataDir,
      FAST_HASH_FOR_TESTS: 'true',
      LOG_LEVEL: 'silent',
      SHUTDOWN_TIMEOUT_S: '6',
    });
    const database = await connectPostgres(dbUrl.toString(), false, 10);
    let inFlight!: () => void;
    const handingOver = new Promise<void>((resolve) => (inFlight = resolve));
    const never = {
      target: 'silent',
      send: async () => {
        inFlight();
        await new Promise<void>(() => undefined);
      },
    };
    const closing = await buildApp({ config, database, mailer: never, logger: false });
    await closing.ready();
    const cookie = await login(closing, 'serwisant0@firma.pl', 'Haslo-123456');
    closing.reminderWork.answerWaitMs = 60_000;
    // The press works for NOW's day, when the seeded machines are due (the clock alone is set).
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const pressed = closing.inject({
      method: 'POST',
      url: '/api/reminders/run',
      headers: { ...XHR, cookie },
    });
    await handingOver;
    vi.useRealTimers();
    const closed = closing.close();
    // The press is answered at once as stopped, not "being sent".
    expect((await pressed).json()).toMatchObject({ mailsQueued: 40, mailsSent: 0, state: 'INTERRUPTED' });
    await closed;
    await database.close();
    const [run] = rowsOf(
      await instances[1].database.db.execute(
        sql`SELECT finished_at, active_at FROM reminder_runs ORDER BY id DESC LIMIT 1`,
      ),
    );
    expect(run).toEqual({ finished_at: null, active_at: null });
    // The other instance takes it over at once; the mail in flight keeps its claim (it may have been
    // accepted) and goes with a later run once the claim has run out.
    const takeover = await runReminderJob(deps(instances[1]), { trigger: 'MANUAL', now: NOW });
    expect(takeover).toMatchObject({ mailsQueued: 0, mailsSent: 39, state: 'FINISHED' });
  });

  it('an instance that stops while delivering loses nothing and repeats nothing after the restart', async () => {
    const emails = await seed();
    const first = instances[0];
    let delivered = 0;
    // The first instance loses its way out after handing over 15 mails (every later hand-off fails),
    // as when it is stopped mid-delivery: its run ends with 25 digests composed but unsent.
    const dying = {
      target: 'dying',
      send: async (message: Parameters<CapturingMailer['send']>[0]) => {
        if (delivered === 15) throw new Error('process killed');
        delivered += 1;
        first.mailer.sent.push(message);
      },
    };
    const crashed = await runReminderJob(
      { ...deps(first), mailer: dying },
      { trigger: 'SCHEDULE', now: NOW },
    );
    expect(crashed?.mailsSent).toBe(15);
    const db = first.database.db;
    const [{ pending }] = await db
      .select({ pending: sql<number>`count(*)::int` })
      .from(reminderMails)
      .where(sql`${reminderMails.sentAt} IS NULL`);
    expect(pending).toBe(25);

    // The other instance takes over: the same day's job composes nothing new and sends the rest.
    await db.execute(
      sql`UPDATE reminder_runs SET finished_at = NULL, started_at = now() - interval '1 hour',
        active_at = now() - interval '16 minutes'`,
    );
    const takeover = await runReminderJob(deps(instances[1]), { trigger: 'SCHEDULE', now: NOW });
    expect(takeover).toMatchObject({ mailsQueued: 0, mailsSent: 25 });
    const recipients = allSent().map((m) => m.to);
    expect(new Set(recipients).size).toBe(40);
    expect(recipients.sort()).toEqual([...emails].sort());
  });
});
