/**
 * Latency of the machine, inspection and service lists, in-process (buildApp + app.inject, no
 * network), on the database generate.ts filled: PGlite in DATA_DIR (default .tmp/bench-data) or PostgreSQL at DATABASE_URL.
 *
 *   npm run bench                     # 30 runs of each scenario
 *   npm run bench -- --runs=50
 *   npm run bench -- --only=przeglady,serwis   # groups: maszyny, przeglady, serwis
 */
import os from 'node:os';
import { devices } from '../apps/server/src/modules/devices/devices.table.js';
import { services } from '../apps/server/src/modules/services/services.table.js';
import { BENCH_OPTION_NAMES, describeTarget, readOptions, refuseUnknownOptions } from './options.js';
import { loginHeaders, openBenchApp, percentile } from './bench-app.js';

interface Scenario {
  /** maszyny | przeglady | serwis: `--only=` picks groups. */
  group: 'maszyny' | 'przeglady' | 'serwis';
  name: string;
  url: string;
  /** POST with this body; GET without one. */
  body?: object;
  /** Heavy scenarios are measured fewer times. */
  fewerRuns?: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    group: 'maszyny',
    name: 'lista: 1. strona, domyślny porządek',
    url: '/api/device/getByFilter?page=1&size=10',
    body: {},
  },
  {
    group: 'maszyny',
    name: 'lista: statusy + województwo, sort nazwa, str. 50 × 20',
    url: '/api/device/getByFilter?page=50&size=20&sort=name,asc',
    body: { statuses: ['OK', 'Usterka'], provinces: ['mazowieckie', 'śląskie'] },
  },
  {
    group: 'maszyny',
    name: 'lista: sort kontrahent malejąco, str. 200 × 50',
    url: '/api/device/getByFilter?page=200&size=50&sort=customer,desc',
    body: {},
  },
  {
    group: 'maszyny',
    name: 'szukaj q="wiśniewski" (kontrahent), str. 1 × 20',
    url: `/api/device/getByFilter?page=1&size=20&q=${encodeURIComponent('wiśniewski')}`,
    body: {},
  },
  {
    group: 'maszyny',
    name: 'szukaj q="frezarka cnc" (nazwa), str. 3 × 20',
    url: `/api/device/getByFilter?page=3&size=20&q=${encodeURIComponent('frezarka cnc')}`,
    body: {},
  },
  {
    group: 'maszyny',
    name: 'szukaj q="00123" (nr seryjny/id), str. 1 × 20',
    url: '/api/device/getByFilter?page=1&size=20&q=00123',
    body: {},
  },
  {
    group: 'maszyny',
    name: 'filtr: miasto + daty + kategoria, str. 1 × 10',
    url: '/api/device/getByFilter?page=1&size=10',
    body: {
      city: 'kraków',
      dateFrom: '2020-01-01T00:00:00',
      dateTo: '2022-12-31T00:00:00',
      categories: ['Tokarki'],
    },
  },
  {
    group: 'maszyny',
    name: 'CSV: województwo śląskie, sort nazwa',
    url: '/api/device/get-csv-by-filter?sort=name,asc',
    body: { provinces: ['śląskie'] },
  },
  {
    group: 'maszyny',
    name: 'CSV: wszystkie maszyny wewnętrzne',
    url: '/api/device/get-csv-by-filter',
    body: {},
    fewerRuns: true,
  },
  {
    group: 'przeglady',
    name: 'przeglądy onlyActual: str. 1 × 15, domyślny porządek',
    url: '/api/device/periodicInspections/onlyActual?page=1&size=15',
  },
  {
    group: 'przeglady',
    name: 'przeglądy onlyActual: str. 1000 × 15',
    url: '/api/device/periodicInspections/onlyActual?page=1000&size=15',
  },
  {
    group: 'przeglady',
    name: 'przeglądy all: str. 1 × 15',
    url: '/api/device/periodicInspections/all?page=1&size=15',
  },
  {
    group: 'przeglady',
    name: 'przeglądy all: str. 3000 × 15',
    url: '/api/device/periodicInspections/all?page=3000&size=15',
  },
  {
    group: 'serwis',
    name: 'serwis własne: str. 1 × 15, numer malejąco',
    url: '/api/service/findAllOrderInternal?page=1&size=15',
  },
  {
    group: 'serwis',
    name: 'serwis własne: str. 1000 × 15',
    url: '/api/service/findAllOrderInternal?page=1000&size=15',
  },
  {
    group: 'serwis',
    name: 'serwis własne: str. 20000 × 15',
    url: '/api/service/findAllOrderInternal?page=20000&size=15',
  },
  {
    group: 'serwis',
    name: 'serwis własne: q="wyciek" (opis usterki), str. 1 × 15',
    url: `/api/service/findAllOrderInternal?page=1&size=15&q=wyciek`,
  },
  {
    group: 'serwis',
    name: 'serwis własne: q="wiśniewski" (kontrahent), str. 1 × 15',
    url: `/api/service/findAllOrderInternal?page=1&size=15&q=${encodeURIComponent('wiśniewski')}`,
  },
  {
    group: 'serwis',
    name: 'serwis własne: q="12345" (numer lub id), str. 1 × 15',
    url: '/api/service/findAllOrderInternal?page=1&size=15&q=12345',
  },
  {
    group: 'serwis',
    name: 'serwis zewnętrzne: str. 1 × 15, numer malejąco',
    url: '/api/service/findAllOrderExternal?page=1&size=15',
  },
];

