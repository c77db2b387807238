import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import * as tar from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { connectPglite, migrationTimes, type Database } from '../db/database.js';
import { rowsOf } from '../lib/result-rows.js';
import { deviceNotes } from '../modules/notes/notes.table.js';
import { parts } from '../modules/parts/parts.table.js';
import { todos } from '../modules/todos/todos.table.js';
import { incidents } from '../modules/incidents/incidents.table.js';
import { rateLimits } from '../modules/auth/rate-limits.table.js';
import { branches } from '../modules/branches/branches.table.js';
import { hotels } from '../modules/hotels/hotels.table.js';
import { geocodeCache, geocodeThrottle } from '../modules/geocode/geocode.table.js';
import { configuration } from '../modules/configuration/configuration.table.js';
import { installationOperations } from '../modules/installation-operations/installation-operations.table.js';
import { serviceProtocols } from '../modules/protocols/protocols.table.js';
import {
  reminderMails,
  reminderRuns,
  reminderSettings,
  sentReminders,
} from '../modules/reminders/reminders.table.js';
import { multipart } from '../modules/files/files.fixtures.js';
import { files } from '../modules/files/files.table.js';
import { LocalStorage, S3Storage, type Storage } from '../plugins/storage/index.js';
import {
  CapturingMailer,
  TEST_STORAGE_DRIVER,
  as,
  createUserAndLogin,
  openTestDatabase,
  testS3Env,
  useTestApp,
  type TestContext,
} from '../../test/test-app.js';
import { loadTemplatePglite } from '../../test/template.js';
import { insertMachine, insertService } from '../../test/service-fixtures.js';
import { createBackup, restoreBackup, tablesInDependencyOrder } from './backup.js';

/**
 * Backups restore into both engines: the source is always PGlite; with DATABASE_URL set
 * (npm run test:pg) the chain is PGlite → PostgreSQL → PGlite, else PGlite → PGlite. Files live in
 * the store STORAGE_DRIVER names (npm run test:s3: every hop gets its own bucket).
 */
const ctx = useTestApp();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-backup-test-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  fs.rmSync(work, { recursive: true, force: true });
});

async function freshPglite(): Promise<Database> {
  const database = await connectPglite(await loadTemplatePglite(), false);
  cleanups.push(() => database.close());
  return database;
}

async function freshPostgres(): Promise<Database> {
  const database = await openTestDatabase();
  cleanups.push(() => database.close());
  return database;
}

async function freshStorage(): Promise<Storage> {
  if (TEST_STORAGE_DRIVER === 's3') {
    const env = await testS3Env();
    const storage = new S3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: true,
    });
    cleanups.push(async () => storage.close());
    return storage;
  }
  return new LocalStorage(fs.mkdtempSync(path.join(work, 'files-')));
}

/** An app over a given database and store, for writing through the API as users do. */
async function appOver(database: Database, storage: Storage): Promise<TestContext> {
  const app = await buildApp({
    config: ctx.config,
    database,
    storage,
    mailer: new CapturingMailer(),
    logger: false,
  });
  cleanups.push(() => app.close());
  return { app, database, mailer: new CapturingMailer(), config: ctx.config, dataDir: ctx.dataDir };
}

async function upload(
  target: { app: App },
  cookie: string,
  deviceId: number,
  filename: string,
  content: Buffer,
) {
  const body = await multipart([
    {
      kind: 'field',
      name: 'fileJson',
      value: JSON.stringify({ deviceId, type: 'MACHINE_FILE', description: 'opis „cytat” \\ \n nowa linia' }),
    },
    { kind: 'file', name: 'file', filename, content },
  ]);
  return target.app.inject({
    method: 'POST',
    url: '/api/file/add',
    headers: { ...as({ cookie } as never), ...body.headers },
    payload: body.payload,
  });
}

