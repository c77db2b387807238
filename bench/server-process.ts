import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from './bench-app.js';

/** A server process a benchmark started: its address, the process and what it printed. */
export interface BenchServer {
  base: string;
  child: ChildProcess;
  log: string[];
}

/**
 * Starts `server` (a built server.js, or a server.ts run through tsx) on a free loopback port and
 * waits for a healthy /api/health (up to 120 s). Without `databaseUrl` it keeps its data in PGlite
 * under `dataDir`; `env` adds to or overrides its settings.
 */
export async function startBenchServer(options: {
  server: string;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}): Promise<BenchServer> {
  const port = await freePort();
  const args = options.server.endsWith('.ts') ? ['--import', 'tsx', options.server] : [options.server];
  const child = spawn(process.execPath, args, {
    cwd: path.dirname(options.server),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const server: BenchServer = { base: `http://127.0.0.1:${port}`, child, log: [] };
  const keep = (chunk: Buffer) => server.log.push(chunk.toString());
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`serwer zakończył się (${child.exitCode}):\n${server.log.join('')}`);
    const ok = await fetch(`${server.base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return server;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`serwer ${server.base} nie wstał w 120 s:\n${server.log.join('')}`);
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process has exited. */
export async function stopBenchServer(server: BenchServer) {
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** VmRSS and VmHWM of a process in MB. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}
