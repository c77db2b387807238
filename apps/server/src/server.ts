import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { machinesWord, polishPlural } from '@serwis/domain';
import { loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { databaseFailure } from './db/database-failure.js';
import { buildApp } from './app.js';
import { checkMailServer } from './plugins/mailer.js';
import { readiness } from './modules/system/readiness.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { backfillInspectionSummaries } from './modules/inspections/inspection-summaries.js';
import { startReminderScheduler } from './modules/reminders/reminders.scheduler.js';
import { moveOldTutorialsIntoStore } from './modules/tutorials/tutorials.service.js';

/** The listener's refusals, in Polish and naming PORT. */
function listenFailure(error: unknown, port: number): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') return new Error(`PORT ${port} jest zajęty przez inny program (${code}).`);
  if (code === 'EACCES') return new Error(`PORT ${port}: brak uprawnień do tego portu (${code}).`);
  return error;
}

/**
 * Tries the port before the database opens and the first administrator is made: a busy port is
 * told at once, and a first start that fails on it has not yet printed (and so used up) the
 * administrator's one-time password.
 */
async function assertPortFree(port: number, host: string) {
  if (port === 0) return;
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error) => reject(listenFailure(error, port)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

async function main() {
  const config = loadConfig();
  await assertPortFree(config.PORT, config.HOST);
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.WEB_DIST ??= path.resolve(here, '../../web/dist');
  const database = await openDatabase(config).catch((error: unknown) => {
    throw new Error(databaseFailure(error, config));
  });
  const app = await buildApp({ config, database });
  database.onConnectionLost?.((message) => app.log.warn(message));
  if (database.migrated?.applied) {
    const { applied, ms, fresh } = database.migrated;
    const what = fresh ? 'Utworzono bazę danych' : 'Zaktualizowano bazę danych do tej wersji programu';
    app.log.info(database.migrated, `${what} (migracje: ${applied}, ${(ms / 1000).toFixed(1)} s).`);
  }
  // The file store is checked once now: unreachable, the server still starts (it may come back, and
  // /api/ready says 503 meanwhile), but the log names the settings to look at.
  // At most 5 s: a store that never answers (a dropped connection) must not hold the start.
  const storageChecked = await Promise.race([
    readiness(app).then(({ checks }) => checks.storage === 'ok'),
    new Promise<boolean>((resolve) => setTimeout(resolve, 5000, false).unref()),
  ]);
  if (!storageChecked) app.log.error(storageFailure(config));
  await ensureFirstAdmin(app.db, config, app.log);
  // A database from before the summaries existed fills them in once (docs/decisions.md).
  const filled = await backfillInspectionSummaries(app.db);
  if (filled > 0)
    app.log.info(`Uzupełniono podsumowania przeglądów okresowych: ${filled} ${machinesWord(filled)}.`);
  // Tutorials of the folder read before the store existed are copied into it once (decisions.md).
  const moved = await moveOldTutorialsIntoStore(config, app.db, app.storage, app.log);
  if (moved.files > 0 || moved.folders > 0)
    app.log.info(
      moved,
      `Przeniesiono tutoriale z katalogu do magazynu plików: ${moved.files} ${polishPlural(moved.files, { one: 'plik', few: 'pliki', many: 'plików' })}.`,
    );
  const stopReminders = startReminderScheduler(
    { db: app.db, mailer: app.mailer, config: app.config },
    app.log,
    app.reminderWork,
  );
  // SIGTERM: /api/ready turns 503, the listener closes (idle keep-alive connections too), requests
  // in flight finish; after SHUTDOWN_TIMEOUT_S the rest are cut and the exit code is 1.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.lifecycle.draining = true;
    app.log.info({ signal }, 'zamykanie: nowe połączenia odrzucane, trwające żądania kończone');
    const forced = setTimeout(() => {
      app.log.warn('zamykanie: przekroczony czas SHUTDOWN_TIMEOUT_S, przerwane pozostałe żądania');
      app.server.closeAllConnections();
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_S * 1000);
    forced.unref();
    stopReminders();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'zamykanie: błąd');
      process.exit(1);
    }
    app.log.info('zamknięto');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.PORT, host: config.HOST }).catch((error: unknown) => {
    throw listenFailure(error, config.PORT);
  });
  app.log.info(startedLine(config, database.kind, app.server.address()));
  if (!config.SMTP_URL) {
    app.log.warn(
      `Bez SMTP_URL e-maile (hasła, protokoły, przypomnienia) trafiają do folderu ${app.mailer.target}, nie do adresatów.`,
    );
  }
  void checkMailServer(app.mailer, config.SMTP_URL, app.log);
}

/** What an operator checks first: the address, where it listens, the database, the files and the mail. */
function startedLine(
  config: Config,
  databaseKind: string,
  address: ReturnType<net.Server['address']>,
): string {
  const listening =
    address && typeof address === 'object' ? `${address.address}:${address.port}` : config.PORT;
  const files =
    config.STORAGE_DRIVER === 's3' ? `S3 ${config.S3_BUCKET}` : path.join(config.dataDir, 'files');
  const mail = config.SMTP_URL ? `SMTP ${new URL(config.SMTP_URL).hostname}` : 'folder outbox';
  return (
    `Serwis działa: ${config.publicBaseUrl} (nasłuch ${listening}, baza: ${databaseKind}, ` +
    `dane: ${config.dataDir}, pliki: ${files}, poczta: ${mail}, log: ${config.LOG_LEVEL})`
  );
}

function storageFailure(config: Config): string {
  const effect =
    'wysyłanie i pobieranie plików nie działa, /api/ready odpowiada 503, dopóki magazyn nie odpowie.';
  return config.STORAGE_DRIVER === 's3'
    ? `Magazyn plików S3 nieosiągalny lub bez prawa zapisu (S3_ENDPOINT=${config.S3_ENDPOINT ?? 'AWS'}, S3_BUCKET=${config.S3_BUCKET}): ${effect}`
    : `Katalog plików ${path.join(config.dataDir, 'files')} (DATA_DIR) bez prawa zapisu: ${effect}`;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
