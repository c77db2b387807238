/**
 * The machine map (/map) in Chromium at 4× CPU (a technician's tablet), on a server process with N
 * positioned machines: a cold opening (time to the first marker or group badge, the page's long
 * tasks after the point list arrived) and a status filter (its long tasks, the time until
 * "Maszyn na mapie: N" shows the filter's exact count). Median of `--runs` runs.
 *
 *   npm run build && npm run map-page -w bench
 *   npm run map-page -w bench -- --before-server=/tmp/before/dist/server.js --before-web=/tmp/before-web
 *
 * Options: --machines=30000, --runs=3, --seed=2026, --server=<server.js> and --web=<web dist dir>
 * (the build measured; default this checkout's apps/server/dist/server.js and apps/web/dist),
 * --before-server= and --before-web= (a second build measured on a copy of the same data, its runs
 * interleaved with the first's), --chromium=/usr/bin/chromium, --cpu=4, --data-dir=<kept between
 * runs; default a temporary one made anew and removed>.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { MACHINE_STATUSES } from '@serwis/domain';
import { openDatabase } from '../apps/server/src/db/database.js';
import { categories } from '../apps/server/src/modules/categories/categories.table.js';
import { customers } from '../apps/server/src/modules/customers/customers.table.js';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { categoryNames, makeCustomer, makeDevice, random, type FleetCustomer } from './fleet.js';
import { option, refuseUnknownOptions, wholeNumberOption } from './options.js';
import {
  BUILD_OPTIONS,
  buildsToMeasure,
  coldPage,
  CPU,
  givenPath,
  launchChromium,
  longTasksWithin,
  median,
  settle,
  startBuilds,
  stopBuilds,
  interleavedRuns,
  WATCH_LONG_TASKS,
  type LongTask,
  type Session,
  type StartedBuild,
} from './page-in-chromium.js';
import type { BenchServer } from './server-process.js';

refuseUnknownOptions(['machines', 'runs', 'seed', 'data-dir', ...BUILD_OPTIONS]);
const MACHINES = wholeNumberOption('machines', 'BENCH_MACHINES', 30_000);
const RUNS = wholeNumberOption('runs', 'BENCH_RUNS', 3);
const SEED = wholeNumberOption('seed', 'BENCH_SEED', 2026);
const ADMIN = { email: 'mapa@serwis.local', password: 'Mapa-pomiar-2026' };
/** The status the filter picks: a few per cent of a register, as a technician looks for them. */
const FILTER_STATUS = MACHINE_STATUSES.find((s) => s.name === 'BROKEN')!;
const builds = buildsToMeasure();

/**
 * A PGlite data directory with `MACHINES` machines, every one with a position (the fleet of
 * fleet.ts, which gives 30 % of them one: the rest get one in Poland from the same generator).
 * Answers how many machines have each status.
 */
async function makeData(dataDir: string): Promise<Map<string, number>> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  const perStatus = new Map<string, number>();
  try {
    const rng = random(SEED);
    const categoryIds = (
      await db
        .insert(categories)
        .values(categoryNames(50).map((name) => ({ name })))
        .returning({ id: categories.id })
    ).map((c) => c.id);
    const owners: FleetCustomer[] = await db
      .insert(customers)
      .values(Array.from({ length: 500 }, (_, i) => makeCustomer(rng, i)))
      .returning({
        id: customers.id,
        city: customers.city,
        province: customers.province,
        zipCode: customers.zipCode,
        streetAddress: customers.streetAddress,
      });
    const today = new Date();
    for (let done = 0; done < MACHINES; done += 1000) {
      const rows = Array.from({ length: Math.min(1000, MACHINES - done) }, (_, i) => {
        const machine = makeDevice(
          rng,
          done + i,
          owners[Math.floor(rng() * owners.length)]!,
          categoryIds,
          today,
        );
        perStatus.set(machine.status, (perStatus.get(machine.status) ?? 0) + 1);
        return {
          ...machine,
          gpsLatitude: machine.gpsLatitude ?? 49 + rng() * 5.8,
          gpsLongitude: machine.gpsLongitude ?? 14.2 + rng() * 9.8,
        };
      });
      await db.insert(devices).values(rows);
    }
  } finally {
    await database.close();
  }
  return perStatus;
}

/** What the page notes for the measurement, in ms of its own clock (from the navigation's start). */
interface Marks {
  longTasks: LongTask[];
  firstMarker: number;
  optionClicked: number;
  countShown: number;
  /** When the answer of with-gps-location-data had arrived, and its size decoded. */
  pointsArrived: number;
  pointsBytes: number;
}

/*
 * Run in the page before its own scripts (as text: the bench's TypeScript knows Node, not the
 * browser), beside the long tasks (WATCH_LONG_TASKS): the first marker or group badge, the moment
 * an option of a select is clicked, and the moment the text in `mapBench.countWanted` first shows.
 */
const WATCH_THE_MAP = `(() => {
  const marks = { firstMarker: 0, optionClicked: 0, countShown: 0, countWanted: '' };
  window.mapBench = marks;
  new MutationObserver(() => {
    const now = performance.now();
    if (!marks.firstMarker && document.querySelector('.leaflet-marker-icon')) marks.firstMarker = now;
    if (marks.countWanted && !marks.countShown && document.body.textContent.includes(marks.countWanted))
      marks.countShown = now;
  }).observe(document, { subtree: true, childList: true, characterData: true });
  document.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('[role="option"]'))
      marks.optionClicked = performance.now();
  }, true);
})()`;

