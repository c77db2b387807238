/**
 * The reminder job and the home dashboard on the database generate.ts filled (issue 12):
 *
 *   npm run reminders -w bench                    # PGlite in .tmp/bench-data
 *   DATABASE_URL=postgres://… npm run reminders -w bench -- --runs=50
 *
 * The job: --recipients=N employees (default 5) switch reminders on, the reminder tables are
 * emptied (a bench database only), then one run composes and "sends" every digest to a mailer that
 * only counts, as on the first day; a second run the same day must find nothing. Its wall time and
 * the process's peak memory are printed. The dashboard: GET /api/dashboard as the admin, median and
 * p95 of --runs calls after two warm-ups. `--only=dashboard` measures the dashboard alone (no job,
 * nothing written).
 */
import { sql } from 'drizzle-orm';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { services } from '../apps/server/src/modules/services/services.table.js';
import { runReminderJob } from '../apps/server/src/modules/reminders/reminders.job.js';
import { upsertReminderSettings } from '../apps/server/src/modules/reminders/reminders.repository.js';
import { users } from '../apps/server/src/modules/users/users.table.js';
import type { Mailer } from '../apps/server/src/plugins/mailer.js';
import type { Config } from '../apps/server/src/config.js';
import type { Db } from '../apps/server/src/db/database.js';
import { describeTarget, readOptions } from './options.js';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';

const recipientsArg = process.argv.find((a) => a.startsWith('--recipients='));
const RECIPIENTS = Number(recipientsArg?.slice('--recipients='.length) ?? process.env.BENCH_RECIPIENTS ?? 5);
const DASHBOARD_ONLY = process.argv.includes('--only=dashboard');

let mails = 0;
let machinesMailed = 0;
const countingMailer: Mailer = {
  target: 'bench',
  async send(message) {
    mails += 1;
    machinesMailed += (message.text.match(/^\d+\. /gm) ?? []).length;
  },
};

/** The reminder job twice on the same day, with the process's peak memory; its table lines. */
async function measureJob(db: Db, config: Config) {
  await db.execute(sql`TRUNCATE sent_reminders, reminder_mails, reminder_runs, reminder_settings`);
  const staff = await db.select({ id: users.id }).from(users).orderBy(users.id).limit(RECIPIENTS);
  for (const u of staff)
    await upsertReminderSettings(db, u.id, { enabled: true, leadDays: [30, 7], overdue: true });

  const deps = { db, mailer: countingMailer, config };
  global.gc?.();
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  let peakHeap = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 20);
  const start = performance.now();
  const first = await runReminderJob(deps, { trigger: 'MANUAL' });
  const firstMs = performance.now() - start;
  const againStart = performance.now();
  const again = await runReminderJob(deps, { trigger: 'MANUAL' });
  const againMs = performance.now() - againStart;
  clearInterval(sampler);

  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  const lines: string[] = [
    `| zadanie przypomnień, 1. przebieg dnia | ${first?.reminders} przypomnień, ${first?.mailsSent} wiadomości (${machinesMailed} pozycji) | ${firstMs.toFixed(0)} |`,
    `| zadanie przypomnień, 2. przebieg tego dnia | ${again?.reminders} przypomnień, ${again?.mailsSent} wiadomości | ${againMs.toFixed(0)} |`,
    `| pamięć procesu w trakcie zadania | RSS ${mb(rssBefore)} → szczyt ${mb(peakRss)}, sterta szczyt ${mb(peakHeap)} | |`,
  ];
  return { recipients: staff.length, lines };
}

async function main() {
  const options = readOptions();
  const { app, database, config } = await openBenchApp(options, countingMailer);
  const db = database.db;
  try {
    const job = DASHBOARD_ONLY ? null : await measureJob(db, config);

    const headers = await loginHeaders(app, options);
    const times: number[] = [];
    let board: Record<string, unknown> = {};
    for (let i = 0; i < options.runs + 2; i++) {
      const t = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/dashboard', headers });
      if (response.statusCode !== 200) throw new Error(`dashboard: ${response.statusCode} ${response.body}`);
      if (i >= 2) times.push(performance.now() - t);
      board = response.json();
    }
    times.sort((a, b) => a - b);

    const machines = await db.$count(devices);
    const events = await db.$count(services);
    console.log(
      `\nBaza: ${describeTarget(options)}; maszyn: ${machines}; zdarzeń: ${events}; odbiorców: ${job?.recipients ?? 0}`,
    );
    console.log('| pomiar | wynik | czas ms |');
    console.log('|---|---|---:|');
    if (job) for (const line of job.lines) console.log(line);
    const o = board as {
      overdue: { count: number };
      upcoming: { count: number };
      waitingProtocols: { count: number };
    };
    console.log(
      `| GET /api/dashboard (mediana / p95 z ${options.runs}) | zaległe ${o.overdue.count}, 30 dni ${o.upcoming.count}, czekające ${o.waitingProtocols.count} | ${percentile(times, 50).toFixed(1)} / ${percentile(times, 95).toFixed(1)} |`,
    );
    console.log(`(wysłano łącznie ${mails} wiadomości)`);
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
