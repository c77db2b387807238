import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, TUTORIAL_ID_MAX, type TutorialFolder } from '@serwis/domain';
import {
  as,
  createUserAndLogin,
  TEST_STORAGE_DRIVER,
  useTestApp,
  XHR,
  type TestUser,
} from '../../../test/test-app.js';
import { sweepOrphanFiles } from '../files/files.sweep.js';
import { logs } from '../logs/logs.table.js';
import { localId } from './tutorials.local.js';
import { moveOldTutorialsIntoStore } from './tutorials.service.js';
import { tutorialFiles, tutorialFolders } from './tutorials.table.js';

const ctx = useTestApp({ TUTORIALS_CACHE_SECONDS: '60', MAX_UPLOAD_MB: '1' });
const root = () => path.join(ctx.dataDir, 'tutorials');
const VIDEO = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

function write(relative: string, content: Buffer | string = 'x') {
  const full = path.join(root(), relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
}

let admin: TestUser;
let user: TestUser;

beforeEach(async () => {
  fs.rmSync(root(), { recursive: true, force: true });
  // The store outlives the emptied database between tests: start each with an empty one.
  for await (const entry of ctx.app.storage.list()) await ctx.app.storage.delete(entry.name);
  admin = await createUserAndLogin(ctx, { admin: true });
  user = await createUserAndLogin(ctx);
});

const getTree = async (who: TestUser, refresh = false) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/getTree${refresh ? '?refresh=true' : ''}`,
    headers: as(who),
  });
/** The tree as the source has it now (the admin's refresh). */
const freshTree = async () => {
  const response = await getTree(admin, true);
  expect(response.statusCode).toBe(200);
  return response.json() as TutorialFolder[];
};
const download = (fileId: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/downloadFile?fileId=${encodeURIComponent(fileId)}`,
    headers: { ...as(user), ...headers },
  });
const fileIdOf = (tree: TutorialFolder[], name: string) =>
  tree.flatMap((f) => f.googleFiles).find((f) => f.name === name)!.id;

/** The stored names the tutorial rows use, and every name in the app's storage. */
async function storedNames() {
  const rows = await ctx.database.db.select({ name: tutorialFiles.storageName }).from(tutorialFiles);
  const inStore: string[] = [];
  for await (const entry of ctx.app.storage.list()) inStore.push(entry.name);
  return { rows: rows.map((r) => r.name).sort(), inStore: inStore.sort() };
}

