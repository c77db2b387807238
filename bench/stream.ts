/**
 * Unpaged lists and the CSV export against a running server process: time to the first byte of
 * the body, total time, bytes, and the server's memory (VmRSS sampled every 10 ms from
 * /proc/<pid>/status, and VmHWM) before and during the answer. One fresh server per measurement,
 * so the peak belongs to that answer alone. The databases are only read (plus the bench login's
 * session row).
 *
 *   npm run build -w apps/server && npm run stream -w bench
 *   npm run stream -w bench -- --databases=serwis_10k --server=/path/to/other/apps/server/src/server.ts
 *
 * Options: --pg=postgres://postgres@127.0.0.1:55500 (the cluster), --databases=serwis_10k,serwis_1m
 * (an absolute path instead of a name: a PGlite DATA_DIR; use a copy, the server writes its session),
 * --server=<server.js, or server.ts run through tsx>, --max-seconds=180 (a longer answer is read
 * that long, then abandoned: the row says so), --only=maszyny,serwis,csv, --probes=5 (first-byte
 * probes before the full read; 0 for a server that builds the whole answer before its first byte).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './bench-app.js';
import { memory, startBenchServer, stopBenchServer, type BenchServer } from './server-process.js';
import { refuseUnknownOptions } from './options.js';

const here = path.dirname(fileURLToPath(import.meta.url));

refuseUnknownOptions(['pg', 'databases', 'server', 'max-seconds', 'only', 'probes']);

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const PG = option('pg', 'postgres://postgres@127.0.0.1:55500');
const DATABASES = option('databases', 'serwis_10k,serwis_1m').split(',').filter(Boolean);
const SERVER = path.resolve(option('server', path.resolve(here, '../apps/server/dist/server.js')));
const MAX_SECONDS = Number(option('max-seconds', '180'));
const ONLY = option('only', '').split(',').filter(Boolean);
/** First-byte probes before the full read (0: none, the full read's first byte is reported). */
const PROBES = Number(option('probes', '5'));
const LOGIN = { email: 'bench@serwis.local', password: 'bench-haslo-2026' };

interface Scenario {
  key: string;
  name: string;
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

const SCENARIOS: Scenario[] = [
  {
    key: 'maszyny',
    name: 'lista maszyn bez stronicowania',
    method: 'POST',
    url: '/api/device/getByFilter',
    body: {},
  },
  {
    key: 'serwis',
    name: 'lista serwisowa bez stronicowania',
    method: 'GET',
    url: '/api/service/findAllOrderInternal',
  },
  { key: 'csv', name: 'eksport maszyny.csv', method: 'POST', url: '/api/device/get-csv-by-filter', body: {} },
];

/**
 * A fresh server on `database`: a name on the cluster, or an absolute path, a PGlite data directory.
 * A server on the cluster gets a data directory of its own for its files, removed when it stops.
 */
async function startServer(database: string): Promise<BenchServer & { scratch?: string }> {
  const pglite = path.isAbsolute(database);
  const scratch = pglite ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-stream-'));
  const server = await startBenchServer({
    server: SERVER,
    dataDir: scratch ?? database,
    databaseUrl: pglite ? undefined : `${PG}/${database}`,
    // One login per database and run (the session is reused), but main and branch runs add up.
    env: { LOGIN_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_ACCOUNT: '1000' },
  });
  return { ...server, scratch };
}

const sessions = new Map<string, string>();

/** The session of `database` (sessions live in the database: every server process accepts it). */
async function sessionFor(base: string, database: string): Promise<string> {
  const known = sessions.get(database);
  if (known) {
    const check = await fetch(`${base}/api/customer/findAll?page=1&size=1`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest', cookie: known },
    });
    await check.arrayBuffer();
    if (check.ok) return known;
  }
  const cookie = await login(base);
  sessions.set(database, cookie);
  return cookie;
}

async function login(base: string): Promise<string> {
  const response = await fetch(`${base}/api/user/auth`, {
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      authorization: `Basic ${Buffer.from(`${LOGIN.email}:${LOGIN.password}`).toString('base64')}`,
    },
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith('SESSION='));
  if (response.status !== 200 || !cookie) throw new Error(`logowanie: ${response.status}`);
  return cookie.split(';')[0]!;
}