async function main() {
  refuseUnknownOptions(BENCH_OPTION_NAMES);
  const options = readOptions();
  const groups = new Set<string>(SCENARIOS.map((s) => s.group));
  const unknown = options.only.filter((group) => !groups.has(group));
  if (unknown.length)
    throw new Error(`--only: nieznane grupy ${unknown.join(', ')} (są: ${[...groups].join(', ')}).`);
  const { app, database } = await openBenchApp(options);
  try {
    const headers = await loginHeaders(app, options);

    const measure = async (scenario: Scenario, runs: number) => {
      const times: number[] = [];
      let rows = '';
      let bytes = 0;
      // Two warm-up calls fill caches and plan caches, as on a server that has been running.
      for (let i = 0; i < runs + 2; i++) {
        const start = performance.now();
        const response = await app.inject(
          scenario.body
            ? { method: 'POST', url: scenario.url, headers, payload: scenario.body }
            : { method: 'GET', url: scenario.url, headers },
        );
        const elapsed = performance.now() - start;
        if (response.statusCode !== 200)
          throw new Error(`${scenario.name}: ${response.statusCode} ${response.body}`);
        if (i >= 2) times.push(elapsed);
        bytes = response.rawPayload.length;
        rows = scenario.url.includes('csv')
          ? `${response.body.split('\r\n').length - 2} wierszy`
          : `${response.json().length} z ${response.headers['x-total-count']}`;
      }
      times.sort((a, b) => a - b);
      return {
        name: scenario.name,
        rows,
        bytes,
        median: percentile(times, 50),
        p95: percentile(times, 95),
        runs,
      };
    };

    const chosen = SCENARIOS.filter((s) => !options.only.length || options.only.includes(s.group));
    const results = [];
    const loadBefore = os.loadavg()[0];
    for (const scenario of chosen) {
      const runs = scenario.fewerRuns ? Math.max(3, Math.round(options.runs / 6)) : options.runs;
      results.push(await measure(scenario, runs));
    }

    const machines = await database.db.$count(devices);
    const events = await database.db.$count(services);
    console.log(
      `\nBaza: ${describeTarget(options)}; maszyn: ${machines}; zdarzeń: ${events}; ` +
        `${os.cpus().length} CPU, Node ${process.version}; ` +
        `obciążenie (1 min) przed/po: ${loadBefore.toFixed(1)}/${os.loadavg()[0].toFixed(1)}`,
    );
    console.log('| scenariusz | wynik | mediana ms | p95 ms | przebiegów |');
    console.log('|---|---|---:|---:|---:|');
    for (const r of results) {
      console.log(`| ${r.name} | ${r.rows} | ${r.median.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.runs} |`);
    }
  } finally {
    await app.close();
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
