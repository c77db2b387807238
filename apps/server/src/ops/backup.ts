import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import * as tar from 'tar';
import type { Db, DbOrTx } from '../db/database.js';
import * as schema from '../db/schema.js';
import { isStorageName, type Storage } from '../plugins/storage/index.js';
import { newestMigration } from '../modules/system/readiness.js';
import { recountCategoryMachines } from '../modules/categories/categories.repository.js';
import { rowsOf } from '../lib/result-rows.js';

export const BACKUP_FORMAT = 'serwis-backup';
export const BACKUP_VERSION = 1;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  /** drizzle's time stamp of the newest migration the dumped database had. */
  migration: number;
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: number }[];
  files: { name: string; size: number }[];
  /** Rows whose bytes were gone when copied (deleted after the snapshot was taken). */
  missingFiles: string[];
}

/** Errors a person running the command should read as they are (Polish, no stack). */
export class BackupError extends Error {}

const PAGE = 2000;

/** Every table of the schema, parents before children (foreign keys), so a restore can insert in order. */
export function tablesInDependencyOrder(): { name: string; primaryKey: string[] }[] {
  const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
  const info = new Map(
    tables.map((t) => {
      const config = getTableConfig(t);
      const parents = config.foreignKeys
        .map((fk) => getTableConfig(fk.reference().foreignTable).name)
        .filter((name) => name !== config.name);
      // Columns are declared in camelCase and named in snake_case in the database (casing option).
      const column = (c: { name: string; keyAsName?: boolean }) =>
        c.keyAsName ? toSnakeCase(c.name) : c.name;
      const primaryKey = [
        ...config.columns.filter((c) => c.primary).map(column),
        ...config.primaryKeys.flatMap((pk) => pk.columns.map(column)),
      ];
      return [
        config.name,
        { parents, primaryKey: primaryKey.length ? primaryKey : config.columns.map((c) => c.name) },
      ];
    }),
  );
  const ordered: { name: string; primaryKey: string[] }[] = [];
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const parent of info.get(name)!.parents) visit(parent);
    ordered.push({ name, primaryKey: info.get(name)!.primaryKey });
  };
  for (const name of [...info.keys()].sort()) visit(name);
  return ordered;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function migrationLevel(db: DbOrTx): Promise<number> {
  const result = await db.execute(
    sql`SELECT max(created_at)::text AS newest FROM drizzle.__drizzle_migrations`,
  );
  return Number(rowsOf<{ newest: string | null }>(result)[0]?.newest ?? 0);
}

/** The tables whose rows name stored bytes in their storage_name column. */
const FILE_TABLES = new Set(['files', 'public_files', 'tutorial_files']);

/**
 * Writes one .tar.gz: manifest.json, db/<table>.jsonl (one JSON object per row, as PostgreSQL's
 * row_to_json gives it), and files/<storage name> for every file row and public file. The rows come from one
 * REPEATABLE READ snapshot, and the files from the rows of that snapshot, so the archive is
 * consistent while the server keeps taking writes (bytes are stored before their row commits).
 */
