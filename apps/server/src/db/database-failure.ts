import path from 'node:path';
import { isDiskFull } from '../lib/pg-error.js';
import { DataDirLockedError } from './pglite-lock.js';

/**
 * The schema could not be brought up to this version. The migrations run in one transaction, so
 * the database is as it was: the version that used it before still starts on it.
 */
export class MigrationFailedError extends Error {}

/** The database's own words: drizzle's "Failed query: …" carries the server's error as its cause. */
export function innermostMessage(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause instanceof Error && depth < 10; depth++) {
    message = cause.message;
    cause = cause.cause;
  }
  return message;
}

/** Runs the migrations; a failure says it was the upgrade, with the database's reason. */
export async function migrating(run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (error) {
    throw new MigrationFailedError(innermostMessage(error), { cause: error });
  }
}

/** The database and the user DATABASE_URL names, for the commands a message suggests. */
function namesIn(url: string | undefined): { database: string; user: string } {
  try {
    const parsed = new URL(url ?? '');
    return {
      database: decodeURIComponent(parsed.pathname.slice(1)) || 'serwis',
      user: decodeURIComponent(parsed.username) || 'serwis',
    };
  } catch {
    return { database: 'serwis', user: 'serwis' };
  }
}

/**
 * What to do about a full disk: free space and start again. The folders' owners, which the message
 * for an unopenable folder suggests, have nothing to do with it.
 */
const freeSpace = (config: { DATABASE_URL?: string }) =>
  config.DATABASE_URL
    ? ' Na dysku serwera bazy danych zabrakło miejsca: zwolnij na nim miejsce i uruchom serwer ponownie.'
    : ' Na dysku z katalogiem DATA_DIR zabrakło miejsca: zwolnij na nim miejsce i uruchom serwer ponownie; ' +
      'dane zapisane wcześniej są zachowane.';

/** A failure to open the database, naming the setting it comes from (the library's words kept). */
export function databaseFailure(error: unknown, config: { DATABASE_URL?: string; dataDir: string }): string {
  const cause = error instanceof Error ? error.message : String(error);
  if (error instanceof DataDirLockedError) return cause;
  const where = config.DATABASE_URL
    ? 'bazy danych z DATABASE_URL'
    : `wbudowanej bazy w ${path.join(config.dataDir, 'db')} (DATA_DIR)`;
  const diskFull = isDiskFull(error);
  if (error instanceof MigrationFailedError) {
    // PostgreSQL 15 lets only the database's owner create tables in its schema public: a database
    // made with CREATE DATABASE and GRANT ALL, without OWNER, fails here on the first start.
    const { database, user } = namesIn(config.DATABASE_URL);
    const advice = diskFull
      ? freeSpace(config)
      : /permission denied for (schema|database)/i.test(cause)
        ? ' Użytkownik z DATABASE_URL musi być właścicielem bazy: utwórz ją poleceniem ' +
          `„CREATE DATABASE ${database} OWNER ${user};” (albo wykonaj „ALTER DATABASE ${database} OWNER TO ${user};” ` +
          `i „ALTER SCHEMA public OWNER TO ${user};”).`
        : '';
    return (
      `Nie można zaktualizować ${where} do tej wersji programu: ${cause}.${advice} ` +
      'Baza została bez zmian: jeśli działała na niej poprzednia wersja programu, nadal może na niej działać. ' +
      'Zachowaj kopię zapasową i ten komunikat dla osoby, która wdraża program.'
    );
  }
  if (diskFull) return `Nie można otworzyć ${where}: ${cause}.${freeSpace(config)}`;
  if (config.DATABASE_URL) return `Nie można otworzyć ${where}: ${cause}`;
  return (
    `Nie można otworzyć ${where}: ${cause}. ` +
    'Sprawdź, czy katalog istnieje i czy użytkownik, jako który działa serwer, może w nim pisać ' +
    '(np. po odtworzeniu kopii jako root).'
  );
}