describe('tutorials of the old folder on disk, moved into the store', () => {
  it('lists one entry per sub-folder with its files, sorted, hiding what is not a tutorial', async () => {
    write('Szkolenia BHP/wprowadzenie.mp4', VIDEO);
    write('Szkolenia BHP/Instrukcja.pdf', '%PDF');
    write('Szkolenia BHP/.ukryty.txt');
    write('Szkolenia BHP/starsze/głębiej.pdf');
    write('Obsługa lasera/zdjęcie głowicy.png');
    write('Obsługa lasera/Schemat 10.docx');
    write('Obsługa lasera/Schemat 9.docx');
    write('.uploads/pozostałość');
    write('plik-w-katalogu-głównym.pdf');
    fs.mkdirSync(path.join(root(), 'Pusty'));
    fs.symlinkSync('/etc', path.join(root(), 'Link do etc'));
    fs.symlinkSync('/etc/hostname', path.join(root(), 'Obsługa lasera', 'hostname.txt'));

    const response = await getTree(user);
    expect(response.statusCode).toBe(200);
    const tree = response.json() as TutorialFolder[];
    expect(tree.map((f) => [f.folder.name, f.googleFiles.map((g) => g.name)])).toEqual([
      ['Obsługa lasera', ['Schemat 9.docx', 'Schemat 10.docx', 'zdjęcie głowicy.png']],
      ['Pusty', []],
      ['Szkolenia BHP', ['Instrukcja.pdf', 'wprowadzenie.mp4']],
    ]);
    // Ids are opaque (no slash, no dots) and distinct.
    const ids = tree.flatMap((f) => [f.folder.id, ...f.googleFiles.map((g) => g.id)]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
  });

  it('answers an empty tree without an old folder, and does not make one', async () => {
    const response = await getTree(admin, true);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(fs.existsSync(root())).toBe(false);
  });

  it('moves the old folder into the store at start, once, leaving the folder as it is', async () => {
    write('Szkolenia BHP/wprowadzenie.mp4', VIDEO);
    write('Szkolenia BHP/Instrukcja.pdf', '%PDF');
    write('Pusty/.ukryty');
    const move = () => moveOldTutorialsIntoStore(ctx.config, ctx.database.db, ctx.app.storage, ctx.app.log);
    expect(await move()).toEqual({ folders: 2, files: 2, bytes: 1004 });
    expect(await move()).toEqual({ folders: 0, files: 0, bytes: 0 });
    const { rows, inStore } = await storedNames();
    expect(rows).toHaveLength(2);
    expect(inStore).toEqual(rows);
    expect(fs.readFileSync(path.join(root(), 'Szkolenia BHP', 'wprowadzenie.mp4')).equals(VIDEO)).toBe(true);

    // Served from the store: the old file may go, the ids stay those the folder gave.
    fs.rmSync(root(), { recursive: true });
    const tree = await freshTree();
    expect(tree.map((f) => [f.folder.name, f.folder.id, f.googleFiles.map((g) => [g.name, g.id])])).toEqual([
      ['Pusty', localId('Pusty'), []],
      [
        'Szkolenia BHP',
        localId('Szkolenia BHP'),
        [
          ['Instrukcja.pdf', localId('Szkolenia BHP/Instrukcja.pdf')],
          ['wprowadzenie.mp4', localId('Szkolenia BHP/wprowadzenie.mp4')],
        ],
      ],
    ]);
    const video = await download(localId('Szkolenia BHP/wprowadzenie.mp4'), { range: 'bytes=10-19' });
    expect(video.statusCode).toBe(206);
    expect(video.rawPayload.equals(VIDEO.subarray(10, 20))).toBe(true);

    // A new file in a folder the store has joins it; a file the store has is not copied again.
    write('Szkolenia BHP/wprowadzenie.mp4', 'inna treść');
    write('Szkolenia BHP/nowy.pdf', '%PDF-nowy');
    expect(await move()).toEqual({ folders: 0, files: 1, bytes: 9 });
    expect((await download(localId('Szkolenia BHP/wprowadzenie.mp4'))).rawPayload.equals(VIDEO)).toBe(true);
  });

  it('streams a file with its type, and exact byte ranges (206) or 416', async () => {
    write('Szkolenia/film.mp4', VIDEO);
    write('Szkolenia/Umowa serwisowa.docx', 'PK-docx');
    write('Szkolenia/dane.bin', 'bin');
    const tree = await freshTree();
    const video = fileIdOf(tree, 'film.mp4');

    const whole = await download(video);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe('1000');
    expect(whole.headers['content-disposition']).toMatch(/^inline; filename="film.mp4"/);
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const middle = await download(video, { range: 'bytes=500-599' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 500-599/1000');
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.rawPayload.equals(VIDEO.subarray(500, 600))).toBe(true);

    const tail = await download(video, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(VIDEO.subarray(990))).toBe(true);
    const open = await download(video, { range: 'bytes=995-' });
    expect(open.headers['content-range']).toBe('bytes 995-999/1000');
    expect(open.rawPayload.equals(VIDEO.subarray(995))).toBe(true);

    const outside = await download(video, { range: 'bytes=1000-1010' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */1000');
    expect(outside.json().message).toBe(MSG.fileRangeInvalid);

    const docx = await download(fileIdOf(tree, 'Umowa serwisowa.docx'));
    expect(docx.statusCode).toBe(200);
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers['content-disposition']).toMatch(/^attachment; filename="Umowa serwisowa.docx"/);
    expect(docx.body).toBe('PK-docx');
    expect((await download(fileIdOf(tree, 'dane.bin'))).headers['content-type']).toBe(
      'application/octet-stream',
    );
  });

  // A file on the local disk made unreadable; an S3 store has no such file to break.
  it.skipIf(TEST_STORAGE_DRIVER === 's3')(
    "answers the app's own 500 for a stored file the disk cannot read, not the file's headers",
    async () => {
      write('Szkolenia/instrukcja.pdf', '%PDF-1.4 x');
      const id = fileIdOf(await freshTree(), 'instrukcja.pdf');
      // The stored file turned into a directory: opened, its first read fails (EISDIR), as an I/O error would.
      const [{ name }] = await ctx.database.db
        .select({ name: tutorialFiles.storageName })
        .from(tutorialFiles);
      const stored = fs
        .readdirSync(ctx.dataDir, { recursive: true, withFileTypes: true })
        .find((entry) => entry.name === name)!;
      const full = path.join(stored.parentPath, stored.name);
      fs.rmSync(full);
      fs.mkdirSync(full);
      const broken = await download(id, { range: 'bytes=0-0' });
      expect(broken.statusCode).toBe(500);
      expect(broken.headers['content-type']).toMatch(/^application\/json/);
      expect(broken.headers['content-disposition']).toBeUndefined();
      expect(broken.headers['content-range']).toBeUndefined();
      expect(broken.json().message).toMatch(/^Nieznany błąd. Identyfikator błędu: /);
    },
  );

  it('refuses every fileId that is not a tutorial file, whatever path it spells', async () => {
    write('Szkolenia/film.mp4', VIDEO);
    write('sekret.txt', 'tajne');
    write('.uploads/x.pdf', 'wgrywany');
    fs.writeFileSync(path.join(ctx.dataDir, 'poza.txt'), 'poza katalogiem');
    fs.symlinkSync(path.join(ctx.dataDir, 'poza.txt'), path.join(root(), 'Szkolenia', 'link.txt'));
    fs.mkdirSync(path.join(root(), 'Obcy'));
    fs.symlinkSync(ctx.dataDir, path.join(root(), 'Obcy', 'dane'));

    const malformed = [
      '../poza.txt',
      'Szkolenia/film.mp4',
      '%2e%2e%2fpoza.txt',
      'YQ==',
      'a b',
      'x'.repeat(TUTORIAL_ID_MAX + 1),
    ];
    for (const fileId of malformed) {
      const response = await download(fileId);
      expect(response.statusCode, fileId).toBe(400);
      expect(response.json().message, fileId).toBe(MSG.tutorialIdInvalid);
    }
    const spelled = [
      '../poza.txt',
      '../../etc/passwd',
      '/etc/passwd',
      'Szkolenia/../../poza.txt',
      'Szkolenia/../sekret.txt',
      'Szkolenia/./film.mp4',
      'Szkolenia//film.mp4',
      'sekret.txt',
      'Szkolenia',
      '.uploads/x.pdf',
      'Szkolenia/link.txt',
      'Obcy/dane/poza.txt',
      'Szkolenia\\..\\..\\poza.txt',
      'Szkolenia/film.mp4\u0000.pdf',
      'Szkolenia/nie ma.mp4',
    ].map(localId);
    // Another spelling of the same bytes ("a" is YQ; YR decodes to "a" too).
    spelled.push(
      `${localId('Szkolenia/film.mp4').slice(0, -1)}${localId('Szkolenia/film.mp4').endsWith('0') ? '1' : '0'}`,
    );
    for (const fileId of spelled) {
      const response = await download(fileId);
      expect(response.statusCode, Buffer.from(fileId, 'base64url').toString()).toBe(404);
      expect(response.json().message).toBe(MSG.fileNotFound);
    }
    expect((await download(localId('Szkolenia/film.mp4'))).statusCode).toBe(200);
    const tree = await freshTree();
    expect(tree.map((f) => [f.folder.name, f.googleFiles.map((g) => g.name)])).toEqual([
      ['Obcy', []],
      ['Szkolenia', ['film.mp4']],
    ]);
  });

  it('needs a session, and only an admin may ask for a refresh', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/google-drive/getTree', headers: XHR });
    expect(anonymous.statusCode).toBe(401);
    const file = await ctx.app.inject({
      method: 'GET',
      url: `/api/google-drive/downloadFile?fileId=${localId('a/b.pdf')}`,
      headers: XHR,
    });
    expect(file.statusCode).toBe(401);
    const refresh = await getTree(user, true);
    expect(refresh.statusCode).toBe(403);
    expect(refresh.json().message).toBe(MSG.forbidden);
  });

  it('keeps the tree for TUTORIALS_CACHE_SECONDS; the admin refresh lists the directory again', async () => {
    write('Szkolenia/pierwszy.pdf');
    await freshTree();
    write('Szkolenia/drugi.pdf');
    const kept = (await getTree(user)).json() as TutorialFolder[];
    expect(kept[0].googleFiles.map((f) => f.name)).toEqual(['pierwszy.pdf']);
    // The file itself is served at once: the local id names it.
    expect((await download(localId('Szkolenia/drugi.pdf'))).statusCode).toBe(200);
    const refreshed = (await getTree(admin, true)).json() as TutorialFolder[];
    expect(refreshed[0].googleFiles.map((f) => f.name)).toEqual(['drugi.pdf', 'pierwszy.pdf']);
    const seen = (await getTree(user)).json() as TutorialFolder[];
    expect(seen[0].googleFiles.map((f) => f.name)).toEqual(['drugi.pdf', 'pierwszy.pdf']);
  });

  it('lists and serves the store when the old folder cannot be read', async () => {
    write('Szkolenia/film.mp4', VIDEO);
    await freshTree();
    fs.rmSync(root(), { recursive: true });
    fs.writeFileSync(root(), 'to nie jest katalog');
    const response = await getTree(admin, true);
    expect(response.statusCode).toBe(200);
    expect((response.json() as TutorialFolder[])[0].googleFiles.map((f) => f.name)).toEqual(['film.mp4']);
    expect((await download(localId('Szkolenia/film.mp4'))).statusCode).toBe(200);
    expect((await download(localId('Szkolenia/inny.mp4'))).statusCode).toBe(404);
    fs.rmSync(root());
  });

  it('tells the screen the source is local and writable', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/google-drive/source',
      headers: as(user),
    });
    expect(response.json()).toEqual({ source: 'local', writable: true });
  });
});

