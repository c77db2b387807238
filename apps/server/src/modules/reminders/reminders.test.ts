import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { addMonths, daysBetween, todayInZone } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { addDevice, deviceBody, seedReferences, type References } from '../devices/devices.fixtures.js';
import { postService, serviceJson } from '../services/services.fixtures.js';
import { customers } from '../customers/customers.table.js';
import { logs } from '../logs/logs.table.js';
import { users } from '../users/users.table.js';
import { runReminderJob } from './reminders.job.js';
import { reminderMails, reminderRuns, sentReminders } from './reminders.table.js';
import { startReminderScheduler } from './reminders.scheduler.js';
import { ReminderWork } from './reminders.work.js';

const ctx = useTestApp({ PUBLIC_BASE_URL: 'https://serwis.firma.pl/' });
const deps = () => ({ db: ctx.database.db, mailer: ctx.mailer, config: ctx.config });

/** 2025-03-10 in Warsaw (00:30 CET), still 2025-03-09 in UTC. */
const NOW = new Date('2025-03-09T23:30:00Z');

async function enableReminders(
  user: TestUser,
  body: object = { enabled: true, leadDays: [30, 7], overdue: true },
) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/reminders/settings',
    headers: as(user),
    payload: body,
  });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Machines due 5, 20 and 40 days after 2025-03-10, one 3 days overdue, and three that are skipped. */
async function seedMachines(user: TestUser, refs: References) {
  const add = (name: string, overrides: Parameters<typeof deviceBody>[1]) =>
    addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name, serialNumber: `SN-${name}`, ...overrides }));
  const in5 = await add('Za5', { transferDate: '2024-09-15' });
  const in20 = await add('Za20', { transferDate: '2024-09-30' });
  const in40 = await add('Za40', { transferDate: '2024-10-19' });
  const overdue = await add('Po3', { transferDate: '2024-09-07', customer: { id: refs.zaklad } });
  const off = await add('Wylaczona', { transferDate: '2024-09-12' });
  const switched = await ctx.app.inject({
    method: 'PATCH',
    url: '/api/device/isPeriodicInspectionEnabled',
    headers: as(user),
    payload: { id: off.id, isPeriodicInspectionEnabled: false },
  });
  expect(switched.statusCode).toBe(200);
  await add('Nieprzekazana', { transferDate: null });
  // Warranty of 6 months whose 6-month inspection is done: no more warranty inspections.
  const done = await add('PoGwarancji', { transferDate: '2024-03-12', warrantyLength: 6 });
  const inspection = await postService(
    ctx,
    user,
    serviceJson(refs.kowalski, [done.id], { type: ['PRZEGLAD_OKRESOWY'], period: 6, date: '2024-09-10' }),
  );
  expect(inspection.statusCode).toBe(201);
  return { in5, in20, in40, overdue };
}

/** Jan (an admin when asked) and Anna with reminders on, and the seeded machines: two digests due. */
async function janAndAnnaSubscribed(janIsAdmin = false) {
  const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', admin: janIsAdmin });
  const anna = await createUserAndLogin(ctx, { email: 'anna@firma.pl' });
  const refs = await seedReferences(ctx);
  await seedMachines(jan, refs);
  await enableReminders(jan);
  await enableReminders(anna);
  return { jan, anna, refs };
}

/** A mail server that refuses every mail with `message`. */
const refusingMailer = (message: string) => ({
  target: 'broken',
  send: async () => {
    throw new Error(message);
  },
});

