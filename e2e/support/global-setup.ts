import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startServer, type ServerProcess } from './server-process';
import { makePgliteTemplate } from './pglite-template';
import { JOURNEY_WORKERS } from './journey-workers';
import { resolveChromium } from './chromium-binary';
import { journeyTimeZone, WARSAW } from './company-zone';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per journey worker; each journey file claims one for its run (app-server.ts). */
    servers: { baseUrl: string; dataDir: string }[];
    /** Where a journey file marks the server it holds (app-server.ts). */
    serverClaims: string;
    adminEmail: string;
    adminPassword: string;
    chromiumPath: string;
    /** The migrated database every journey server starts from (pglite-template.ts). */
    pgliteTemplate: string;
    /** The company's time zone of the run, on its servers and in its browsers (company-zone.ts). */
    timeZone: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const serverEntry = path.join(root, 'apps/server/dist/server.js');
const webIndex = path.join(root, 'apps/web/dist/index.html');

const ADMIN_EMAIL = 'admin@serwis-e2e.pl';
const ADMIN_PASSWORD = 'Admin-e2e-2024!';

/**
 * Starts one built server per journey worker, each on a data directory of its own (embedded PGlite,
 * a copy of the run's migrated template), so that journeys running at the same time never share a
 * database or an outbox: each journey file claims one for its whole run (app-server.ts).
 */
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

  const timeZone = journeyTimeZone(new Date());
  if (timeZone !== WARSAW) console.log(`e2e: the company's time zone is ${timeZone} for this run`);
  project.provide('timeZone', timeZone);
  const env = {
    TZ_COMPANY: timeZone,
    // Every journey logs in (some several times, mostly as the one administrator) from 127.0.0.1.
    LOGIN_LIMIT_PER_IP: '1000',
    LOGIN_LIMIT_PER_ACCOUNT: '1000',
    // The daily reminder run stays off: a journey starts the job itself, and a scheduled run firing
    // mid-journey would take its mail.
    REMINDER_TIME: 'off',
  };
  const servers: ServerProcess[] = [];
  const serverClaims = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-e2e-claims-'));
  const template = await makePgliteTemplate();
  const stopAll = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    fs.rmSync(serverClaims, { recursive: true, force: true });
    fs.rmSync(template, { recursive: true, force: true });
  };
  // One after another: a server listens before the next asks the system for a free port, so two
  // can never be given the same one.
  try {
    while (servers.length < JOURNEY_WORKERS) {
      servers.push(await startServer(env, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD }, template));
    }
  } catch (error) {
    await stopAll();
    throw error;
  }

  project.provide(
    'servers',
    servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  project.provide('serverClaims', serverClaims);
  project.provide('pgliteTemplate', template);
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);

  return stopAll;
}
