/**
 * /statistics in Chromium at 4× CPU (an administrator's tablet), opened cold on a server process
 * over a register made by the generator: the time until the charts are drawn, and the page's long
 * tasks from the navigation until it is quiet. Without a range the screen counts every protocol,
 * so the generator's ten years of events are ten years of charts. Median of `--runs` runs.
 *
 *   npm run generate -w bench -- --machines=5000 --customers=500 --categories=50 --services=50000 \
 *     --data-dir=/tmp/statistics-data
 *   npm run build && npm run statistics-page -w bench -- --data-dir=/tmp/statistics-data
 *
 * Options: --data-dir= (a PGlite register made by generate.ts; copied, never changed), --runs=3,
 * --range=YYYY-MM-DD..YYYY-MM-DD (the screen's "Data od"/"Data do"; default none), --email= and
 * --password= (the generator's administrator unless given), and the builds'
 * options of page-in-chromium.ts: --server=, --web=, --before-server=, --before-web=, --chromium=,
 * --cpu=4.
 */
import type { Browser } from 'playwright-core';
import { benchAdmin, option, refuseUnknownOptions, wholeNumberOption } from './options.js';
import {
  BUILD_OPTIONS,
  buildsToMeasure,
  coldPage,
  CPU,
  longTasksWithin,
  printMedianTable,
  readLongTasks,
  settle,
  interleavedRuns,
  onGeneratedRegister,
  WATCH_LONG_TASKS,
  type Session,
} from './page-in-chromium.js';
import type { BenchServer } from './server-process.js';

refuseUnknownOptions(['data-dir', 'runs', 'range', 'email', 'password', ...BUILD_OPTIONS]);
const RUNS = wholeNumberOption('runs', 'BENCH_RUNS', 3);
const RANGE = option('range', 'BENCH_RANGE');
/** The generator's administrator, or the account --email and --password name. */
const ADMIN = benchAdmin();
const builds = buildsToMeasure();

interface Run {
  chartsDrawn: number;
  total: number;
  longest: number;
}

async function measureOnce(browser: Browser, server: BenchServer, session: Session): Promise<Run> {
  const { page, close } = await coldPage(browser, server, session, WATCH_LONG_TASKS);
  try {
    const [from, to] = RANGE ? RANGE.split('..') : [];
    const query = RANGE ? `?dateFrom=${from}&dateTo=${to}` : '';
    await page.goto(`/statistics${query}`);
    await page.locator('.recharts-surface').first().waitFor();
    const chartsDrawn = await page.evaluate<number>('performance.now()');
    await settle(page);
    const tasks = longTasksWithin(await readLongTasks(page), 0);
    return { chartsDrawn, ...tasks };
  } finally {
    await close();
  }
}

async function main() {
  await onGeneratedRegister('statistics-page', ADMIN, async (browser, started) => {
    const runs = await interleavedRuns(
      started,
      RUNS,
      ({ server, session }) => measureOnce(browser, server, session),
      (result) =>
        `wykresy po ${result.chartsDrawn.toFixed(0)} ms, długie zadania ` +
        `${result.total.toFixed(0)} ms (najdłuższe ${result.longest.toFixed(0)})`,
    );
    printMedianTable(
      `/statistics ${RANGE ? `w zakresie ${RANGE}` : 'bez zakresu'}, CPU ×${CPU}, mediana z ${RUNS}`,
      builds,
      runs,
      [
        { header: 'wykresy po ms', pick: (r) => r.chartsDrawn },
        { header: 'długie zadania ms', pick: (r) => r.total },
        { header: 'najdłuższe ms', pick: (r) => r.longest },
      ],
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
