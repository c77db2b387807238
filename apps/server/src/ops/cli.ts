/**
 * Operations commands, run from the repository root with the server's environment:
 *   npm run backup -- <file.tar.gz>
 *   npm run restore -- <file.tar.gz>
 *   npm run storage:copy -- --from local --to s3
 */
import path from 'node:path';
import { polishCount, polishPlural } from '@serwis/domain';
import { loadConfig, type Config } from '../config.js';
import { openDatabase } from '../db/database.js';
import { databaseFailure, innermostMessage } from '../db/database-failure.js';
import { DataDirLockedError } from '../db/pglite-lock.js';
import { LocalStorage, S3Storage, createStorage, s3Options, type Storage } from '../plugins/storage/index.js';
import {
  assertSameDatabaseVersion,
  BackupError,
  createBackup,
  readBackupManifest,
  restoreBackup,
} from './backup.js';
import { isBackendAway } from '../plugins/errors.js';
import { copyStorage, StoreAwayError, type CopyReport } from './storage-copy.js';

const USAGE = `Użycie:
  npm run backup -- <plik.tar.gz>            kopia zapasowa bazy i plików
  npm run restore -- <plik.tar.gz>           odtworzenie do pustej instalacji
  npm run storage:copy -- --from local --to s3   kopiowanie plików między magazynami (lub --from s3 --to local)`;

function storageOf(config: Config, driver: string): Storage {
  if (driver === 'local') return new LocalStorage(path.join(config.dataDir, 'files'));
  if (driver === 's3') {
    if (!config.S3_BUCKET)
      throw new BackupError('Ustaw S3_BUCKET (oraz S3_ENDPOINT, S3_REGION, klucze) dla magazynu s3.');
    return new S3Storage(s3Options(config));
  }
  throw new BackupError(`Nieznany magazyn: ${driver} (local albo s3).`);
}

/** PGlite's folder must not be opened by two processes: is a server answering on this machine? */
async function serverAnswers(port: number) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health`, {
      signal: AbortSignal.timeout(1000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** The settings that name the S3 store, for a message about it (a local folder does not go away). */
const s3Settings = (config: Config) =>
  `S3_ENDPOINT=${config.S3_ENDPOINT ?? 'AWS'}, S3_BUCKET=${config.S3_BUCKET ?? ''}`;

async function openDatabaseNamed(config: Config) {
  try {
    return await openDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError) throw error;
    // As the server says it at its start: the setting it comes from and the database's words.
    throw new BackupError(databaseFailure(error, config));
  }
}

function option(args: string[], name: string) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

const filesWord = (n: number) =>
  `${polishCount(n)} ${polishPlural(n, { one: 'plik', few: 'pliki', many: 'plików' })}`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  const config = loadConfig();
  if (command === 'backup' || command === 'restore') {
    const file = args[0];
    if (!file) throw new BackupError(USAGE);
    if (!config.DATABASE_URL && (await serverAnswers(config.PORT))) {
      throw new BackupError(
        `Serwer działa na porcie ${config.PORT}: przy wbudowanej bazie (PGlite, bez DATABASE_URL) zatrzymaj go przed kopią lub odtworzeniem.`,
      );
    }
    // An archive of another version is refused before the database is opened: opening creates and
    // migrates it, and a migrated empty database then refused the older program too.
    if (command === 'restore') assertSameDatabaseVersion(await readBackupManifest(file));
    const database = await openDatabaseNamed(config);
    const rowsWord = (n: number) =>
      `${polishCount(n)} ${polishPlural(n, { one: 'wiersz', few: 'wiersze', many: 'wierszy' })}`;
    const storage = createStorage(config);
    try {
      if (command === 'backup') {
        const started = Date.now();
        const manifest = await createBackup(database.db, storage, file);
        const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0);
        console.log(
          `Kopia zapisana: ${path.resolve(file)} (${rowsWord(rows)} w ${manifest.tables.length} tabelach, ${filesWord(manifest.files.length)}, ${((Date.now() - started) / 1000).toFixed(1)} s).`,
        );
        if (manifest.missingFiles.length) {
          console.log(
            `Uwaga: w trakcie kopii usunięto pliki (${filesWord(manifest.missingFiles.length)}), kopia ich nie zawiera: ${manifest.missingFiles.join(', ')}`,
          );
        }
      } else {
        const manifest = await restoreBackup(database.db, storage, file);
        console.log(
          `Odtworzono kopię z ${manifest.createdAt}: ${rowsWord(manifest.tables.reduce((s, t) => s + t.rows, 0))}, ${filesWord(manifest.files.length)}.`,
        );
      }
    } finally {
      await storage.close?.();
      await database.close();
    }
    return;
  }
  if (command === 'storage-copy') {
    const from = option(args, '--from');
    const to = option(args, '--to');
    if (!from || !to || from === to) throw new BackupError(USAGE);
    const source = storageOf(config, from);
    const target = storageOf(config, to);
    const summary = (report: CopyReport) =>
      `Skopiowano ${filesWord(report.copied)} (${(report.bytes / 1024 / 1024).toFixed(1)} MB), pominięto już obecne: ${polishCount(report.skipped)}, błędy: ${report.failed.length}.`;
    try {
      const report = await copyStorage(source, target, {
        onProgress: (_name, done) => {
          const total = done.copied + done.skipped + done.failed.length;
          if (total % 100 === 0) console.log(`… ${filesWord(total)}`);
        },
      });
      console.log(summary(report));
      for (const failure of report.failed) console.log(`  ${failure.name}: ${failure.error}`);
      if (report.failed.length) {
        console.log('Uruchom polecenie ponownie: skopiowane pliki zostaną pominięte.');
        process.exitCode = 1;
      } else {
        console.log(`Teraz można ustawić STORAGE_DRIVER=${to} i uruchomić serwer ponownie.`);
      }
    } catch (error) {
      if (!(error instanceof StoreAwayError)) throw error;
      console.log(summary(error.report));
      throw new BackupError(
        `Przerwano: magazyn plików nie odpowiada (${s3Settings(config)}): ${error.message}. ` +
          'Uruchom polecenie ponownie, gdy odpowie: skopiowane pliki zostaną pominięte.',
      );
    } finally {
      await source.close?.();
      await target.close?.();
    }
    return;
  }
  throw new BackupError(USAGE);
}

/**
 * A failure in the operator's words. Our own refusals (a backup's, the data folder's lock) as they
 * are; the database or the file store away named by its settings; anything else with its trace.
 */
function commandFailure(error: unknown): unknown {
  if (error instanceof BackupError || error instanceof DataDirLockedError) return error.message;
  if (isBackendAway(error)) {
    const config = loadConfig();
    const stores = config.STORAGE_DRIVER === 's3' ? ` lub magazyn plików (${s3Settings(config)})` : '';
    return (
      `Przerwano: baza danych${config.DATABASE_URL ? ' (DATABASE_URL)' : ''}${stores} nie odpowiada: ` +
      `${innermostMessage(error)}. Sprawdź, czy działa, i uruchom polecenie ponownie.`
    );
  }
  return error;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(commandFailure(error));
  process.exit(1);
});