const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** At least one row in every table, with the awkward values: nulls, quotes, emoji, big numbers. */
async function fill(target: TestContext) {
  const db = target.database.db;
  const admin = await createUserAndLogin(target, {
    admin: true,
    firstName: 'Żaneta 😀',
    lastName: "O'Brien",
  });
  const { customer, device } = await insertMachine(db, { serialNumber: 'SN "1" \\ ; —' });
  const service = await insertService(db, {
    userId: admin.id,
    customerId: customer.id,
    deviceIds: [device.id],
    date: '2026-03-15',
    number: 7,
  });
  await db.insert(deviceNotes).values({
    deviceId: device.id,
    text: 'Notatka\nz dwiema liniami',
    userCreatedId: admin.id,
    userUpdatedId: admin.id,
  });
  await db.insert(parts).values({ deviceId: device.id, name: 'Łożysko 6205-2RS' });
  await db
    .insert(todos)
    .values({ description: 'Do zrobienia', serviceId: service.id, userCreatedId: admin.id });
  await db.insert(incidents).values({
    deviceId: device.id,
    date: '2026-03-14T08:30:00.123456+00:00',
    text: 'Awaria',
    userCreatedId: admin.id,
  });
  await db
    .insert(rateLimits)
    .values({ key: 'login:127.0.0.1', windowStart: new Date('2026-03-15T10:00:00.5Z'), count: 3 });
  // The tables of places, protocols and configuration (issues 8 and 9).
  await db.insert(branches).values({ name: 'Oddział „Śląsk”', latitude: 50.2649, longitude: 19.0238 });
  await db.insert(hotels).values({ name: 'Hotel Pod Wawelem', latitude: 50.0537, longitude: 19.9366 });
  await db.insert(geocodeCache).values({ query: 'łódź, piotrkowska 1', results: [] });
  await db.insert(geocodeThrottle).values({ id: 1, lastAt: new Date('2026-03-15T10:00:00.25Z') });
  await db.insert(configuration).values({ name: 'company/name', value: 'Zakład „Śruba” sp. z o.o.' });
  await db.insert(installationOperations).values({ text: 'Poziomowanie maszyny', orderNumber: 1 });
  await db
    .insert(serviceProtocols)
    .values({ serviceId: service.id, data: { workDone: 'Wymiana łożysk' } as never, updatedById: admin.id });
  // The reminder job's tables (issue 12), an integer array among them.
  await db.insert(reminderSettings).values({ userId: admin.id, enabled: true, leadDays: [30, 7, 1] });
  const [run] = await db
    .insert(reminderRuns)
    .values({ trigger: 'MANUAL', runDate: '2026-03-15', startedBy: 'admin@firma.pl', reminders: 1 })
    .returning();
  const [mail] = await db
    .insert(reminderMails)
    .values({
      runId: run.id,
      recipient: `user:${admin.id}`,
      email: 'kierownik@firma.pl',
      subject: 'Przeglądy: 1 maszyna',
      body: 'Treść „powiadomienia”',
      machines: 1,
    })
    .returning();
  await db.insert(sentReminders).values({
    deviceId: device.id,
    kind: 'PERIODIC',
    dueDate: '2026-04-14',
    leadDays: 30,
    recipient: `user:${admin.id}`,
    mailId: mail.id,
  });
  const map = await target.app.inject({
    method: 'POST',
    url: '/api/storage/upload-public-file',
    headers: as({ cookie: admin.cookie } as never),
    payload: { name: 'map', base64: ONE_PIXEL_PNG },
  });
  expect(map.statusCode, map.body).toBe(200);
  // A tutorial uploaded through the app (issue 13): its row and its bytes in the store travel too.
  const folder = await target.app.inject({
    method: 'POST',
    url: '/api/google-drive/createFolder',
    headers: as({ cookie: admin.cookie } as never),
    payload: { name: 'Szkolenia „BHP”' },
  });
  expect(folder.statusCode, folder.body).toBe(201);
  const tutorial = await multipart([
    { kind: 'file', name: 'file', filename: 'Wprowadzenie ŁÓDŹ.mp4', content: crypto.randomBytes(2000) },
  ]);
  const added = await target.app.inject({
    method: 'POST',
    url: `/api/google-drive/uploadFile?folderId=${(folder.json() as { id: string }).id}`,
    headers: { ...as({ cookie: admin.cookie } as never), ...tutorial.headers },
    payload: tutorial.payload,
  });
  expect(added.statusCode, added.body).toBe(201);
  const contents = [crypto.randomBytes(300 * 1024), Buffer.from('%PDF-1.4 zażółć gęślą jaźń')];
  const names = ['film.mp4', 'Instrukcja obsługi.pdf'];
  for (let i = 0; i < contents.length; i++) {
    const response = await upload(target, admin.cookie, device.id, names[i], contents[i]);
    expect(response.statusCode, response.body).toBe(201);
  }
  // A file of 0 bytes, as uploads stored before they were refused (2026-12-03).
  const empty = await target.app.storage.save(Readable.from([]), { extension: '.txt' });
  await db.insert(files).values({
    type: 'MACHINE_FILE',
    deviceId: device.id,
    filename: 'pusty.txt',
    downloadName: 'pusty.txt',
    storageName: empty.name,
    contentType: 'text/plain',
    size: 0,
    userCreatedId: admin.id,
  });
  return { admin, deviceId: device.id };
}

