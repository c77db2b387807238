/**
 * How long a server takes from its start to a healthy /api/health, on the embedded database: once
 * on a new data directory (the database created and migrated), then `--starts` times on that same
 * directory, as every later start of an installation finds it. Each start is a new process.
 *
 *   npm run build -w apps/server && npm run server-start -w bench
 *   npm run server-start -w bench -- --server=/path/to/other/apps/server/dist/server.js --starts=8
 *
 * Options (or BENCH_SERVER, BENCH_STARTS): --server=<server.js, or server.ts run through tsx>
 * (default: this checkout's apps/server/dist/server.js), --starts=8.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { percentile } from './bench-app.js';
import { option } from './options.js';
import { startBenchServer, stopBenchServer } from './server-process.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const server = path.resolve(
  option('server', 'BENCH_SERVER') ?? path.resolve(here, '../apps/server/dist/server.js'),
);
const starts = Number(option('starts', 'BENCH_STARTS') ?? 8);
if (!fs.existsSync(server)) throw new Error(`brak ${server}: najpierw npm run build -w apps/server`);

async function timedStart(dataDir: string): Promise<number> {
  const started = performance.now();
  const running = await startBenchServer({ server, dataDir });
  const elapsed = performance.now() - started;
  await stopBenchServer(running);
  return elapsed;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-bench-start-'));
try {
  const first = await timedStart(dataDir);
  const later: number[] = [];
  for (let i = 0; i < starts; i++) later.push(await timedStart(dataDir));
  later.sort((a, b) => a - b);
  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(`Serwer: ${server}; Node ${process.version}\n`);
  console.log('| start | ile razy | mediana s | p95 s | najkrócej s | najdłużej s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  console.log(`| nowy katalog danych (baza tworzona) | 1 | ${s(first)} | | | |`);
  console.log(
    `| istniejąca baza | ${starts} | ${s(percentile(later, 50))} | ${s(percentile(later, 95))} | ${s(later[0]!)} | ${s(later.at(-1)!)} |`,
  );
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