function send(base: string, cookie: string, scenario: Scenario, signal: AbortSignal) {
  return fetch(`${base}${scenario.url}`, {
    method: scenario.method,
    headers: {
      'X-Requested-With': 'XMLHttpRequest',
      cookie,
      // Node's fetch asks for gzip by itself; the figures in README.md are of the plain stream
      // (a browser gets it gzipped since 2026-12-03: less to send, a little more work per batch).
      'accept-encoding': 'identity',
      ...(scenario.body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: scenario.body !== undefined ? JSON.stringify(scenario.body) : undefined,
    signal,
  });
}

interface Result {
  database: string;
  scenario: string;
  status: number;
  firstByteMs: number;
  firstByteMedianMs: number;
  totalMs: number;
  bytes: number;
  complete: boolean;
  rssBefore: number;
  rssPeak: number;
  rssFirstHalf: number;
  rssSecondHalf: number;
  hwmAfter: number;
}

async function measure(database: string, scenario: Scenario): Promise<Result> {
  const server = await startServer(database);
  const pid = server.child.pid!;
  try {
    const cookie = await sessionFor(server.base, database);
    // The same call once, abandoned after its first chunk: code paths warm, pool connections open
    // (and the server must drop the abandoned stream). "Before" is the idle server after it.
    // Then the first byte alone, five times (each answer abandoned after its first chunk): on this
    // shared machine one figure is noisy, the median is not.
    const probes: number[] = [];
    for (let i = 0; i < (PROBES > 0 ? PROBES + 1 : 0); i++) {
      const probe = new AbortController();
      const start = performance.now();
      const response = await send(server.base, cookie, scenario, probe.signal);
      await response.body!.getReader().read();
      if (i > 0) probes.push(performance.now() - start);
      probe.abort();
      // The server may still be loading the abandoned answer's next batch: let it finish first.
      await new Promise((r) => setTimeout(r, 2500));
    }
    probes.sort((a, b) => a - b);
    const before = memory(pid);
    const samples: { at: number; rss: number }[] = [];
    const sampler = setInterval(() => {
      try {
        samples.push({ at: performance.now(), rss: memory(pid).rss });
      } catch {
        /* the process is gone */
      }
    }, 10);
    const abort = new AbortController();
    const started = performance.now();
    let firstByte = 0;
    let bytes = 0;
    let complete = false;
    let status = 0;
    try {
      const response = await send(server.base, cookie, scenario, abort.signal);
      status = response.status;
      const reader = response.body!.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) {
          complete = true;
          break;
        }
        if (bytes === 0) firstByte = performance.now() - started;
        bytes += value.byteLength;
        if (performance.now() - started > MAX_SECONDS * 1000) {
          abort.abort();
          break;
        }
      }
    } catch (error) {
      if (!abort.signal.aborted) throw error;
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    const after = memory(pid);
    // Flat means the second half of the answer needs no more than the first did.
    const half = started + totalMs / 2;
    const peakOf = (list: typeof samples) => Math.max(before.rss, ...list.map((x) => x.rss));
    const firstHalf = peakOf(samples.filter((x) => x.at < half));
    const secondHalf = peakOf(samples.filter((x) => x.at >= half));
    return {
      database,
      scenario: scenario.name,
      status,
      firstByteMs: firstByte,
      firstByteMedianMs: probes.length > 0 ? percentile(probes, 50) : firstByte,
      totalMs,
      bytes,
      complete,
      rssBefore: before.rss,
      rssPeak: Math.max(firstHalf, secondHalf, after.rss),
      rssFirstHalf: firstHalf,
      rssSecondHalf: secondHalf,
      hwmAfter: after.hwm,
    };
  } catch (error) {
    throw new Error(`${database} / ${scenario.name}: ${String(error)}\n${server.log.join('').slice(-2000)}`);
  } finally {
    await stopBenchServer(server);
    if (server.scratch) fs.rmSync(server.scratch, { recursive: true, force: true });
  }
}

const mb = (n: number) => n.toFixed(0);
const fmtMs = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);

async function main() {
  if (!fs.existsSync(SERVER)) throw new Error(`brak ${SERVER}: najpierw npm run build -w apps/server`);
  const results: Result[] = [];
  for (const database of DATABASES) {
    for (const scenario of SCENARIOS.filter((s) => ONLY.length === 0 || ONLY.includes(s.key))) {
      const result = await measure(database, scenario);
      results.push(result);
      console.error(`${database} ${scenario.key}: ${JSON.stringify(result)}`);
    }
  }
  console.log(`Serwer: ${path.relative(process.cwd(), SERVER)}; odczyt przerywany po ${MAX_SECONDS} s\n`);
  console.log(
    `| baza | wywołanie | status | pierwszy bajt${PROBES > 0 ? ` (mediana z ${PROBES})` : ''} | czas | bajty | RSS przed (MB) | szczyt RSS 1. / 2. połowa (MB) | VmHWM po (MB) |`,
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const total = r.complete ? fmtMs(r.totalMs) : `${fmtMs(r.totalMs)} (przerwano)`;
    const bytes = `${(r.bytes / 1024 / 1024).toFixed(1)} MB`;
    console.log(
      `| ${r.database} | ${r.scenario} | ${r.status} | ${fmtMs(r.firstByteMedianMs)} | ${total} | ${bytes} | ${mb(r.rssBefore)} | ${mb(r.rssFirstHalf)} / ${mb(r.rssSecondHalf)} | ${mb(r.hwmAfter)} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
