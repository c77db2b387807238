import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { copyPgliteTemplate } from './pglite-template';

/*
 * A built server on its own port and data directory, embedded PGlite: one per journey worker
 * (global-setup.ts), or one more for a journey that needs other settings (e.g. the tutorials from a
 * fake Google Drive).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');

export interface ServerProcess {
  baseUrl: string;
  dataDir: string;
  adminEmail: string;
  adminPassword: string;
  /** The server's log so far (last 20,000 characters). */
  log(): string;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const EXTRA_ADMIN = { email: 'admin@serwis-e2e-extra.pl', password: 'Admin-extra-2024!' };

/**
 * Starts the server and waits until it is healthy. QR labels and reminder mails link to its own
 * address; `DATABASE_URL` and `SMTP_URL` of the calling shell are dropped, so it always keeps its data
 * in PGlite and its mail in the outbox. With `template` (pglite-template.ts) its database starts as
 * a copy of that migrated one; without, the server creates its own.
 */
export async function startServer(
  env: Record<string, string>,
  admin: { email: string; password: string } = EXTRA_ADMIN,
  template?: string,
): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-e2e-'));
  if (template) copyPgliteTemplate(template, dataDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const adminEmail = admin.email;
  const adminPassword = admin.password;
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: adminEmail,
    ADMIN_PASSWORD: adminPassword,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    PUBLIC_BASE_URL: baseUrl,
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.SMTP_URL;
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server at ${baseUrl} exited with code ${child.exitCode}:\n${log}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not answer ${baseUrl}/api/health within 60 s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { baseUrl, dataDir, adminEmail, adminPassword, log: () => log, stop };
}
