import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { buildApp } from './app.js';
import { ensureFirstAdmin } from './bootstrap.js';
import { backfillInspectionSummaries } from './modules/inspections/inspection-summaries.js';
import { startReminderScheduler } from './modules/reminders/reminders.scheduler.js';

async function main() {
  const config = loadConfig();
  const here = path.dirname(fileURLToPath(import.meta.url));
  config.WEB_DIST ??= path.resolve(here, '../../web/dist');
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  await ensureFirstAdmin(app.db, config, app.log);
  // A database from before the summaries existed fills them in once (docs/decisions.md).
  const filled = await backfillInspectionSummaries(app.db);
  if (filled > 0) app.log.info(`Uzupełniono podsumowania przeglądów okresowych: ${filled} maszyn.`);
  const stopReminders = startReminderScheduler(
    { db: app.db, mailer: app.mailer, config: app.config },
    app.log,
  );
  const shutdown = async () => {
    stopReminders();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`Serwis działa: http://localhost:${config.PORT} (baza: ${database.kind})`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
