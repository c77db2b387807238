/**
 * Long answers taking turns, against a running server process (docs/operations.md, "Long answers
 * take turns"): what a machine form loads (customers, categories) while machine CSV exports whose
 * clients stopped reading hold their places; many whole customer lists at once; and how long a
 * download whose client stopped reading keeps its connection (and place) open on the server.
 *
 *   npm run build -w apps/server && npm run turns -w bench -- --database=postgres://postgres@127.0.0.1:55500/serwis_10k
 *   npm run turns -w bench -- --data-dir=/tmp/copy-of-a-pglite-dir --server=/path/to/other/dist/server.js
 *
 * Options: --exports=5 (stalled exports at once), --lists=10,20,40, --idle=20 (the server's
 * IDLE_CONNECTION_TIMEOUT_S for this run, seconds; more than the 15 s an export waits in line). The stalled download is timed with `ss`
 * (iproute2): the server's side of the connection leaving ESTABLISHED. The database is only read
 * (plus the bench login's session row).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchServer, stopBenchServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}

const DATABASE = option('database', '');
const DATA_DIR = option('data-dir', '');
const SERVER = path.resolve(option('server', path.resolve(here, '../apps/server/dist/server.js')));
const EXPORTS = Number(option('exports', '5'));
const LISTS = option('lists', '10,20,40').split(',').map(Number);
const IDLE_S = Number(option('idle', '20'));
const LOGIN = { email: 'bench@serwis.local', password: 'bench-haslo-2026' };

if (!DATABASE && !DATA_DIR)
  throw new Error('Podaj --database=postgres://… albo --data-dir=<kopia katalogu PGlite>');

const server = await startBenchServer({
  server: SERVER,
  dataDir: DATA_DIR || fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-turns-')),
  databaseUrl: DATABASE || undefined,
  env: { IDLE_CONNECTION_TIMEOUT_S: String(IDLE_S), REMINDER_TIME: 'off', GEOCODER_URL: '' },
});
const { base } = server;
process.on('exit', () => {
  if (server.child.exitCode !== null && server.child.exitCode !== 0) console.error(server.log.join(''));
});

const auth = await fetch(`${base}/api/user/auth`, {
  headers: {
    'X-Requested-With': 'XMLHttpRequest',
    authorization: `Basic ${Buffer.from(`${LOGIN.email}:${LOGIN.password}`).toString('base64')}`,
  },
});
if (!auth.ok) throw new Error(`logowanie: ${auth.status}`);
const cookie = (auth.headers.get('set-cookie') ?? '').split(';')[0]!;
const headers = { cookie, 'X-Requested-With': 'XMLHttpRequest' };
const since = (t0: number) => `${Math.round(performance.now() - t0)} ms`;

/** A machine CSV export whose client reads its first chunk and then nothing more. */
async function stalledExport(signal: AbortSignal): Promise<string> {
  const t0 = performance.now();
  const response = await fetch(`${base}/api/device/get-csv-by-filter`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: '{}',
    signal,
  });
  if (response.ok) await response.body!.getReader().read();
  else await response.text();
  return `${response.status} (${since(t0)})`;
}

async function timedList(url: string): Promise<string> {
  const t0 = performance.now();
  const response = await fetch(base + url, { headers, signal: AbortSignal.timeout(40_000) });
  const rows = response.ok ? ((await response.json()) as unknown[]).length : 0;
  return `${response.status}${response.ok ? `: ${rows}` : ''} (${since(t0)})`;
}

console.log(`serwer ${SERVER}, ${DATABASE || DATA_DIR}`);

// 1. Exports holding their places, and what a machine form loads meanwhile.
const stop = new AbortController();
const exports = await Promise.all(Array.from({ length: EXPORTS }, () => stalledExport(stop.signal)));
console.log(`${EXPORTS} eksportów CSV, których klient przestał czytać: ${exports.join(', ')}`);
for (const url of ['/api/customer/findAll', '/api/category/findAll']) {
  const answers = await Promise.all(Array.from({ length: 5 }, () => timedList(url)));
  console.log(`  w tym czasie 5 × ${url}: ${answers.join(', ')}`);
}
stop.abort();

// 2. Many whole lists at once (forms opened together), then the server's health.
for (const count of LISTS) {
  const t0 = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: count }, () =>
      fetch(`${base}/api/customer/findAll`, { headers, signal: AbortSignal.timeout(40_000) }).then(
        async (r) => (await r.arrayBuffer(), String(r.status)),
        (e: Error) => e.name,
      ),
    ),
  );
  const tally: Record<string, number> = {};
  for (const status of statuses) tally[status] = (tally[status] ?? 0) + 1;
  const health = (await fetch(`${base}/api/health`)).status;
  console.log(
    `${count} list kontrahentów naraz: ${JSON.stringify(tally)} w ${since(t0)}; /api/health ${health}`,
  );
}

// 3. A download whose client stops reading: how long the server keeps the connection.
const port = Number(new URL(base).port);
const socket = net.connect(port, '127.0.0.1');
socket.on('error', () => undefined);
socket.on('data', () => socket.pause());
await new Promise((resolve) => socket.once('connect', resolve));
const t0 = performance.now();
socket.write(
  `POST /api/device/get-csv-by-filter HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Requested-With: XMLHttpRequest\r\n` +
    `Cookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
);
const serverSide = () =>
  execFileSync('ss', ['-tnH', 'state', 'all', `( sport = :${port} and dport = :${socket.localPort} )`])
    .toString()
    .trim();
let state = serverSide();
while (/^ESTAB/.test(state) && performance.now() - t0 < (IDLE_S * 4 + 30) * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 250));
  state = serverSide();
}
console.log(
  `eksport, którego klient przestał czytać (limit bezczynności ${IDLE_S} s): serwer zamknął połączenie po ` +
    `${((performance.now() - t0) / 1000).toFixed(1)} s (${state.split(/\s+/)[0] || 'brak'})`,
);
socket.destroy();
await stopBenchServer(server);
