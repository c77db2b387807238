import crypto from 'node:crypto';
import net from 'node:net';
import { buildApp, type App } from '../apps/server/src/app.js';
import { loadConfig, type Config } from '../apps/server/src/config.js';
import { openDatabase, type Database } from '../apps/server/src/db/database.js';
import type { Mailer } from '../apps/server/src/plugins/mailer.js';
import type { Db } from '../apps/server/src/db/database.js';
import { hashPassword } from '../apps/server/src/modules/auth/password.js';
import { insertUser } from '../apps/server/src/modules/users/users.repository.js';

/** A mailer that drops everything: the benchmarks measure the server, not the outbox. */
export const quietMailer = { target: 'memory', send: async () => undefined } as unknown as Mailer;

/**
 * The server app in-process (as the tests build it), on PGlite in `dataDir` or on PostgreSQL at
 * `databaseUrl`, ready for `app.inject`.
 */
export async function openBenchApp(
  target: { dataDir: string; databaseUrl?: string },
  mailer: Mailer = quietMailer,
): Promise<{ app: App; database: Database; config: Config }> {
  const config = loadConfig({
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ DATABASE_URL: target.databaseUrl, dataDir: target.dataDir });
  const app = await buildApp({ config, database, mailer, logger: false });
  await app.ready();
  return { app, database, config };
}

/** The nearest-rank percentile `p` (0–100) of ascending `sorted` values. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Logs in through the API (as the browser does) and answers the headers of the session. */
export async function loginHeaders(
  app: App,
  credentials: { email: string; password: string },
): Promise<Record<string, string>> {
  const auth = await app.inject({
    method: 'GET',
    url: '/api/user/auth',
    headers: {
      'x-requested-with': 'XMLHttpRequest',
      authorization: `Basic ${Buffer.from(`${credentials.email}:${credentials.password}`).toString('base64')}`,
    },
  });
  const session = auth.cookies.find((c) => c.name === 'SESSION');
  if (auth.statusCode === 429) {
    // The login limits count every run's login in the database itself: many runs within the hour
    // reach them on the same database.
    throw new Error(
      `Logowanie ${credentials.email}: zbyt wiele prób (429). Odczekaj ${String(auth.headers['retry-after'] ?? '?')} s albo usuń wiersze tabeli rate_limits tej bazy.`,
    );
  }
  if (auth.statusCode !== 200 || !session) {
    throw new Error(
      `Logowanie ${credentials.email} nie powiodło się (${auth.statusCode}). Najpierw uruchom generate.ts.`,
    );
  }
  return { 'x-requested-with': 'XMLHttpRequest', cookie: `SESSION=${session.value}` };
}

/** A free TCP port on loopback, for a server process a benchmark starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** An administrator of its own (`<prefix>-<random>@firma.pl`) for a benchmark that logs in over HTTP. */
export async function addBenchAdmin(db: Db, prefix: string): Promise<{ email: string; password: string }> {
  const email = `${prefix}-${crypto.randomBytes(3).toString('hex')}@firma.pl`;
  const password = 'Haslo-123456';
  await insertUser(db, {
    userName: 'Kierownik',
    firstName: 'Anna',
    lastName: 'Nowak',
    email,
    passwordHash: await hashPassword(password),
    roles: ['ADMIN'],
  });
  return { email, password };
}
