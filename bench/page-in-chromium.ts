/**
 * What the benchmarks that open a screen in Chromium share (map-page.ts, statistics-page.ts): the
 * builds to measure (this checkout's, or a "before" and an "after" interleaved), Debian's Chromium
 * without the network's extras, a login over the API, and the page's long tasks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { option, wholeNumberOption } from './options.js';
import { startBenchServer, stopBenchServer, type BenchServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The options every such benchmark takes (for `refuseUnknownOptions`). */
export const BUILD_OPTIONS = ['server', 'web', 'before-server', 'before-web', 'chromium', 'cpu'] as const;

/** A path given on the command line, from where npm was run (`npm run … -w bench` runs in bench/). */
export const givenPath = (value: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), value);

export interface Build {
  name: string;
  server: string;
  web: string;
}

/**
 * The builds measured: `--server`/`--web` (default this checkout's apps/server/dist/server.js and
 * apps/web/dist), and before them `--before-server`/`--before-web` when given.
 */
export function buildsToMeasure(): Build[] {
  const serverOf = (name: string, envName: string) =>
    givenPath(option(name, envName) ?? path.resolve(here, '../apps/server/dist/server.js'));
  const webOf = (name: string, envName: string) =>
    givenPath(option(name, envName) ?? path.resolve(here, '../apps/web/dist'));
  const builds: Build[] = [];
  if (option('before-server', 'BENCH_BEFORE_SERVER') || option('before-web', 'BENCH_BEFORE_WEB')) {
    builds.push({
      name: 'przed',
      server: serverOf('before-server', 'BENCH_BEFORE_SERVER'),
      web: webOf('before-web', 'BENCH_BEFORE_WEB'),
    });
  }
  builds.push({
    name: builds.length ? 'po' : 'build',
    server: serverOf('server', 'BENCH_SERVER'),
    web: webOf('web', 'BENCH_WEB'),
  });
  for (const build of builds) {
    for (const file of [build.server, path.join(build.web, 'index.html')]) {
      if (!fs.existsSync(file)) throw new Error(`brak ${file}: najpierw npm run build`);
    }
  }
  return builds;
}

/** The CPU slow-down a tablet stands for (`--cpu`, DevTools' throttling rate). */
export const CPU = wholeNumberOption('cpu', 'BENCH_CPU', 4);

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: option('chromium', 'BENCH_CHROMIUM') ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-sync',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
}

