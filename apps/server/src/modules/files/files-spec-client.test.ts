import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { runMigrationFile } from '../../../test/migration-file.js';
import {
  customerWithMachines,
  postService,
  serviceJson,
  uploadToService,
} from '../services/services.fixtures.js';
import { files } from './files.table.js';
import { addTestFile, insertTestDevice, storageNameOf } from './files.fixtures.js';

const ctx = useTestApp();

/** A client written from spec §3/§7 alone: it knows `id, filename` and `downloadFile?fileName=`. */
const download = (user: TestUser, filename: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/storage/downloadFile?fileName=${encodeURIComponent(filename)}`,
    headers: as(user),
  });

/** Uploads a machine file; `jsonName: false` sends its name only in the file part, as some clients do. */
async function addMachineFile(
  user: TestUser,
  deviceId: number,
  type: string,
  filename: string,
  content: string | Buffer,
  { jsonName = true } = {},
) {
  const json = { device: { id: deviceId }, type, ...(jsonName ? { filename } : {}) };
  return addTestFile(ctx, user, { deviceId, filename, content, json });
}

async function listed(user: TestUser, deviceId: number, type: string) {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/file/findByDeviceAndType/${deviceId}/${type}`,
    headers: as(user),
  });
  return response.json() as { id: number; filename: string; originalName: string }[];
}