describe('inspection reminder job', () => {
  it('sends one digest listing the machines within the lead times and the overdue one, once', async () => {
    const user = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await createUserAndLogin(ctx, { email: 'cichy@firma.pl' }); // reminders off: gets nothing
    const refs = await seedReferences(ctx);
    const m = await seedMachines(user, refs);
    await enableReminders(user);

    const first = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(first).toMatchObject({ runDate: '2025-03-10', mailsQueued: 1, mailsSent: 1, reminders: 3 });
    expect(ctx.mailer.sent).toHaveLength(1);
    const mail = ctx.mailer.sent[0];
    expect(mail.to).toBe('jan@firma.pl');
    expect(mail.subject).toBe('Przeglądy do wykonania: 3 maszyny');
    expect(mail.text).toContain('Termin przeglądu: 2025-03-15 (za 5 dni)');
    expect(mail.text).toContain('Termin przeglądu: 2025-03-30 (za 20 dni)');
    expect(mail.text).toContain('Termin przeglądu: 2025-03-07 (po terminie od 3 dni)');
    expect(mail.text).toContain(`Karta maszyny: https://serwis.firma.pl/machineEdit?id=${m.in5.id}`);
    expect(mail.text).toContain('Kontrahent: ZPH Łódź');
    expect(mail.text).toContain('nr seryjny SN-Za5');
    for (const skipped of ['Za40', 'Wylaczona', 'Nieprzekazana', 'PoGwarancji']) {
      expect(mail.text).not.toContain(`${skipped},`);
    }
    expect(mail.text).toContain(
      'zbliżają się lub minęły terminy przeglądów okresowych (gwarancyjnych) tych maszyn (stan na 2025-03-10):',
    );
    // The mail's id, the instant it was queued, and MAIL_FROM's domain ("Serwis <serwis@localhost>").
    expect(mail.messageId).toMatch(/^<reminder-\d+\.\d{17}@localhost>$/);
    expect(mail.replyTo).toBeUndefined();
    // Nearest lead time owed: 7 for the machine 5 days away, 30 for the one 20 days away, -1 overdue.
    const keys = await ctx.database.db
      .select({ deviceId: sentReminders.deviceId, leadDays: sentReminders.leadDays })
      .from(sentReminders)
      .orderBy(sentReminders.deviceId);
    expect(keys).toEqual([
      { deviceId: m.in5.id, leadDays: 7 },
      { deviceId: m.in20.id, leadDays: 30 },
      { deviceId: m.overdue.id, leadDays: -1 },
    ]);
    const audits = await ctx.database.db
      .select()
      .from(logs)
      .where(sql`${logs.formattedMessage} LIKE '%przypomnienia o przeglądach do%'`);
    expect(audits).toHaveLength(1);
    expect(audits[0].formattedMessage).toBe(
      'System: wysłanie przypomnienia o przeglądach do jan@firma.pl (3 maszyny)',
    );

    // The same day again: nothing new.
    const again = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(again).toMatchObject({ mailsQueued: 0, mailsSent: 0, reminders: 0 });
    expect(ctx.mailer.sent).toHaveLength(1);

    // 13 days later: the 20-day machine reaches 7 days, the 40-day one 30 days, the 5-day one is overdue.
    const later = await runReminderJob(deps(), { trigger: 'MANUAL', now: new Date('2025-03-23T08:00:00Z') });
    expect(later).toMatchObject({ mailsQueued: 1, reminders: 3 });
    expect(ctx.mailer.sent[1].text).toContain('Termin przeglądu: 2025-03-30 (za 7 dni)');
    expect(ctx.mailer.sent[1].text).toContain('Termin przeglądu: 2025-04-19 (za 27 dni)');
    expect(ctx.mailer.sent[1].text).toContain('Termin przeglądu: 2025-03-15 (po terminie od 8 dni)');
    expect(ctx.mailer.sent[1].text).not.toContain('2025-03-07');
  });

  it('takes "today" in the company time zone', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user, { enabled: true, leadDays: [5], overdue: false });
    // 23:30 UTC on 9 March is already 10 March in Warsaw: the machine due on 15 March is 5 days away.
    const run = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(run?.reminders).toBe(1);
    const utc = await runReminderJob(
      { ...deps(), config: { ...ctx.config, TZ_COMPANY: 'UTC' } },
      { trigger: 'MANUAL', now: new Date('2025-03-09T10:00:00Z') },
    );
    expect(utc?.runDate).toBe('2025-03-09');
    expect(utc?.reminders).toBe(0);
  });

  it('handles month ends and leap years through the summaries: 2023-08-31 + 6 months is 2024-02-29', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { transferDate: '2023-08-31' }));
    await enableReminders(user, { enabled: true, leadDays: [30], overdue: true });
    const dayBefore = await runReminderJob(deps(), {
      trigger: 'MANUAL',
      now: new Date('2024-01-29T12:00:00Z'),
    });
    expect(dayBefore?.reminders).toBe(0);
    const onTime = await runReminderJob(deps(), { trigger: 'MANUAL', now: new Date('2024-01-30T12:00:00Z') });
    expect(onTime?.reminders).toBe(1);
    expect(ctx.mailer.sent[0].text).toContain('Termin przeglądu: 2024-02-29 (za 30 dni)');
    const overdue = await runReminderJob(deps(), {
      trigger: 'MANUAL',
      now: new Date('2024-03-01T12:00:00Z'),
    });
    expect(overdue?.reminders).toBe(1);
    expect(ctx.mailer.sent[1].text).toContain('Termin przeglądu: 2024-02-29 (po terminie od 1 dnia)');
    expect(ctx.mailer.sent[1].text).toContain(`machineEdit?id=${device.id}`);
  });

  it("sends the customer's notice only when switched on, with their own machines and the company name", async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await ctx.database.db
      .update(customers)
      .set({ email: 'biuro@kowalski.pl, serwis@kowalski.pl' })
      .where(eq(customers.id, refs.kowalski));
    await ctx.database.db
      .update(customers)
      .set({ email: 'zph@lodz.pl' })
      .where(eq(customers.id, refs.zaklad));
    const off = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(off?.mailsQueued).toBe(0);

    const admin = await createUserAndLogin(ctx, { admin: true });
    const customer = (
      await ctx.app.inject({ method: 'GET', url: `/api/customer/findAll`, headers: as(admin) })
    ).json() as { id: number; shortName: string }[];
    const kowalski = customer.find((c) => c.id === refs.kowalski)!;
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: '/api/customer/update',
      headers: as(admin),
      payload: { ...kowalski, inspectionNotices: true },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().inspectionNotices).toBe(true);

    const company = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: { email: 'biuro@serwis-maszyn.pl' },
    });
    expect(company.statusCode).toBe(200);

    const on = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(on?.mailsQueued).toBe(1);
    const notice = ctx.mailer.sent.at(-1)!;
    expect(notice.to).toBe('biuro@kowalski.pl');
    expect(notice.subject).toBe('Przypomnienie o przeglądzie okresowym – Serwis');
    expect(notice.text).toContain('Szanowni Państwo,');
    expect(notice.text).toContain('uprzejmie przypominamy o terminach przeglądów okresowych Państwa maszyn:');
    // An answer goes to the office's address of "Dane firmy", not to the sending mailbox.
    expect(notice.replyTo).toBe('biuro@serwis-maszyn.pl');
    expect(notice.text).toContain('Za5, nr seryjny SN-Za5');
    expect(notice.text).toContain('termin przeglądu: 2025-03-30.');
    expect(notice.text).not.toContain('za 20 dni'); // the date alone: it may go out a day later
    expect(notice.text).not.toContain('Po3'); // another customer's machine
    expect(notice.text).not.toContain('machineEdit');
    expect(notice.text).toMatch(/Z poważaniem\nSerwis\n/);
  });

  it('keeps a mail the mail server refused and sends it on the next run', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user);
    const failing = refusingMailer('connection refused');
    const broken = await runReminderJob({ ...deps(), mailer: failing }, { trigger: 'MANUAL', now: NOW });
    expect(broken).toMatchObject({ mailsQueued: 1, mailsSent: 0, mailsFailed: 1 });
    const [pending] = await ctx.database.db.select().from(reminderMails);
    expect(pending).toMatchObject({ sentAt: null, attempts: 1, lastError: 'connection refused' });
    const retry = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(retry).toMatchObject({ mailsQueued: 0, mailsSent: 1 });
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it('talks to a silent mail server with no transaction open: the app answers meanwhile', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const anna = await createUserAndLogin(ctx, { email: 'anna@firma.pl' });
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user);
    await enableReminders(anna);
    let handedOver!: () => void;
    const asked = new Promise<void>((resolve) => (handedOver = resolve));
    let answer!: () => void;
    // The first mail goes; at the second the mail server says nothing until told to.
    const silent = {
      target: 'silent',
      send: async (message: Parameters<typeof ctx.mailer.send>[0]) => {
        if (ctx.mailer.sent.length === 1) {
          handedOver();
          await new Promise<void>((resolve) => (answer = resolve));
        }
        ctx.mailer.sent.push(message);
      },
    };
    const run = runReminderJob({ ...deps(), mailer: silent }, { trigger: 'MANUAL', now: NOW });
    await asked;
    // PGlite has one connection: while the mail server was talked to inside a transaction, every
    // request of the app waited for it (its 30 s of silence per mail).
    const meanwhile = ctx.app
      .inject({ method: 'GET', url: '/api/category/findAll', headers: as(user) })
      .then((response) => response.statusCode);
    const held = new Promise<'held'>((resolve) => setTimeout(() => resolve('held'), 10_000));
    expect(await Promise.race([meanwhile, held])).toBe(200);
    // The run counts what it sent as it goes: a run whose server is stopped now shows its one mail.
    const runs = await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(user) });
    expect(runs.json()).toMatchObject([{ mailsQueued: 2, mailsSent: 1, finishedAt: null, state: 'RUNNING' }]);
    answer();
    expect(await run).toMatchObject({ mailsSent: 2, mailsFailed: 0 });
    const listed = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(user) })).json();
    expect(await listed()).toMatchObject([{ mailsSent: 2, state: 'FINISHED' }]);
    // A run going for an hour that took up a mail just now is working (a slow mail server), and is
    // not taken over; one that has shown nothing for the takeover limit was cut off.
    await ctx.database.db.execute(
      sql`UPDATE reminder_runs SET finished_at = NULL, started_at = now() - interval '1 hour', active_at = now()`,
    );
    expect(await listed()).toMatchObject([{ finishedAt: null, state: 'RUNNING' }]);
    await ctx.database.db.execute(sql`UPDATE reminder_runs SET active_at = now() - interval '16 minutes'`);
    expect(await listed()).toMatchObject([{ finishedAt: null, state: 'INTERRUPTED' }]);
    const mails = await ctx.database.db.select().from(reminderMails);
    expect(mails.map((m) => [m.attempts, m.claimedUntil, m.sentAt !== null])).toEqual([
      [1, null, true],
      [1, null, true],
    ]);
  });

  it('a server stopping mid-run sends the mail in flight, takes up no other, and the next check takes over at once', async () => {
    const { jan } = await janAndAnnaSubscribed(true);
    const stopping = new AbortController();
    let inFlight!: () => void;
    const handingOver = new Promise<void>((resolve) => (inFlight = resolve));
    let accept!: () => void;
    // The server is told to stop while the first mail is with the mail server.
    const slow = {
      target: 'slow',
      send: async (message: Parameters<typeof ctx.mailer.send>[0]) => {
        inFlight();
        await new Promise<void>((resolve) => (accept = resolve));
        ctx.mailer.sent.push(message);
      },
    };
    const run = runReminderJob(
      { ...deps(), mailer: slow },
      { trigger: 'SCHEDULE', now: NOW, signal: stopping.signal },
    );
    await handingOver;
    stopping.abort();
    accept();
    expect(await run).toMatchObject({ mailsQueued: 2, mailsSent: 1, state: 'INTERRUPTED' });
    const mails = await ctx.database.db.select().from(reminderMails).orderBy(reminderMails.id);
    // The mail the mail server took is marked sent (the next run does not send it again); the
    // other was never taken up, so nothing holds it.
    expect(mails.map((m) => [m.sentAt !== null, m.attempts, m.claimedUntil])).toEqual([
      [true, 1, null],
      [false, 0, null],
    ]);
    const runs = await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(jan) });
    expect(runs.json()).toMatchObject([{ state: 'INTERRUPTED', mailsSent: 1, finishedAt: null }]);
    // The next minute's check of any instance takes the day's run over without waiting out the limit.
    const takeover = await runReminderJob(deps(), { trigger: 'SCHEDULE', now: NOW });
    expect(takeover).toMatchObject({ mailsQueued: 0, mailsSent: 1, state: 'FINISHED' });
    expect(ctx.mailer.sent.map((m) => m.to).sort()).toEqual(['anna@firma.pl', 'jan@firma.pl']);
    expect(await runReminderJob(deps(), { trigger: 'SCHEDULE', now: NOW })).toBeNull();
  });

  it("takes over a day's run cut off after midnight before the next day's time; a day without one is left", async () => {
    await janAndAnnaSubscribed();
    const stopping = new AbortController();
    stopping.abort(); // stopped before its first mail: both wait
    const cut = await runReminderJob(deps(), { trigger: 'SCHEDULE', now: NOW, signal: stopping.signal });
    expect(cut).toMatchObject({ runDate: '2025-03-10', mailsQueued: 2, mailsSent: 0, state: 'INTERRUPTED' });
    // 00:10 the next day, before REMINDER_TIME: the check works for the day before.
    const nextNight = new Date('2025-03-10T23:10:00Z');
    const earlier = await runReminderJob(deps(), {
      trigger: 'SCHEDULE',
      now: nextNight,
      runDate: '2025-03-09',
    });
    expect(earlier).toBeNull(); // no run that day: nothing to take over
    const takeover = await runReminderJob(deps(), {
      trigger: 'SCHEDULE',
      now: nextNight,
      runDate: '2025-03-10',
    });
    expect(takeover).toMatchObject({ runDate: '2025-03-10', mailsSent: 2, state: 'FINISHED' });
    expect(ctx.mailer.sent).toHaveLength(2);
    expect(
      await runReminderJob(deps(), { trigger: 'SCHEDULE', now: nextNight, runDate: '2025-03-10' }),
    ).toBeNull();
  });

  it("the scheduler's first check runs the day's job once; its work is stopped with the app's", async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user);
    const work = new ReminderWork();
    const quiet = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;
    // Every time of day is past 00:00: the first check (at once) runs today's job.
    const stop = startReminderScheduler(
      { ...deps(), config: { ...ctx.config, REMINDER_TIME: '00:00' } },
      quiet,
      work,
      50,
    );
    try {
      await vi.waitFor(async () => {
        const [run] = await ctx.database.db.select().from(reminderRuns);
        expect(run).toMatchObject({ trigger: 'SCHEDULE', runDate: todayInZone(ctx.config.TZ_COMPANY) });
        expect(run.finishedAt).not.toBeNull();
      });
      expect(quiet.info).toHaveBeenCalledTimes(1);
      // Later checks the same day find it done.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await ctx.database.db.select().from(reminderRuns)).toHaveLength(1);
    } finally {
      stop();
      await work.stop();
    }
  });

  it('"Uruchom teraz" with a slow mail server answers with the counts so far; the run goes on and a second press waits', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'admin@firma.pl' });
    const anna = await createUserAndLogin(ctx, { email: 'anna@firma.pl' });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, admin, 'INTERNAL', deviceBody(refs, { transferDate: '2024-01-15' }));
    const transfer = addMonths(todayInZone(ctx.config.TZ_COMPANY), -6);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: '/api/device/update',
      headers: as(admin),
      payload: { ...deviceBody(refs, { transferDate: transfer }), id: device.id },
    });
    expect(edited.statusCode).toBe(200);
    await enableReminders(admin);
    await enableReminders(anna);
    const releases: (() => void)[] = [];
    const slowSend = async (message: Parameters<typeof ctx.mailer.send>[0]) => {
      await new Promise<void>((resolve) => releases.push(resolve));
      ctx.mailer.sent.push(message);
    };
    const send = vi.spyOn(ctx.mailer, 'send').mockImplementation(slowSend);
    const wait = ctx.app.reminderWork.answerWaitMs;
    ctx.app.reminderWork.answerWaitMs = 200;
    try {
      const run = await ctx.app.inject({ method: 'POST', url: '/api/reminders/run', headers: as(admin) });
      expect(run.statusCode).toBe(200);
      expect(run.json()).toMatchObject({ mailsQueued: 2, mailsSent: 0, state: 'RUNNING' });
      // Pressed again while it sends: refused, nothing composed twice.
      const again = await ctx.app.inject({ method: 'POST', url: '/api/reminders/run', headers: as(admin) });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('Wysyłanie przypomnień właśnie trwa. Spróbuj ponownie za chwilę.');
      const listed = async () =>
        (await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(admin) })).json();
      expect(await listed()).toMatchObject([{ state: 'RUNNING', mailsQueued: 2 }]);
      await vi.waitFor(() => expect(releases).toHaveLength(1));
      releases[0]();
      await vi.waitFor(() => expect(releases).toHaveLength(2));
      releases[1]();
      await vi.waitFor(async () =>
        expect(await listed()).toMatchObject([{ state: 'FINISHED', mailsSent: 2 }]),
      );
      expect(ctx.mailer.sent.map((m) => m.to).sort()).toEqual(['admin@firma.pl', 'anna@firma.pl']);
    } finally {
      ctx.app.reminderWork.answerWaitMs = wait;
      send.mockRestore();
    }
  });

  it('stops the run at a mail server that is away; a refused recipient stops nothing', async () => {
    await janAndAnnaSubscribed();
    const tried: string[] = [];
    const away = {
      target: 'away',
      send: async (message: Parameters<typeof ctx.mailer.send>[0]) => {
        tried.push(message.to);
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNECTION' });
      },
    };
    const stopped = await runReminderJob({ ...deps(), mailer: away }, { trigger: 'MANUAL', now: NOW });
    // The second would have waited as long for nothing: both wait for the next run.
    expect(tried).toHaveLength(1);
    expect(stopped).toMatchObject({ mailsQueued: 2, mailsSent: 0, mailsFailed: 2 });
    expect(stopped?.error).toBe('connect ECONNREFUSED 127.0.0.1:25');
    const pending = await ctx.database.db.select().from(reminderMails).orderBy(reminderMails.id);
    expect(pending.map((m) => [m.sentAt, m.attempts, m.claimedUntil])).toEqual([
      [null, 1, null],
      [null, 0, null],
    ]);

    const refusingJan = {
      target: 'refusing',
      send: async (message: Parameters<typeof ctx.mailer.send>[0]) => {
        // A temporary refusal of this one mailbox (full, greylisted): the others still go.
        if (message.to === 'jan@firma.pl')
          throw Object.assign(new Error("Can't send mail - all recipients were rejected: 451 Try later"), {
            code: 'EENVELOPE',
            command: 'RCPT TO',
            responseCode: 451,
          });
        ctx.mailer.sent.push(message);
      },
    };
    const next = await runReminderJob({ ...deps(), mailer: refusingJan }, { trigger: 'MANUAL', now: NOW });
    expect(next).toMatchObject({ mailsQueued: 0, mailsSent: 1, mailsFailed: 1 });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual(['anna@firma.pl']);
  });

  it("sends a refused customer's notice to the address corrected since, and drops it once notices are off", async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    const setCustomer = (values: { email: string; inspectionNotices?: boolean }) =>
      ctx.database.db.update(customers).set(values).where(eq(customers.id, refs.kowalski));
    // A note around the address: its brackets and full stop are not sent.
    await setCustomer({ email: 'Biuro (biuro@kowalski.pl).', inspectionNotices: true });
    const refusing = refusingMailer('No recipients defined');
    const refused = await runReminderJob({ ...deps(), mailer: refusing }, { trigger: 'MANUAL', now: NOW });
    expect(refused).toMatchObject({ mailsQueued: 1, mailsFailed: 1 });
    expect((await ctx.database.db.select().from(reminderMails))[0]!.email).toBe('biuro@kowalski.pl');

    await setCustomer({ email: 'serwis@kowalski.pl' });
    const retried = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(retried).toMatchObject({ mailsQueued: 0, mailsSent: 1, mailsFailed: 0 });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual(['serwis@kowalski.pl']);
    const [sent] = await ctx.database.db.select().from(reminderMails);
    expect(sent).toMatchObject({ email: 'serwis@kowalski.pl', lastError: null });

    // Another refused notice, then the customer's notices are switched off: nobody gets it.
    await ctx.database.db.delete(reminderMails);
    await ctx.database.db.delete(sentReminders);
    await runReminderJob({ ...deps(), mailer: refusing }, { trigger: 'MANUAL', now: NOW });
    await setCustomer({ email: 'serwis@kowalski.pl', inspectionNotices: false });
    const dropped = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(dropped).toMatchObject({ mailsQueued: 0, mailsSent: 0, mailsFailed: 0 });
    expect(await ctx.database.db.select().from(reminderMails)).toEqual([]);
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it("sends a refused employee's digest to their address as it is now, and to nobody once they have left", async () => {
    const user = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user);
    const setUser = (values: { email?: string; active?: boolean }) =>
      ctx.database.db.update(users).set(values).where(eq(users.id, user.id));
    const refusing = refusingMailer('connection refused');
    const refused = await runReminderJob({ ...deps(), mailer: refusing }, { trigger: 'MANUAL', now: NOW });
    expect(refused).toMatchObject({ mailsQueued: 1, mailsFailed: 1 });

    await setUser({ email: 'jan.nowy@firma.pl' });
    const retried = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(retried).toMatchObject({ mailsQueued: 0, mailsSent: 1 });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual(['jan.nowy@firma.pl']);

    // Another refused digest, then the employee's account is switched off: nobody gets it.
    await ctx.database.db.delete(reminderMails);
    await ctx.database.db.delete(sentReminders);
    await runReminderJob({ ...deps(), mailer: refusing }, { trigger: 'MANUAL', now: NOW });
    await setUser({ active: false });
    const dropped = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(dropped).toMatchObject({ mailsQueued: 0, mailsSent: 0, mailsFailed: 0 });
    expect(await ctx.database.db.select().from(reminderMails)).toEqual([]);
    expect(ctx.mailer.sent).toHaveLength(1);

    // Its reminders were never delivered: switched on again, he is owed them.
    await setUser({ active: true });
    const again = await runReminderJob(deps(), { trigger: 'MANUAL', now: NOW });
    expect(again).toMatchObject({ mailsQueued: 1, mailsSent: 1 });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual(['jan.nowy@firma.pl', 'jan.nowy@firma.pl']);
  });

  it('a scheduled run happens once a day; a dead one is taken over', async () => {
    const user = await createUserAndLogin(ctx);
    const refs = await seedReferences(ctx);
    await seedMachines(user, refs);
    await enableReminders(user);
    const first = await runReminderJob(deps(), { trigger: 'SCHEDULE', now: NOW });
    expect(first?.mailsSent).toBe(1);
    expect(await runReminderJob(deps(), { trigger: 'SCHEDULE', now: NOW })).toBeNull();
  });
});

