/**
 * Back from a machine's card to a machine list of 30 rows, in Chromium at 4× CPU (a technician's
 * tablet): the list opened, 30 rows a page chosen, a card opened from a row and left with the card's
 * back arrow. Measured from the arrow's click: the time until the 30th row is drawn, and the page's
 * long tasks until it is quiet. Median of `--runs` backs (each in its own page, after one back not
 * counted). Then two rows' QR boxes ticked: from the second click until the print button counts
 * it, and the long tasks the tick caused.
 *
 *   npm run generate -w bench -- --machines=2000 --customers=200 --categories=30 --services=10000 \
 *     --data-dir=/tmp/qa-data
 *   npm run build && npm run list-back -w bench -- --data-dir=/tmp/qa-data
 *
 * Options: --data-dir= (a PGlite register made by generate.ts; copied, never changed), --runs=5,
 * --email= and --password= (the generator's administrator unless given), and the builds' options of
 * page-in-chromium.ts: --server=, --web=, --before-server=, --before-web=, --chromium=, --cpu=4.
 */
import type { Browser } from 'playwright-core';
import { benchAdmin, refuseUnknownOptions, wholeNumberOption } from './options.js';
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

refuseUnknownOptions(['data-dir', 'runs', 'email', 'password', ...BUILD_OPTIONS]);
const RUNS = wholeNumberOption('runs', 'BENCH_RUNS', 5);
/** The generator's administrator, or the account --email and --password name. */
const ADMIN = benchAdmin();
const ROWS = 30;
const builds = buildsToMeasure();

interface Run {
  rowsDrawn: number;
  total: number;
  longest: number;
  /** A row's QR box ticked: until the print button counts it, and the long tasks it caused. */
  ticked: number;
  tickTasks: number;
}

async function measureOnce(browser: Browser, server: BenchServer, session: Session): Promise<Run> {
  const { page, close } = await coldPage(browser, server, session, WATCH_LONG_TASKS);
  try {
    await page.goto('/machineList');
    const rows = page.locator('tbody tr');
    await rows.nth(5).waitFor();
    await page
      .getByRole('group', { name: 'Liczba wierszy na stronie' })
      .getByRole('button', { name: String(ROWS) })
      .click();
    await rows.nth(ROWS - 1).waitFor();
    const back = async () => {
      await rows.nth(3).click();
      await page.getByRole('button', { name: 'Naklejka QR' }).waitFor();
      await settle(page, 800);
      const clicked = await page.evaluate<number>('performance.now()');
      await page.getByRole('button', { name: 'Wstecz' }).first().click();
      await rows.nth(ROWS - 1).waitFor();
      const drawn = await page.evaluate<number>('performance.now()');
      await settle(page, 800);
      return { clicked, drawn };
    };
    // The first back loads the card's and the list's code anew; the second is what a day repeats.
    await back();
    const { clicked, drawn } = await back();
    const tasks = longTasksWithin(await readLongTasks(page), clicked);

    // Two machines ticked for labels, one after the other; the second is measured.
    const tick = async (row: number, count: number) => {
      await settle(page, 800);
      const at = await page.evaluate<number>('performance.now()');
      await rows.nth(row).getByRole('checkbox').click();
      await page.getByRole('button', { name: `Drukuj naklejki QR (${count})` }).waitFor();
      return { at, shown: (await page.evaluate<number>('performance.now()')) - at };
    };
    await tick(5, 1);
    const ticked = await tick(6, 2);
    await settle(page, 800);
    const tickTasks = longTasksWithin(await readLongTasks(page), ticked.at).total;
    return { rowsDrawn: drawn - clicked, ...tasks, ticked: ticked.shown, tickTasks };
  } finally {
    await close();
  }
}

async function main() {
  await onGeneratedRegister('list-back', ADMIN, async (browser, started) => {
    const runs = await interleavedRuns(
      started,
      RUNS,
      ({ server, session }) => measureOnce(browser, server, session),
      (result) =>
        `wiersze po ${result.rowsDrawn.toFixed(0)} ms, długie zadania ` +
        `${result.total.toFixed(0)} ms (najdłuższe ${result.longest.toFixed(0)}); zaznaczenie ` +
        `${result.ticked.toFixed(0)} ms, długie zadania ${result.tickTasks.toFixed(0)} ms`,
    );
    printMedianTable(
      `Powrót z karty do listy maszyn (${ROWS} wierszy), CPU ×${CPU}, mediana z ${RUNS}`,
      builds,
      runs,
      [
        { header: 'wiersze po ms', pick: (r) => r.rowsDrawn },
        { header: 'długie zadania ms', pick: (r) => r.total },
        { header: 'najdłuższe ms', pick: (r) => r.longest },
        { header: 'zaznaczenie ms', pick: (r) => r.ticked },
        { header: 'zaznaczenie: długie zadania ms', pick: (r) => r.tickTasks },
      ],
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