export async function createBackup(db: Db, storage: Storage, file: string): Promise<BackupManifest> {
  await removeAbandonedWork();
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), WORK_PREFIX));
  const partial = `${path.resolve(file)}.part`;
  try {
    await fsp.writeFile(path.join(work, WORK_OWNER), String(process.pid));
    await fsp.mkdir(path.join(work, 'db'));
    await fsp.mkdir(path.join(work, 'files'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: new Date().toISOString(),
      migration: 0,
      tables: [],
      sequences: [],
      files: [],
      missingFiles: [],
    };
    const storageNames: string[] = [];
    await db.transaction(
      async (tx) => {
        // Time stamps in UTC, whatever the server's zone: the archive reads the same everywhere.
        await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
        manifest.migration = await migrationLevel(tx);
        for (const table of tablesInDependencyOrder()) {
          const out = fs.createWriteStream(path.join(work, 'db', `${table.name}.jsonl`));
          let rows = 0;
          const order = table.primaryKey.map(ident).join(', ');
          for (let offset = 0; ; offset += PAGE) {
            const page = rowsOf<{ row: string }>(
              await tx.execute(
                sql.raw(
                  `SELECT row_to_json(t)::text AS row FROM ${ident(table.name)} t ORDER BY ${order} LIMIT ${PAGE} OFFSET ${offset}`,
                ),
              ),
            );
            for (const { row } of page) {
              if (!out.write(`${row}\n`))
                await new Promise<void>((resolve) => out.once('drain', () => resolve()));
              // Stored bytes belong to file rows, the public files (the website's map image) and
              // the tutorials uploaded through the app.
              if (FILE_TABLES.has(table.name))
                storageNames.push((JSON.parse(row) as { storage_name: string }).storage_name);
            }
            rows += page.length;
            if (page.length < PAGE) break;
          }
          await new Promise<void>((resolve, reject) =>
            out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          manifest.tables.push({ name: table.name, rows });
        }
        const sequences = rowsOf<{ name: string; value: string | null }>(
          await tx.execute(
            sql`SELECT sequencename AS name, last_value::text AS value FROM pg_sequences WHERE schemaname = 'public'`,
          ),
        );
        manifest.sequences = sequences
          .filter((s) => s.value !== null)
          .map((s) => ({ name: s.name, value: Number(s.value) }))
          .sort((a, b) => a.name.localeCompare(b.name));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );

    for (const name of storageNames.sort()) {
      const source = await storage.open(name);
      if (!source) {
        manifest.missingFiles.push(name);
        continue;
      }
      const target = path.join(work, 'files', name);
      await pipeline(source, fs.createWriteStream(target));
      manifest.files.push({ name, size: (await fsp.stat(target)).size });
    }
    await fsp.writeFile(path.join(work, 'manifest.json'), JSON.stringify(manifest, null, 2));
    await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // Readable by its owner alone, whatever the umask: it holds every customer, the password hashes
    // and the files.
    await fsp.writeFile(partial, '', { mode: 0o600 });
    await fsp.chmod(partial, 0o600);
    await tar.c({ gzip: true, file: partial, cwd: work, portable: true }, ['manifest.json', 'db', 'files']);
    await fsp.rename(partial, path.resolve(file));
    return manifest;
  } catch (error) {
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/** The temporary folders of backups, and the file in each naming the process that writes it. */
const WORK_PREFIX = 'serwis-backup-';
const WORK_OWNER = 'owner.pid';
/** A folder without its owner's name (just made, or by an older version) is left this long. */
const UNOWNED_WORK_KEPT_MS = 24 * 60 * 60 * 1000;

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what backups killed midway left (kill -9, a timer's timeout, the machine's memory running
 * out): their copy of every stored file stayed in the temporary folder, and each such run took as
 * much again, until the disk was full. A folder whose process still runs is another backup's.
 */
async function removeAbandonedWork(): Promise<void> {
  const entries = await fsp.readdir(os.tmpdir()).catch(() => [] as string[]);
  // Named as mkdtemp names them: the prefix and six characters.
  const ours = new RegExp(`^${WORK_PREFIX}[A-Za-z0-9]{6}$`);
  for (const entry of entries.filter((name) => ours.test(name))) {
    const dir = path.join(os.tmpdir(), entry);
    const owner = Number(await fsp.readFile(path.join(dir, WORK_OWNER), 'utf8').catch(() => ''));
    if (owner > 0) {
      if (isRunning(owner)) continue;
    } else {
      const made = await fsp.stat(dir).catch(() => null);
      if (!made || Date.now() - made.mtimeMs < UNOWNED_WORK_KEPT_MS) continue;
    }
    await fsp.rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function countRows(db: DbOrTx, table: string) {
  const result = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${ident(table)}`));
  return rowsOf<{ n: number }>(result)[0].n;
}

/** Tables with rows and stored files: a restore goes only into an installation with neither. */
export async function installationContents(db: DbOrTx, storage: Storage) {
  const tables: string[] = [];
  for (const table of tablesInDependencyOrder())
    if ((await countRows(db, table.name)) > 0) tables.push(table.name);
  let files = 0;
  for await (const _entry of storage.list()) {
    files++;
    break;
  }
  return { tables, files };
}

/** Unpacks the archive (or only `only` of it) into a new temporary folder, which the caller removes. */
async function unpack(file: string, prefix: string, only?: string): Promise<string> {
  if (!fs.existsSync(file)) throw new BackupError(`Nie znaleziono pliku kopii: ${file}`);
  const work = await fsp.mkdtemp(path.join(os.tmpdir(), prefix));
  try {
    await tar.x({
      file,
      cwd: work,
      strict: true,
      ...(only ? { filter: (entry: string) => entry === only } : {}),
    });
  } catch (error) {
    // A stream of the broken archive may still be closing: its own failure must not hide this one.
    await fsp
      .rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
      .catch(() => undefined);
    throw new BackupError(
      `Plik kopii jest uszkodzony lub niepełny (${error instanceof Error ? error.message : String(error)}).`,
    );
  }
  return work;
}

async function manifestIn(work: string): Promise<BackupManifest> {
  const manifestPath = path.join(work, 'manifest.json');
  if (!fs.existsSync(manifestPath))
    throw new BackupError('To nie jest kopia zapasowa Serwisu (brak manifest.json).');
  const manifest = JSON.parse(await fsp.readFile(manifestPath, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== BACKUP_VERSION) {
    throw new BackupError('Nieobsługiwany format kopii zapasowej.');
  }
  return manifest;
}

/** A migration's time stamp as the day it was made: names a version of the database to a person. */
const migrationDay = (when: number) => new Date(when).toISOString().slice(0, 10);

/**
 * A backup goes only into a database at its own migration level (its tables as they were): `level`
 * is the installation's, which is this program's newest once the database has been opened.
 */
export function assertSameDatabaseVersion(manifest: BackupManifest, level = newestMigration()): void {
  if (level === manifest.migration && level === newestMigration()) return;
  throw new BackupError(
    `Kopia pochodzi z innej wersji bazy (z ${migrationDay(manifest.migration)}) niż ta wersja programu ` +
      `(z ${migrationDay(newestMigration())}): odtwórz ją tą samą wersją programu, która ją utworzyła, ` +
      'do pustego katalogu danych, a potem uruchom na nim tę wersję (zaktualizuje bazę sama).',
  );
}

/**
 * The archive's manifest, checked before anything is opened: a restore the archive cannot go into
 * is refused before the command creates and migrates an empty database (which then stood in the
 * way of the older program the refusal sends the user to).
 */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  const work = await unpack(file, 'serwis-manifest-', 'manifest.json');
  try {
    return await manifestIn(work);
  } finally {
    await fsp.rm(work, { recursive: true, force: true });
  }
}

/**
 * Restores an archive of createBackup into an empty installation migrated to the same level:
 * the files first (under their own names, sizes checked), then every row in one transaction,
 * then the sequences. A failure leaves the database empty and removes the restored files.
 */
export async function restoreBackup(db: Db, storage: Storage, file: string): Promise<BackupManifest> {
  const work = await unpack(file, 'serwis-restore-');
  const restored: string[] = [];
  try {
    const manifest = await manifestIn(work);
    for (const entry of manifest.files) {
      if (!isStorageName(entry.name))
        throw new BackupError(`Nieprawidłowa nazwa pliku w kopii: ${entry.name}`);
    }
    assertSameDatabaseVersion(manifest, await migrationLevel(db));
    const contents = await installationContents(db, storage);
    if (contents.tables.length || contents.files) {
      throw new BackupError(
        `Odtwarzanie tylko do pustej instalacji; tu są już dane (${[...contents.tables, ...(contents.files ? ['pliki'] : [])].join(', ')}).`,
      );
    }
    // Every file the manifest names is in the archive at its size, before anything is written: a
    // file missing from a damaged archive stopped the restore halfway, its files left in the store.
    for (const entry of manifest.files) {
      const size = await fsp
        .stat(path.join(work, 'files', entry.name))
        .then((s) => s.size)
        .catch(() => undefined);
      if (size !== entry.size)
        throw new BackupError(`Kopia jest niepełna: brak pliku ${entry.name} lub ma inny rozmiar.`);
    }

    try {
      for (const entry of manifest.files) {
        const source = path.join(work, 'files', entry.name);
        const stored = await storage.put(entry.name, fs.createReadStream(source));
        restored.push(entry.name);
        if (stored.size !== entry.size) {
          throw new BackupError(`Plik ${entry.name} ma ${stored.size} B zamiast ${entry.size} B.`);
        }
      }
      const known = new Set(tablesInDependencyOrder().map((t) => t.name));
      await db.transaction(async (tx) => {
        for (const table of manifest.tables) {
          if (!known.has(table.name)) throw new BackupError(`Nieznana tabela w kopii: ${table.name}`);
          let batch: string[] = [];
          let count = 0;
          const flush = async () => {
            if (!batch.length) return;
            const json = `[${batch.join(',')}]`;
            await tx.execute(
              sql`INSERT INTO ${sql.raw(ident(table.name))} SELECT * FROM json_populate_recordset(NULL::${sql.raw(ident(table.name))}, ${json}::json)`,
            );
            count += batch.length;
            batch = [];
          };
          const lines = readline.createInterface({
            input: fs.createReadStream(path.join(work, 'db', `${table.name}.jsonl`)),
            crlfDelay: Infinity,
          });
          for await (const line of lines) {
            if (!line) continue;
            batch.push(line);
            if (batch.length >= 500) await flush();
          }
          await flush();
          if (count !== table.rows)
            throw new BackupError(`Tabela ${table.name}: ${count} wierszy zamiast ${table.rows}.`);
        }
        // A file deleted while the backup ran: its row is in the snapshot, its bytes were gone. The
        // delete happened, so the row goes too (a protocol that pointed at it keeps its data), in
        // whichever table named it: a machine's file, the map image replaced meanwhile, a tutorial.
        if (manifest.missingFiles.length) {
          const names = sql.join(
            manifest.missingFiles.map((name) => sql`${name}`),
            sql`, `,
          );
          for (const table of FILE_TABLES) {
            await tx.execute(sql`DELETE FROM ${sql.identifier(table)} WHERE storage_name IN (${names})`);
          }
        }
        // Counts kept by triggers were added to once more by the restored rows: set them anew.
        await recountCategoryMachines(tx);
        for (const sequence of manifest.sequences) {
          await tx.execute(
            sql`SELECT setval(${`public.${ident(sequence.name)}`}::regclass, ${sequence.value})`,
          );
        }
      });
    } catch (error) {
      for (const name of restored) await storage.delete(name).catch(() => undefined);
      throw error;
    }
    return manifest;
  } finally {
    // Its own failure (a stream still closing) must not hide the restore's.
    await fsp
      .rm(work, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 })
      .catch(() => undefined);
  }
}
