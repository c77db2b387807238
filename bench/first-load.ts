/**
 * The app's first visit on a technician's tablet: a new profile (nothing cached, no session), the
 * CPU slowed down 4× and the network of a mobile connection (DevTools' emulation: `--latency` ms
 * each way of a round trip, `--down-kbps`/`--up-kbps`). It opens `--path` (default /home), is sent
 * to the login form, takes `--think` ms to type the e-mail and password as a person does, presses
 * "Zaloguj" and waits for the screen asked for. Median of `--runs` runs.
 *
 *   npm run generate -w bench -- --machines=2000 --customers=200 --services=10000 --data-dir=/tmp/first-load-data
 *   npm run build && npm run first-load -w bench -- --data-dir=/tmp/first-load-data
 *
 * Figures: "formularz" from the navigation until the login form's e-mail field is on the page
 * (told by the page); "ekran po Zaloguj" from the press of the button until the screen shows its
 * data (/home: the dashboard's figures; /machineList: the first machine's row); "długie zadania"
 * the page's long tasks in all.
 *
 * Options: --data-dir= (a PGlite register made by generate.ts; copied, never changed), --runs=5,
 * --path=/home or /machineList, --think=3000, --latency=100, --down-kbps=4000, --up-kbps=1000,
 * --email=, --password= (the generator's administrator unless given), and the builds' options of
 * page-in-chromium.ts: --server=, --web=, --before-server=, --before-web=, --chromium=, --cpu=4.
 */
import type { Browser, Page } from 'playwright-core';
import { benchAdmin, option, refuseUnknownOptions, wholeNumberOption } from './options.js';
import {
  BUILD_OPTIONS,
  buildsToMeasure,
  coldPage,
  CPU,
  interleavedRuns,
  onGeneratedRegister,
  longTasksWithin,
  printMedianTable,
  readLongTasks,
  WATCH_LONG_TASKS,
} from './page-in-chromium.js';
import type { BenchServer } from './server-process.js';

refuseUnknownOptions([
  'data-dir',
  'runs',
  'path',
  'think',
  'latency',
  'down-kbps',
  'up-kbps',
  'email',
  'password',
  ...BUILD_OPTIONS,
]);
const RUNS = wholeNumberOption('runs', 'BENCH_RUNS', 5);
const THINK_MS = wholeNumberOption('think', 'BENCH_THINK', 3000);
const NETWORK = {
  latency: wholeNumberOption('latency', 'BENCH_LATENCY', 100),
  downKbps: wholeNumberOption('down-kbps', 'BENCH_DOWN_KBPS', 4000),
  upKbps: wholeNumberOption('up-kbps', 'BENCH_UP_KBPS', 1000),
};
/** The generator's administrator, or the account --email and --password name. */
const ACCOUNT = benchAdmin();

/** The screens it knows how to wait for: what shows that each has its data. */
const SCREENS: Record<string, (page: Page) => Promise<void>> = {
  '/home': (page) => page.locator('[aria-label="Zaległe przeglądy"]').waitFor(),
  '/machineList': (page) =>
    page
      .getByRole('row', { name: /\(id \d+\)/ })
      .first()
      .waitFor(),
};
const SCREEN = option('path', 'BENCH_PATH') ?? '/home';
const screenShown = SCREENS[SCREEN];
if (!screenShown) throw new Error(`--path=: jeden z ${Object.keys(SCREENS).join(', ')}`);
const builds = buildsToMeasure();

interface Run {
  formReady: number;
  screenAfterLogin: number;
  longTasks: number;
}

/**
 * Run in the page before its scripts: the moment the login form's e-mail field is put on the page
 * (`window.benchFormAt`), told by the page itself. Read afterwards over DevTools, it would wait
 * for the page's thread, busy then with whatever the app does next.
 */
const WATCH_THE_FORM = `(() => {
  new MutationObserver((changes, observer) => {
    if (!document.querySelector('input[autocomplete="username"]')) return;
    window.benchFormAt = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
})()`;

async function measureOnce(browser: Browser, server: BenchServer): Promise<Run> {
  const watch = `${WATCH_LONG_TASKS};${WATCH_THE_FORM}`;
  const { page, cdp, close } = await coldPage(browser, server, undefined, watch);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: NETWORK.latency,
      downloadThroughput: (NETWORK.downKbps * 1000) / 8,
      uploadThroughput: (NETWORK.upKbps * 1000) / 8,
    });
    const now = () => page.evaluate<number>('performance.now()');
    await page.goto(SCREEN, { waitUntil: 'commit' });
    const email = page.getByLabel('E-mail');
    await email.waitFor();
    const formReady = await page.evaluate<number>('window.benchFormAt');
    // A person reads the form and types; whatever the app does meanwhile is not waited for.
    const typed = Date.now() + THINK_MS;
    await email.fill(ACCOUNT.email);
    await page.locator('input[type=password]').fill(ACCOUNT.password);
    await page.waitForTimeout(Math.max(0, typed - Date.now()));
    const pressed = await now();
    await page.getByRole('button', { name: 'Zaloguj' }).click();
    await screenShown(page);
    const screenAfterLogin = (await now()) - pressed;
    const longTasks = longTasksWithin(await readLongTasks(page), 0).total;
    return { formReady, screenAfterLogin, longTasks };
  } finally {
    await close();
  }
}

async function main() {
  await onGeneratedRegister('first-load', ACCOUNT, async (browser, started) => {
    const runs = await interleavedRuns(
      started,
      RUNS,
      ({ server }) => measureOnce(browser, server),
      (result) =>
        `formularz po ${result.formReady.toFixed(0)} ms, ${SCREEN} ${result.screenAfterLogin.toFixed(0)} ms ` +
        `po Zaloguj, długie zadania ${result.longTasks.toFixed(0)} ms`,
    );
    printMedianTable(
      `${SCREEN} przy pierwszej wizycie: CPU ×${CPU}, sieć ${NETWORK.latency} ms, ` +
        `${NETWORK.downKbps}/${NETWORK.upKbps} kb/s, ${THINK_MS} ms na wpisanie danych; mediana z ${RUNS}`,
      builds,
      runs,
      [
        { header: 'formularz ms', pick: (r) => r.formReady },
        { header: 'ekran po Zaloguj ms', pick: (r) => r.screenAfterLogin },
        { header: 'długie zadania ms', pick: (r) => r.longTasks },
      ],
    );
  });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
