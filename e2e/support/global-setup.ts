import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort } from './server-process';
import { resolveChromium } from './chromium-binary';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    adminEmail: string;
    adminPassword: string;
    dataDir: string;
    chromiumPath: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

const ADMIN_EMAIL = 'admin@serwis-e2e.pl';
const ADMIN_PASSWORD = 'Admin-e2e-2024!';

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before it was ready:\n${output()}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer ${baseUrl}/api/health within 60 s:\n${output()}`);
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Starts the built server once for all journeys, on a fresh data directory (embedded PGlite). */
export async function setup(project: TestProject) {
  for (const [file, what] of [
    [serverEntry, 'the server'],
    [webIndex, 'the browser app'],
  ] as const) {
    if (!fs.existsSync(file)) {
      throw new Error(
        `${what} is not built (${path.relative(root, file)} is missing): run \`npm run build\` first.`,
      );
    }
  }
  const browser = await resolveChromium();
  console.log(`e2e: the journeys drive ${browser.source}`);
  project.provide('chromiumPath', browser.executablePath);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // Every journey logs in (some several times, mostly as the one administrator) from 127.0.0.1.
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    // QR labels and reminder mails link here. The daily reminder run stays off: a journey starts
    // the job itself, and a scheduled run firing mid-journey would take its mail.
    PUBLIC_BASE_URL: baseUrl,
    REMINDER_TIME: 'off',
  };
  // The journeys run against the embedded database, whatever the shell that started them points at.
  delete env.DATABASE_URL;
  delete env.SMTP_URL;

  let log = '';
  const server = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  server.stdout!.on('data', keep);
  server.stderr!.on('data', keep);

  try {
    await waitForHealth(baseUrl, server, () => log);
  } catch (error) {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', baseUrl);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  project.provide('dataDir', dataDir);

  return async () => {
    await stop(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