describe('files downloaded by the spec’s filename', () => {
  it('uploads, lists and downloads machine files, parameters and nameplates by filename, same bytes', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    for (const [type, name] of [
      ['MACHINE_FILE', 'Instrukcja obsługi.pdf'],
      ['MACHINE_PARAMETER', 'parametry pracy.xlsx'],
      ['MACHINE_NAMEPLATE', 'tabliczka.jpg'],
    ] as const) {
      const text = Buffer.from(`zawartość ${type} ${name}`);
      // A nameplate is taken only when its bytes are a picture's: a JPEG's first three.
      const content =
        type === 'MACHINE_NAMEPLATE' ? Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), text]) : text;
      await addMachineFile(user, deviceId, type, name, content);
      const [file] = await listed(user, deviceId, type);
      expect(file).toMatchObject({ filename: name, originalName: name });
      const response = await download(user, file.filename);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(content)).toBe(true);
    }
  });

  it('makes a repeated name unique, keeps the original for display, and each name gives its own bytes', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const first = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'schemat.pdf', 'pierwszy');
    const second = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'schemat.pdf', 'drugi');
    const third = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'schemat.pdf', 'trzeci');
    expect([first.filename, second.filename, third.filename]).toEqual([
      'schemat.pdf',
      'schemat (2).pdf',
      'schemat (3).pdf',
    ]);
    expect(third.originalName).toBe('schemat.pdf');
    expect((await download(user, 'schemat (2).pdf')).body).toBe('drugi');
    const response = await download(user, 'schemat (3).pdf');
    expect(response.body).toBe('trzeci');
    expect(String(response.headers['content-disposition'])).toContain('filename="schemat.pdf"');
  });

  it('numbers a long name with an emoji at its cut without splitting the emoji', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    // 255 UTF-16 units; " (2)" leaves room for the stem only up to the emoji's first half.
    const name = `${'c'.repeat(246)}😀bbb.pdf`;
    const names = [];
    for (const content of ['1', '2', '3']) {
      names.push((await addMachineFile(user, deviceId, 'MACHINE_FILE', name, content)).filename);
    }
    expect(names).toEqual([name, `${'c'.repeat(246)} (2).pdf`, `${'c'.repeat(246)} (3).pdf`]);
    expect(names.join('')).not.toContain('\uFFFD');
    // Cut on the first upload too: the browser's name of 250 letters and the emoji past 255 units.
    const cut = await addMachineFile(
      user,
      deviceId,
      'MACHINE_FILE',
      `${'a'.repeat(250)}😀${'b'.repeat(10)}.pdf`,
      'x',
      { jsonName: false },
    );
    expect(cut.filename).toBe(`${'a'.repeat(250)}.pdf`);
    expect((await download(user, cut.filename)).body).toBe('x');
  });

  it('gives concurrent uploads of one name distinct names, however many at once (on PostgreSQL)', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    // More than the five tries a racing upload once had before it was refused.
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        addMachineFile(user, deviceId, 'MACHINE_FILE', 'raport.pdf', `raport ${n}`),
      ),
    );
    expect(new Set(results.map((r) => r.filename)).size).toBe(12);
    for (const r of results) expect((await download(user, r.filename)).statusCode).toBe(200);
  });

  it('downloads a service event’s files by the filename its files list gives', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const created = await postService(ctx, user, serviceJson(customer.id, [devices[0].id]), {
      filename: 'protokół.pdf',
      content: '%PDF protokół',
      type: 'application/pdf',
    });
    expect(created.statusCode).toBe(201);
    await uploadToService(ctx, user, created.json().id, { filename: 'protokół.pdf', content: 'zdjęcie' });
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/findByDeviceWithFilesEnitiy/${devices[0].id}`,
      headers: as(user),
    });
    const [event] = list.json() as { files: { id: number; filename: string; originalName: string }[] }[];
    expect(event.files.map((f) => f.filename).sort()).toEqual(['protokół (2).pdf', 'protokół.pdf']);
    const bodies = await Promise.all(event.files.map(async (f) => (await download(user, f.filename)).body));
    expect(bodies.sort()).toEqual(['%PDF protokół', 'zdjęcie']);
  });

  it("reads a quote in a file part's name as the browser wrote it (%22), for a service event's files", async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const created = await postService(ctx, user, serviceJson(customer.id, [devices[0].id]));
    expect(created.statusCode).toBe(201);
    // Chromium's and Firefox's multipart name of `Instrukcja "Laser 3000".pdf`.
    const added = await uploadToService(ctx, user, created.json().id, {
      filename: 'Instrukcja %22Laser 3000%22.pdf',
      content: 'instrukcja',
    });
    expect(added.statusCode).toBe(200);
    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/findByDeviceWithFilesEnitiy/${devices[0].id}`,
      headers: as(user),
    });
    const [event] = list.json() as { files: { filename: string; originalName: string }[] }[];
    expect(event.files).toMatchObject([
      { filename: 'Instrukcja "Laser 3000".pdf', originalName: 'Instrukcja "Laser 3000".pdf' },
    ]);
    expect((await download(user, 'Instrukcja "Laser 3000".pdf')).body).toBe('instrukcja');
  });

  it('still downloads by the stored name that older clients kept', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const file = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'stary link.pdf', 'bajty');
    const response = await download(user, await storageNameOf(ctx.database.db, file.id));
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('bajty');
    expect((await download(user, 'nie ma takiego.pdf')).statusCode).toBe(404);
  });
});

describe('migration 0001_file_download_names', () => {
  it('gives rows stored before it their original name, repeated ones a unique variant', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const a = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'dtr.pdf', 'a');
    const b = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'dtr.pdf', 'b');
    const c = await addMachineFile(user, deviceId, 'MACHINE_FILE', 'zdjęcie', 'c');
    const db = ctx.database.db;
    // Back to the shape before the migration, then run its statements as the migrator would.
    await db.execute(sql`ALTER TABLE files DROP CONSTRAINT "files_downloadName_unique"`);
    await db.execute(sql`ALTER TABLE files DROP COLUMN download_name`);
    await runMigrationFile(db, '0001_file_download_names');
    const rows = await db.select({ id: files.id, name: files.downloadName }).from(files).orderBy(files.id);
    expect(rows).toEqual([
      { id: a.id, name: 'dtr.pdf' },
      { id: b.id, name: `dtr (${b.id}).pdf` },
      { id: c.id, name: 'zdjęcie' },
    ]);
    expect((await download(user, `dtr (${b.id}).pdf`)).body).toBe('b');
  });
});