describe('reminder settings and admin routes', () => {
  it('My account → Powiadomienia: off by default with the configured lead times; validated', async () => {
    const user = await createUserAndLogin(ctx);
    const get = await ctx.app.inject({ method: 'GET', url: '/api/reminders/settings', headers: as(user) });
    expect(get.json()).toEqual({ enabled: false, leadDays: [30, 7], overdue: true });
    expect(await enableReminders(user, { enabled: true, leadDays: [7, 14, 7], overdue: false })).toEqual({
      enabled: true,
      leadDays: [14, 7],
      overdue: false,
    });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/settings',
      headers: as(user),
      payload: { enabled: true, leadDays: [0], overdue: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Wyprzedzenie musi być liczbą dni od 1 do 365.');
    // Switched on with nothing chosen, nothing would ever be sent; switched off, that is fine.
    const none = await ctx.app.inject({
      method: 'POST',
      url: '/api/reminders/settings',
      headers: as(user),
      payload: { enabled: true, leadDays: [], overdue: false },
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toContain(
      'Wybierz co najmniej jedno wyprzedzenie albo przypomnienie w dniu zaległości lub wyłącz przypomnienia.',
    );
    expect(await enableReminders(user, { enabled: true, leadDays: [], overdue: true })).toMatchObject({
      leadDays: [],
    });
    expect(await enableReminders(user, { enabled: true, leadDays: [1], overdue: false })).toMatchObject({
      leadDays: [1],
    });
    // The same again: nothing to log.
    await enableReminders(user, { enabled: true, leadDays: [1], overdue: false });
    expect(await enableReminders(user, { enabled: false, leadDays: [], overdue: false })).toEqual({
      enabled: false,
      leadDays: [],
      overdue: false,
    });
    // Off, and off with other days: what it gets is still nothing.
    await enableReminders(user, { enabled: false, leadDays: [3], overdue: false });
    // The log in Polish numbers: "1 dzień", and no "dni" after "bez wyprzedzenia"; a change while
    // on is a change, not a second "włączenie".
    const entries = await ctx.database.db
      .select({ text: logs.formattedMessage })
      .from(logs)
      .where(sql`${logs.arg1} = ${`user:${user.id}`} AND ${logs.formattedMessage} LIKE '%przypomnień%'`)
      .orderBy(logs.eventId);
    expect(entries.map((e) => e.text.replace(/^.*\): /, ''))).toEqual([
      'włączenie przypomnień o przeglądach (14 dni, 7 dni przed terminem)',
      'zmiana przypomnień o przeglądach (bez wyprzedzenia, po terminie)',
      'zmiana przypomnień o przeglądach (1 dzień przed terminem)',
      'wyłączenie przypomnień o przeglądach',
    ]);
  });

  it('an admin runs the job now and sees the last runs; an employee may not', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { transferDate: '2024-01-15' }));
    // Whatever today is, the machine's next inspection is computed by the summaries; make it due soon.
    const today = todayInZone(ctx.config.TZ_COMPANY);
    const transfer = addMonths(today, -6);
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: '/api/device/update',
      headers: as(user),
      payload: { ...deviceBody(refs, { transferDate: transfer }), id: device.id },
    });
    expect(edited.statusCode).toBe(200);
    const due = addMonths(transfer, 6);
    await enableReminders(admin);

    const refused = await ctx.app.inject({ method: 'POST', url: '/api/reminders/run', headers: as(user) });
    expect(refused.statusCode).toBe(403);
    const run = await ctx.app.inject({ method: 'POST', url: '/api/reminders/run', headers: as(admin) });
    expect(run.statusCode).toBe(200);
    expect(run.json()).toMatchObject({ runDate: today, mailsQueued: 1, mailsSent: 1, reminders: 1 });
    expect(ctx.mailer.sent[0].text).toContain(`Termin przeglądu: ${due}`);
    expect(daysBetween(today, due)).toBeLessThanOrEqual(7);

    const runs = await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(admin) });
    expect(runs.statusCode).toBe(200);
    expect(runs.json()[0]).toMatchObject({ trigger: 'MANUAL', mailsSent: 1, startedBy: admin.email });
    const audit = await ctx.database.db
      .select()
      .from(logs)
      .where(sql`${logs.formattedMessage} LIKE '%wysłanie przypomnienia%'`);
    expect(audit[0].formattedMessage).toContain(
      `(${admin.email}): wysłanie przypomnienia o przeglądach do ${admin.email}`,
    );
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/reminders/runs', headers: as(user) })).statusCode,
    ).toBe(403);
  });
});
