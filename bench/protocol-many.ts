/**
 * The protocol of one service event on 40 machines, each with a checklist of 15 operations (600
 * rows), opened in Chromium at 4× CPU (a technician's tablet). Made through the API on each
 * build's copy of the register: a customer, a category with its operations, the machines, the
 * event. Measured from the address's change: the time until the first row is drawn, until the
 * last machine's last row is, and the long tasks until then. Median of `--runs` openings, each in
 * its own page, after one not counted.
 *
 *   npm run generate -w bench -- --machines=2000 --customers=200 --categories=30 --services=10000 \
 *     --data-dir=/tmp/qa-data
 *   npm run build && npm run protocol-many -w bench -- --data-dir=/tmp/qa-data
 *
 * Options: --data-dir= (a PGlite register made by generate.ts; copied, never changed), --runs=5,
 * --machines=40, --operations=15, --email= and --password= (the generator's administrator unless
 * given), and the builds' options of page-in-chromium.ts: --server=, --web=, --before-server=,
 * --before-web=, --chromium=, --cpu=4.
 */
import type { Browser, BrowserContext } from 'playwright-core';
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

refuseUnknownOptions(['data-dir', 'runs', 'machines', 'operations', 'email', 'password', ...BUILD_OPTIONS]);
const RUNS = wholeNumberOption('runs', 'BENCH_RUNS', 5);
const MACHINES = wholeNumberOption('machines', 'BENCH_MACHINES', 40);
const OPERATIONS = wholeNumberOption('operations', 'BENCH_OPERATIONS', 15);
const ADMIN = benchAdmin();
const builds = buildsToMeasure();
const XHR = { 'x-requested-with': 'XMLHttpRequest' };

interface Run {
  firstRow: number;
  allRows: number;
  total: number;
  longest: number;
}

async function call<T>(context: BrowserContext, method: 'POST' | 'PUT', url: string, data: unknown) {
  const answer = await context.request.fetch(url, { method, headers: XHR, data });
  if (!answer.ok()) throw new Error(`${method} ${url}: ${answer.status()} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** The event of `MACHINES` machines, each with `OPERATIONS` operations of two measurements. */
async function seedEvent(browser: Browser, server: BenchServer, session: Session): Promise<number> {
  const context = await browser.newContext({ baseURL: server.base, storageState: session });
  try {
    const tag = Date.now().toString(36);
    const customer = await call<{ id: number }>(context, 'POST', '/api/customer/insert', {
      shortName: `Hala ${tag}`,
    });
    const category = await call<{ id: number }>(context, 'POST', '/api/category/insert', {
      name: `Linia ${tag}`,
    });
    const operations = Array.from(
      { length: OPERATIONS },
      (_, i) => `Czynność kontrolna ${i + 1}\n@dodatkowePola{Ciśnienie+bar;Temperatura+°C}`,
    );
    await call(context, 'PUT', '/api/category/update', {
      id: category.id,
      name: `Linia ${tag}`,
      serviceReviewOperationsList: JSON.stringify(operations),
    });
    const machines: number[] = [];
    for (let i = 0; i < MACHINES; i++) {
      const machine = await call<{ id: number }>(context, 'POST', '/api/device/insert', {
        name: `Prasa ${tag} ${i + 1}`,
        category: { id: category.id },
        customer: { id: customer.id },
        status: 'OK',
        type: 'INTERNAL',
      });
      machines.push(machine.id);
    }
    const serviceJson = {
      id: 0,
      date: new Date().toISOString().slice(0, 10),
      number: 0,
      numberExtension: '',
      paymentType: 'PLATNA',
      type: ['PRZEGLAD_OKRESOWY'],
      customer: { id: customer.id },
      isToSign: true,
      faultDescription: '',
      period: 12,
      devices: machines.map((id) => ({ id })),
    };
    const answer = await context.request.post('/api/service/add', {
      headers: XHR,
      multipart: { serviceJson: JSON.stringify(serviceJson) },
    });
    if (!answer.ok()) throw new Error(`POST /api/service/add: ${answer.status()} ${await answer.text()}`);
    return ((await answer.json()) as { id: number }).id;
  } finally {
    await context.close();
  }
}

async function measureOnce(
  browser: Browser,
  server: BenchServer,
  session: Session,
  serviceId: number,
): Promise<Run> {
  const { page, close } = await coldPage(browser, server, session, WATCH_LONG_TASKS);
  try {
    // The app and its protocol screen's code loaded first: what a day repeats is opening another.
    await page.goto('/servicesList');
    await page.locator('tbody tr').first().waitFor();
    await settle(page, 800);
    const opened = await page.evaluate<number>(`(() => {
      const at = performance.now();
      history.pushState({}, '', '/serviceProtocol?id=${serviceId}');
      dispatchEvent(new PopStateEvent('popstate'));
      return at;
    })()`);
    await page
      .getByRole('group', { name: /^1\. Czynność kontrolna 1$/ })
      .first()
      .waitFor({ timeout: 120_000 });
    const firstRow = await page.evaluate<number>('performance.now()');
    const last = page.getByRole('group', { name: `${OPERATIONS}. Czynność kontrolna ${OPERATIONS}` });
    while ((await last.count()) < MACHINES) await page.waitForTimeout(100);
    const allRows = await page.evaluate<number>('performance.now()');
    const tasks = longTasksWithin(await readLongTasks(page), opened, allRows);
    return { firstRow: firstRow - opened, allRows: allRows - opened, ...tasks };
  } finally {
    await close();
  }
}

async function main() {
  await onGeneratedRegister('protocol-many', ADMIN, async (browser, started) => {
    const events = new Map<BenchServer, number>();
    for (const { server, session } of started) events.set(server, await seedEvent(browser, server, session));
    // One opening not counted on each build: the server's first reads of the new records.
    for (const { server, session } of started)
      await measureOnce(browser, server, session, events.get(server)!);
    const runs = await interleavedRuns(
      started,
      RUNS,
      ({ server, session }) => measureOnce(browser, server, session, events.get(server)!),
      (r) =>
        `pierwszy wiersz po ${r.firstRow.toFixed(0)} ms, wszystkie po ${r.allRows.toFixed(0)} ms, ` +
        `długie zadania ${r.total.toFixed(0)} ms (najdłuższe ${r.longest.toFixed(0)})`,
    );
    printMedianTable(
      `Protokół zdarzenia ${MACHINES} maszyn × ${OPERATIONS} czynności, CPU ×${CPU}, mediana z ${RUNS}`,
      builds,
      runs,
      [
        { header: 'pierwszy wiersz ms', pick: (r) => r.firstRow },
        { header: 'wszystkie wiersze ms', pick: (r) => r.allRows },
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