const READ_MARKS = `(() => {
  const points = performance
    .getEntriesByType('resource')
    .find((e) => e.name.includes('/api/device/with-gps-location-data'));
  return {
    ...window.mapBench,
    longTasks: window.benchLongTasks,
    pointsArrived: points?.responseEnd ?? 0,
    pointsBytes: points?.decodedBodySize ?? 0,
  };
})()`;

const readMarks = (page: Page) => page.evaluate<Marks>(READ_MARKS);

interface Run {
  pointsArrived: number;
  firstMarker: number;
  openTotal: number;
  openLongest: number;
  filterUntilCount: number;
  filterTotal: number;
  filterLongest: number;
  pointsBytes: number;
}

async function measureOnce(
  browser: Browser,
  server: BenchServer,
  session: Session,
  expected: number,
): Promise<Run> {
  // A new profile each run: no cached script, no cached answer (cold), only the session's cookie.
  const { page, close } = await coldPage(browser, server, session, WATCH_LONG_TASKS + ';' + WATCH_THE_MAP);
  try {
    await page.goto('/map');
    await page.locator('.leaflet-marker-icon').first().waitFor();
    await settle(page);
    const opened = await readMarks(page);

    const countText = `Maszyn na mapie: ${expected}`;
    await page.evaluate(`window.mapBench.countWanted = ${JSON.stringify(countText)}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: FILTER_STATUS.label, exact: true }).click();
    await page.getByText(countText, { exact: true }).waitFor();
    await settle(page);
    const filtered = await readMarks(page);
    const open = longTasksWithin(opened.longTasks, opened.pointsArrived);
    const filter = longTasksWithin(filtered.longTasks, filtered.optionClicked);
    return {
      pointsArrived: opened.pointsArrived,
      firstMarker: opened.firstMarker,
      openTotal: open.total,
      openLongest: open.longest,
      filterUntilCount: filtered.countShown - filtered.optionClicked,
      filterTotal: filter.total,
      filterLongest: filter.longest,
      pointsBytes: opened.pointsBytes,
    };
  } finally {
    await close();
  }
}

async function main() {
  const kept = option('data-dir', 'BENCH_DATA_DIR');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-map-page-'));
  const dataDir = kept ? givenPath(kept) : path.join(work, 'data');
  const marker = path.join(dataDir, 'map-page-bench.json');
  type Made = { machines: number; seed: number; perStatus: Record<string, number> };
  const made = fs.existsSync(marker) ? (JSON.parse(fs.readFileSync(marker, 'utf8')) as Made) : null;
  let perStatus: Map<string, number>;
  if (made && made.machines === MACHINES && made.seed === SEED) {
    perStatus = new Map(Object.entries(made.perStatus));
  } else {
    // Only a folder this benchmark made (or an empty one) is emptied: never someone's data.
    if (!made && fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} nie jest katalogiem danych tego pomiaru: podaj nowy lub pusty --data-dir`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.mkdirSync(dataDir, { recursive: true });
    const started = performance.now();
    perStatus = await makeData(dataDir);
    fs.writeFileSync(
      marker,
      JSON.stringify({ machines: MACHINES, seed: SEED, perStatus: Object.fromEntries(perStatus) }),
    );
    console.log(
      `Dane: ${MACHINES} maszyn z położeniem w ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  }
  const expected = perStatus.get(FILTER_STATUS.name) ?? 0;

  const browser = await launchChromium();
  let started: StartedBuild[] = [];
  try {
    started = await startBuilds(builds, {
      dataDir,
      work,
      browser,
      account: ADMIN,
      env: {
        REMINDER_TIME: 'off',
        GEOCODER_URL: '',
        // No tiles: a refused connection at once, not a wait for the internet.
        MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    const runs = await interleavedRuns(
      started,
      RUNS,
      ({ server, session }) => measureOnce(browser, server, session, expected),
      (result) =>
        `dane po ${result.pointsArrived.toFixed(0)} ms, pierwszy znacznik ` +
        `${result.firstMarker.toFixed(0)} ms, długie zadania po danych ` +
        `${result.openTotal.toFixed(0)} ms (najdłuższe ${result.openLongest.toFixed(0)}); filtr: licznik po ` +
        `${result.filterUntilCount.toFixed(0)} ms, długie zadania ${result.filterTotal.toFixed(0)} ms ` +
        `(najdłuższe ${result.filterLongest.toFixed(0)})`,
    );
    const bytes = runs[0]![0]!.pointsBytes;
    console.log(
      `\n${MACHINES} maszyn z położeniem (odpowiedź ${(bytes / 1024 / 1024).toFixed(1)} MB), CPU ×${CPU}, ` +
        `filtr „${FILTER_STATUS.label}” (${expected} maszyn), mediana z ${RUNS}; ${os.cpus().length} CPU, ` +
        `obciążenie ${os.loadavg()[0]!.toFixed(1)}`,
    );
    console.log(
      '| build | dane po ms | pierwszy znacznik ms | znacznik po danych ms | długie zadania po danych ms (najdłuższe) | ' +
        'filtr: licznik po ms | filtr: długie zadania ms (najdłuższe) |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|');
    for (const [i, build] of builds.entries()) {
      const m = (pick: (r: Run) => number) => median(runs[i]!.map(pick)).toFixed(0);
      console.log(
        `| ${build.name} | ${m((r) => r.pointsArrived)} | ${m((r) => r.firstMarker)} | ` +
          `${m((r) => r.firstMarker - r.pointsArrived)} | ${m((r) => r.openTotal)} (${m((r) => r.openLongest)}) | ` +
          `${m((r) => r.filterUntilCount)} | ${m((r) => r.filterTotal)} (${m((r) => r.filterLongest)}) |`,
      );
    }
    for (const build of builds) console.log(`${build.name}: ${build.server}, ${build.web}`);
  } finally {
    await browser.close();
    await stopBuilds(started);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