function multipart(filename: string, content: Buffer | string) {
  const boundary = '----serwis-tutorial';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('admin uploads into the store', () => {
  const createFolder = (who: TestUser, name: unknown) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/google-drive/createFolder',
      headers: as(who),
      payload: { name },
    });
  const upload = (who: TestUser, folderId: string, filename: string, content: Buffer | string) => {
    const { payload, headers } = multipart(filename, content);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/google-drive/uploadFile?folderId=${encodeURIComponent(folderId)}`,
      headers: { ...as(who), ...headers },
      payload,
    });
  };
  /** Every object in the store belongs to a row: nothing left by a refused upload. */
  const expectNoOrphans = async () => {
    const { rows, inStore } = await storedNames();
    expect(inStore).toEqual(rows);
  };

  it('creates a folder and uploads a file into it; the tree shows both at once', async () => {
    const created = await createFolder(admin, '  Nowe szkolenia  ');
    expect(created.statusCode).toBe(201);
    const folder = created.json() as { id: string; name: string };
    expect(folder.name).toBe('Nowe szkolenia');
    const folders = await ctx.database.db.select().from(tutorialFolders);
    expect(folders.map((f) => f.name)).toEqual(['Nowe szkolenia']);

    const added = await upload(admin, folder.id, 'Prezentacja ŁÓDŹ.pdf', '%PDF-1.4 treść');
    expect(added.statusCode).toBe(201);
    const file = added.json() as { id: string; name: string };
    expect(file.name).toBe('Prezentacja ŁÓDŹ.pdf');
    const [row] = await ctx.database.db.select().from(tutorialFiles);
    expect(row).toMatchObject({ name: 'Prezentacja ŁÓDŹ.pdf', size: Buffer.byteLength('%PDF-1.4 treść') });
    expect(row.storageName).toMatch(/\.pdf$/);
    // Nothing on the server's disk outside the store.
    expect(fs.existsSync(root())).toBe(false);
    const tree = (await getTree(user)).json() as TutorialFolder[];
    expect(tree).toEqual([{ folder, googleFiles: [file] }]);
    expect((await download(file.id)).body).toBe('%PDF-1.4 treść');
    const range = await download(file.id, { range: 'bytes=0-7' });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('%PDF-1.4');
    await expectNoOrphans();
    // The orphan sweep knows the tutorial's bytes have an owner.
    expect(await sweepOrphanFiles(ctx.database.db, ctx.app.storage, { graceMs: -60_000 })).toBe(0);
    expect((await download(file.id)).body).toBe('%PDF-1.4 treść');
    const entries = await ctx.database.db.select().from(logs).where(eq(logs.arg1, 'tutorials'));
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      expect.stringContaining('dodanie folderu tutoriali „Nowe szkolenia”'),
      expect.stringContaining('dodanie tutorialu „Prezentacja ŁÓDŹ.pdf”'),
    ]);
  });

  it('opens a file of the longest names in three-byte characters (its id fits the id limit)', async () => {
    const folder = (await createFolder(admin, '€'.repeat(100))).json() as { id: string };
    const added = await upload(admin, folder.id, `${'€'.repeat(251)}.pdf`, '%PDF-1.4 euro');
    expect(added.statusCode).toBe(201);
    const file = added.json() as { id: string };
    expect(file.id.length).toBeGreaterThan(1024);
    const opened = await download(file.id);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe('%PDF-1.4 euro');
  });

  it('writes a folder or a file with its log entry or not at all', async () => {
    const folder = (await createFolder(admin, 'Szkolenia')).json() as { id: string };
    // The log cannot be written (its table is gone for a moment): the row it goes with is not kept.
    await ctx.database.db.execute(sql`ALTER TABLE logs RENAME TO logs_away`);
    try {
      expect((await createFolder(admin, 'Bez wpisu')).statusCode).toBe(500);
      expect((await upload(admin, folder.id, 'bez-wpisu.pdf', '%PDF-1.4')).statusCode).toBe(500);
    } finally {
      await ctx.database.db.execute(sql`ALTER TABLE logs_away RENAME TO logs`);
    }
    const folders = await ctx.database.db.select().from(tutorialFolders);
    expect(folders.map((f) => f.name)).toEqual(['Szkolenia']);
    expect(await ctx.database.db.select().from(tutorialFiles)).toEqual([]);
    await expectNoOrphans();
    // Tried again once the log is back, both go in (no "already exists" left by the failure).
    expect((await createFolder(admin, 'Bez wpisu')).statusCode).toBe(201);
    expect((await upload(admin, folder.id, 'bez-wpisu.pdf', '%PDF-1.4')).statusCode).toBe(201);
  });

  it('refuses users, bad and taken names, unknown folders, missing and oversized files', async () => {
    const folder = (await createFolder(admin, 'Szkolenia')).json() as { id: string };

    const byUser = await createFolder(user, 'Moje');
    expect(byUser.statusCode).toBe(403);
    expect((await upload(user, folder.id, 'a.pdf', 'x')).statusCode).toBe(403);

    for (const name of ['', '   ', '..', '.ukryty', 'a/b', 'a\\b', 'x'.repeat(101), 'nowa\nlinia', 42]) {
      const response = await createFolder(admin, name);
      expect(response.statusCode, String(name)).toBe(400);
    }
    const taken = await createFolder(admin, 'Szkolenia');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.tutorialFolderExists);

    expect((await upload(admin, folder.id, 'film.mp4', 'v1')).statusCode).toBe(201);
    const again = await upload(admin, folder.id, 'film.mp4', 'v2');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.tutorialFileExists);
    expect((await download(localId('Szkolenia/film.mp4'))).body).toBe('v1');
    await expectNoOrphans();

    // A path in the part's file name keeps only the name.
    const sneaky = await upload(admin, folder.id, '../../poza.pdf', 'x');
    expect(sneaky.statusCode).toBe(201);
    expect(sneaky.json().name).toBe('poza.pdf');
    expect(fs.existsSync(path.join(ctx.dataDir, 'poza.pdf'))).toBe(false);

    const unknown = await upload(admin, localId('Nie ma'), 'a.pdf', 'x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.tutorialFolderNotFound);
    expect((await upload(admin, localId('../tutorials'), 'a.pdf', 'x')).statusCode).toBe(404);

    const big = await upload(admin, folder.id, 'duży.mp4', Buffer.alloc(1024 * 1024 + 10));
    expect(big.statusCode).toBe(413);
    expect(big.json().message).toBe('Plik jest za duży (maks. 1 MB).');
    expect((await download(localId('Szkolenia/duży.mp4'))).statusCode).toBe(404);
    await expectNoOrphans();
  });
});