/** Every row of every table as JSON text in primary-key order, time stamps in UTC; plus the sequences. */
async function snapshot(database: Database) {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL TIME ZONE 'UTC'`);
    const tables: Record<string, unknown[]> = {};
    for (const table of tablesInDependencyOrder()) {
      const order = table.primaryKey.map((c) => `"${c}"`).join(', ');
      const result = await tx.execute(
        sql.raw(`SELECT row_to_json(t)::text AS row FROM "${table.name}" t ORDER BY ${order}`),
      );
      tables[table.name] = rowsOf<{ row: string }>(result).map((r) => JSON.parse(r.row));
    }
    const sequences = await tx.execute(
      sql`SELECT sequencename, last_value::text FROM pg_sequences WHERE schemaname = 'public' ORDER BY sequencename`,
    );
    return { tables, sequences: rowsOf<unknown>(sequences) };
  });
}

async function bytesOf(storage: Storage, name: string) {
  const stream = await storage.open(name);
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function storedNames(storage: Storage) {
  const names: string[] = [];
  for await (const entry of storage.list()) names.push(entry.name);
  return names.sort();
}

async function expectSameFiles(a: Storage, b: Storage, names: string[]) {
  expect(await storedNames(b)).toEqual([...names].sort());
  for (const name of names) {
    const original = await bytesOf(a, name);
    expect(original, name).not.toBeNull();
    expect((await bytesOf(b, name))!.equals(original!), name).toBe(true);
  }
}

/** The archive `from` unpacked, changed by `change`, packed again as `name`. */
async function repack(from: string, name: string, change: (dir: string) => void): Promise<string> {
  const dir = fs.mkdtempSync(path.join(work, 'repack-'));
  await tar.x({ file: from, cwd: dir });
  change(dir);
  const file = path.join(work, name);
  await tar.c({ gzip: true, file, cwd: dir }, fs.readdirSync(dir));
  return file;
}

describe('backup and restore', () => {
  it('round-trips every table field by field and every file byte for byte across engines', async () => {
    const source = await appOver(await freshPglite(), await freshStorage());
    await fill(source);
    const original = await snapshot(source.database);
    for (const table of tablesInDependencyOrder()) {
      expect(original.tables[table.name].length, `rows in ${table.name}`).toBeGreaterThan(0);
    }
    const fileNames = [
      ...(original.tables.files as { storage_name: string }[]),
      ...(original.tables.public_files as { storage_name: string }[]),
      ...(original.tables.tutorial_files as { storage_name: string }[]),
    ].map((f) => f.storage_name);
    expect(fileNames).toHaveLength(5);

    const hops: { database: Database; storage: Storage }[] = [];
    if (process.env.DATABASE_URL)
      hops.push({ database: await freshPostgres(), storage: await freshStorage() });
    hops.push({ database: await freshPglite(), storage: await freshStorage() });

    let from = { database: source.database, storage: source.app.storage };
    for (const [index, hop] of hops.entries()) {
      const file = path.join(work, `hop-${index}.tar.gz`);
      const manifest = await createBackup(from.database.db, from.storage, file);
      expect(manifest.files.map((f) => f.name).sort()).toEqual([...fileNames].sort());
      expect(manifest.missingFiles).toEqual([]);
      await restoreBackup(hop.database.db, hop.storage, file);
      expect(await snapshot(hop.database)).toEqual(original);
      await expectSameFiles(source.app.storage, hop.storage, fileNames);
      from = hop;
    }

    // The restored installation works: sessions, logins and new rows with fresh ids.
    const last = await appOver(hops.at(-1)!.database, hops.at(-1)!.storage);
    const [admin] = original.tables.users as { email: string }[];
    const login = await last.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: {
        'x-requested-with': 'XMLHttpRequest',
        authorization: `Basic ${Buffer.from(`${admin.email}:Haslo-123456`).toString('base64')}`,
      },
    });
    expect(login.statusCode).toBe(200);
    const cookie = `SESSION=${login.cookies.find((c) => c.name === 'SESSION')!.value}`;
    const device = (original.tables.devices as { id: number }[])[0];
    const added = await upload(last, cookie, device.id, 'nowy.pdf', Buffer.from('%PDF nowy'));
    expect(added.statusCode).toBe(201);
    expect(added.json().id).toBeGreaterThan(
      Math.max(...(original.tables.files as { id: number }[]).map((f) => f.id)),
    );
    const download = await last.app.inject({
      method: 'GET',
      url: `/api/storage/downloadFile?fileName=${fileNames[0]}`,
      headers: as({ cookie } as never),
    });
    expect(download.statusCode).toBe(200);
  }, 120_000);

  it('removes what a backup killed midway left in the temporary folder, not what a running one uses', async () => {
    // A process that has ended: its pid names no running process any more.
    const ended = await new Promise<number>((resolve) => {
      const child = execFile(process.execPath, ['-e', '']);
      child.on('exit', () => resolve(child.pid!));
    });
    const leftover = (owner: string | null) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-backup-'));
      fs.mkdirSync(path.join(dir, 'files'));
      fs.writeFileSync(path.join(dir, 'files', 'kopia.pdf'), Buffer.alloc(1024));
      if (owner !== null) fs.writeFileSync(path.join(dir, 'owner.pid'), owner);
      cleanups.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
      return dir;
    };
    const killed = leftover(String(ended));
    const running = leftover(String(process.pid));
    const justMade = leftover(null);
    const oldUnowned = leftover(null);
    const twoDaysAgo = new Date(Date.now() - 48 * 3600 * 1000);
    fs.utimesSync(oldUnowned, twoDaysAgo, twoDaysAgo);

    await createBackup(ctx.database.db, ctx.app.storage, path.join(work, 'sweep.tar.gz'));
    expect([killed, running, justMade, oldUnowned].map((dir) => fs.existsSync(dir))).toEqual([
      false,
      true,
      true,
      false,
    ]);
  });

  it('refuses to restore into an installation that has data, and changes nothing', async () => {
    const source = await appOver(await freshPglite(), await freshStorage());
    await fill(source);
    const file = path.join(work, 'refused.tar.gz');
    await createBackup(source.database.db, source.app.storage, file);
    // The archive holds every customer and the password hashes: its owner alone reads it.
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const before = await snapshot(source.database);
    await expect(restoreBackup(source.database.db, source.app.storage, file)).rejects.toThrow(
      /Odtwarzanie tylko do pustej instalacji; tu są już dane \(.*users.*\)/,
    );
    expect(await snapshot(source.database)).toEqual(before);
    await expect(
      restoreBackup(source.database.db, source.app.storage, path.join(work, 'brak.tar.gz')),
    ).rejects.toThrow('Nie znaleziono pliku kopii');
  }, 60_000);

  it('refuses an archive of another version of the database before the command opens one, leaving nothing behind', async () => {
    const source = await appOver(await freshPglite(), await freshStorage());
    const current = path.join(work, 'current-version.tar.gz');
    await createBackup(source.database.db, source.app.storage, current);
    const [older, newest] = migrationTimes().slice(-2) as [number, number];
    const file = await repack(current, 'older-version.tar.gz', (dir) => {
      const manifestPath = path.join(dir, 'manifest.json');
      fs.writeFileSync(
        manifestPath,
        JSON.stringify({ ...JSON.parse(fs.readFileSync(manifestPath, 'utf8')), migration: older }),
      );
    });

    const dataDir = fs.mkdtempSync(path.join(work, 'empty-installation-'));
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const env = { ...inherited, DATA_DIR: dataDir, STORAGE_DRIVER: 'local', PORT: '9' };
    const root = path.resolve(import.meta.dirname, '../../../..');
    const refused = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'apps/server/src/ops/cli.ts'), 'restore', file],
      { env, cwd: root },
    ).catch((error: { code: number; stderr: string }) => error);
    const day = (when: number) => new Date(when).toISOString().slice(0, 10);
    expect(refused).toMatchObject({
      code: 1,
      stderr: expect.stringContaining(
        `Kopia pochodzi z innej wersji bazy (z ${day(older)}) niż ta wersja programu (z ${day(newest)}): odtwórz ją tą samą wersją programu, która ją utworzyła`,
      ),
    });
    // No database created and migrated: the older program can restore into this folder.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  it('refuses a damaged archive before writing anything; a good one restores after it', async () => {
    const source = await appOver(await freshPglite(), await freshStorage());
    await fill(source);
    const original = await snapshot(source.database);
    const good = path.join(work, 'good.tar.gz');
    const manifest = await createBackup(source.database.db, source.app.storage, good);
    const repacked = (name: string, change: (dir: string) => void) => repack(good, name, change);
    const [lost] = manifest.files.map((f) => f.name);
    const missing = await repacked('missing.tar.gz', (dir) => fs.rmSync(path.join(dir, 'files', lost!)));
    const truncated = path.join(work, 'truncated.tar.gz');
    const bytes = fs.readFileSync(good);
    fs.writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const target = { database: await freshPglite(), storage: await freshStorage() };
    await expect(restoreBackup(target.database.db, target.storage, missing)).rejects.toThrow(
      `Kopia jest niepełna: brak pliku ${lost} lub ma inny rozmiar.`,
    );
    await expect(restoreBackup(target.database.db, target.storage, truncated)).rejects.toThrow(
      /^Plik kopii jest uszkodzony lub niepełny \(/,
    );
    expect(await storedNames(target.storage)).toEqual([]);
    await restoreBackup(target.database.db, target.storage, good);
    expect(await snapshot(target.database)).toEqual(original);

    // Files deleted while the backup ran (their bytes gone, their rows in the snapshot): a machine's
    // file, the map image and a tutorial. Their rows are left out too, so no restored row lacks its
    // file, in any of the tables that name stored bytes.
    const firstOf = (table: string) =>
      (original.tables[table] as { storage_name: string }[])[0]!.storage_name;
    const gone = [firstOf('files'), firstOf('public_files'), firstOf('tutorial_files')];
    expect(new Set(gone).size).toBe(3);
    const deleted = await repacked('deleted-meanwhile.tar.gz', (dir) => {
      const data = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
      data.files = data.files.filter((f: { name: string }) => !gone.includes(f.name));
      data.missingFiles = gone;
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(data));
      for (const name of gone) fs.rmSync(path.join(dir, 'files', name));
    });
    const other = { database: await freshPglite(), storage: await freshStorage() };
    await restoreBackup(other.database.db, other.storage, deleted);
    const withBytes = new Set(await storedNames(other.storage));
    for (const table of ['files', 'public_files', 'tutorial_files']) {
      const names = rowsOf<{ storage_name: string }>(
        await other.database.db.execute(sql`SELECT storage_name FROM ${sql.identifier(table)}`),
      ).map((r) => r.storage_name);
      expect(names.some((n) => gone.includes(n))).toBe(false);
      expect(names.every((n) => withBytes.has(n))).toBe(true);
    }
    expect([...withBytes].sort()).toEqual(
      manifest.files
        .map((f) => f.name)
        .filter((n) => !gone.includes(n))
        .sort(),
    );
  }, 120_000);

  it('taken under write load, restores every write acknowledged before it and no half-written file', async () => {
    const { admin, deviceId } = await fill(ctx);
    let stop = false;
    const acknowledged: { id: number; at: number; content: Buffer }[] = [];
    const writer = async (n: number) => {
      for (let i = 0; !stop && i < 200; i++) {
        const content = crypto.randomBytes(20_000 + n * 1000 + i);
        const response = await upload(ctx, admin.cookie, deviceId, `w${n}-${i}.bin`, content);
        expect(response.statusCode).toBe(201);
        acknowledged.push({ id: response.json().id, at: Date.now(), content });
      }
    };
    let finished = 0;
    const writers = [writer(1), writer(2), writer(3)].map((w) => w.finally(() => (finished += 1)));
    // Waits on the writes themselves, not on a clock: a slow machine finishes none in a set time.
    const until = async (enough: () => boolean) => {
      while (!enough()) await new Promise((r) => setTimeout(r, 20));
    };
    await until(() => acknowledged.length >= 3);
    const startedAt = Date.now();
    const ackedBefore = acknowledged.filter((a) => a.at < startedAt).map((a) => a.id);
    const file = path.join(work, 'under-load.tar.gz');
    const manifest = await createBackup(ctx.database.db, ctx.app.storage, file);
    const ackedByBackupEnd = acknowledged.length;
    await until(() => acknowledged.length > ackedByBackupEnd || finished === writers.length);
    stop = true;
    await Promise.all(writers);
    expect(ackedBefore.length).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(ackedBefore.length);

    const target = { database: await freshPglite(), storage: await freshStorage() };
    await restoreBackup(target.database.db, target.storage, file);
    const restored = (await snapshot(target.database)).tables.files as {
      id: number;
      storage_name: string;
      size: number;
    }[];
    const restoredIds = new Set(restored.map((f) => f.id));
    for (const id of ackedBefore) expect(restoredIds.has(id), `file ${id}`).toBe(true);
    expect(manifest.missingFiles).toEqual([]);
    const byId = new Map(acknowledged.map((a) => [a.id, a.content]));
    for (const row of restored) {
      const bytes = await bytesOf(target.storage, row.storage_name);
      expect(bytes?.length, `size of ${row.id}`).toBe(row.size);
      if (byId.has(row.id)) expect(bytes!.equals(byId.get(row.id)!)).toBe(true);
    }
    // Only the files of the dumped rows (the public map image and the tutorial with them) travel:
    // nothing uploaded after the snapshot.
    const { tables } = await snapshot(target.database);
    const others = [...tables.public_files, ...tables.tutorial_files] as { storage_name: string }[];
    expect(await storedNames(target.storage)).toEqual(
      [...restored, ...others].map((f) => f.storage_name).sort(),
    );
  }, 120_000);
});