export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Logs `account` in over the API; answers the session as Playwright stores it. */
export async function logIn(
  browser: Browser,
  server: BenchServer,
  account: { email: string; password: string },
): Promise<Session> {
  const context = await browser.newContext({ baseURL: server.base });
  try {
    const answer = await context.request.get('/api/user/auth', {
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from(`${account.email}:${account.password}`).toString('base64')}`,
      },
    });
    if (!answer.ok()) throw new Error(`logowanie: ${answer.status()} ${await answer.text()}`);
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/**
 * A new profile (nothing cached but the session's cookie, when given) with `watch` run in every
 * page before its own scripts, and a page in it slowed down `CPU` times (`cdp` for more of
 * DevTools' emulation). Closed by `close`.
 */
export async function coldPage(
  browser: Browser,
  server: BenchServer,
  session: Session | undefined,
  watch: string,
) {
  const context = await browser.newContext({
    baseURL: server.base,
    locale: 'pl-PL',
    timezoneId: 'Europe/Warsaw',
    viewport: { width: 1600, height: 1400 },
    ...(session ? { storageState: session } : {}),
  });
  context.setDefaultTimeout(120_000);
  await context.addInitScript({ content: watch });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  return { page, cdp, close: () => context.close() };
}

export interface LongTask {
  start: number;
  duration: number;
}

/**
 * Run in the page before its scripts (as text: the bench's TypeScript knows Node, not the browser):
 * the page's long tasks into `window.benchLongTasks`.
 */
export const WATCH_LONG_TASKS = `(() => {
  const tasks = [];
  window.benchLongTasks = tasks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
})()`;

export const readLongTasks = (page: Page) => page.evaluate<LongTask[]>('window.benchLongTasks');

/** Total and longest of the long tasks that start within [from, to). */
export function longTasksWithin(tasks: LongTask[], from: number, to = Infinity) {
  const within = tasks.filter((t) => t.start >= from && t.start < to);
  return {
    total: within.reduce((sum, t) => sum + t.duration, 0),
    longest: within.reduce((most, t) => Math.max(most, t.duration), 0),
  };
}

/** Waits until `quietMs` have passed with no new long task (at most `maxMs`). */
export async function settle(page: Page, quietMs = 1500, maxMs = 30_000) {
  const until = Date.now() + maxMs;
  let seen = -1;
  let quietSince = Date.now();
  while (Date.now() < until) {
    const count = await page.evaluate<number>('window.benchLongTasks.length');
    if (count !== seen) {
      seen = count;
      quietSince = Date.now();
    } else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** A build measured: its server process and the session logged in on it. */
export interface StartedBuild {
  build: Build;
  server: BenchServer;
  session: Session;
}

/**
 * Each build started on its own copy of `dataDir` under `work` (one process at a time on a PGlite
 * folder), `account` logged in on each. Stop them with `stopBuilds`; a start that fails stops the
 * ones already started.
 */
export async function startBuilds(
  builds: Build[],
  options: {
    dataDir: string;
    work: string;
    env: Record<string, string>;
    browser: Browser;
    account: { email: string; password: string };
  },
): Promise<StartedBuild[]> {
  const started: StartedBuild[] = [];
  try {
    for (const [i, build] of builds.entries()) {
      const copy = path.join(options.work, `data-${i}`);
      fs.cpSync(options.dataDir, copy, { recursive: true });
      const server = await startBenchServer({
        server: build.server,
        dataDir: copy,
        env: { ...options.env, WEB_DIST: build.web },
      });
      started.push({ build, server, session: await logIn(options.browser, server, options.account) });
    }
    return started;
  } catch (error) {
    await stopBuilds(started);
    throw error;
  }
}

export async function stopBuilds(started: StartedBuild[]) {
  for (const { server } of started) await stopBenchServer(server);
}

/**
 * `runs` rounds of `measure`, each build once a round (interleaved, so a machine that slows down
 * slows both); each result printed with `describe`. Answers the results by build.
 */
export async function interleavedRuns<R>(
  started: StartedBuild[],
  runs: number,
  measure: (build: StartedBuild) => Promise<R>,
  describe: (result: R) => string,
): Promise<R[][]> {
  const results: R[][] = started.map(() => []);
  for (let run = 0; run < runs; run++) {
    for (const [i, build] of started.entries()) {
      const result = await measure(build);
      results[i]!.push(result);
      console.log(`${build.build.name} #${run + 1}: ${describe(result)}`);
    }
  }
  return results;
}

/**
 * A benchmark over a register made by generate.ts (`--data-dir=`, copied, never changed): each
 * build started on its own copy with `account` logged in, `measure` run with them and Chromium,
 * and everything stopped and removed afterwards, also when it fails. `name` names the work folder.
 */
export async function onGeneratedRegister(
  name: string,
  account: { email: string; password: string },
  measure: (browser: Browser, started: StartedBuild[]) => Promise<void>,
) {
  const given = option('data-dir', 'BENCH_DATA_DIR');
  if (!given) throw new Error('--data-dir=: rejestr zrobiony przez npm run generate -w bench');
  const dataDir = givenPath(given);
  if (!fs.existsSync(path.join(dataDir, 'db'))) throw new Error(`${dataDir}: brak bazy PGlite (db/)`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), `serwis-${name}-`));
  const browser = await launchChromium();
  let started: StartedBuild[] = [];
  try {
    started = await startBuilds(buildsToMeasure(), {
      dataDir,
      work,
      browser,
      account,
      env: { REMINDER_TIME: 'off', GEOCODER_URL: '' },
    });
    await measure(browser, started);
  } finally {
    await browser.close();
    await stopBuilds(started);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * What was measured (`title`, with the machine's CPUs and load), the medians of each build's runs
 * as a Markdown table (one column per figure, rounded to the millisecond), then where each build
 * came from: what every such benchmark prints last.
 */
export function printMedianTable<R>(
  title: string,
  builds: Build[],
  runs: R[][],
  columns: { header: string; pick: (run: R) => number }[],
) {
  console.log(`\n${title}; ${os.cpus().length} CPU, obciążenie ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`| build | ${columns.map((c) => c.header).join(' | ')} |`);
  console.log(`|---|${columns.map(() => '---:').join('|')}|`);
  for (const [i, build] of builds.entries()) {
    const cells = columns.map((c) => median(runs[i]!.map(c.pick)).toFixed(0));
    console.log(`| ${build.name} | ${cells.join(' | ')} |`);
  }
  for (const build of builds) console.log(`${build.name}: ${build.server}, ${build.web}`);
}
