import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, type TutorialFolder } from '@serwis/domain';
import {
  FOLDER_MIME,
  makeServiceAccount,
  rootWithVideo,
  TEST_ROOT,
  TEST_VIDEO,
  startFakeGoogleDrive,
  type FakeDriveFile,
} from '../../../test/fake-google-drive.js';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { loadConfig } from '../../config.js';
import { GoogleDriveTutorialSource } from './tutorials.drive.js';
import { FAILED_LISTING_PAUSE_MS } from './tutorials.service.js';
import { TutorialSourceUnavailableError } from './tutorials.source.js';

const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-drive-key-'));
const account = makeServiceAccount(keyDir);
const VIDEO = TEST_VIDEO;
const ROOT = TEST_ROOT;

const sample = (): FakeDriveFile[] => [
  ...rootWithVideo(),
  { id: 'fold-laser', name: 'Obsługa lasera', mimeType: FOLDER_MIME, parents: [ROOT] },
  { id: 'fold-empty', name: 'Pusty', mimeType: FOLDER_MIME, parents: [ROOT] },
  { id: 'fold-trash', name: 'Kosz', mimeType: FOLDER_MIME, parents: [ROOT], trashed: true },
  {
    id: 'file-pdf',
    name: 'Instrukcja.pdf',
    mimeType: 'application/pdf',
    parents: ['fold-bhp'],
    content: Buffer.from('%PDF-1.4'),
  },
  {
    id: 'file-docx',
    name: 'Schemat.docx',
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    parents: ['fold-laser'],
    content: Buffer.from('PK docx'),
  },
  {
    id: 'file-png',
    name: 'głowica.png',
    mimeType: 'image/png',
    parents: ['fold-laser'],
    content: Buffer.from('png'),
  },
  {
    id: 'file-doc',
    name: 'Notatki',
    mimeType: 'application/vnd.google-apps.document',
    parents: ['fold-laser'],
  },
  { id: 'file-old', name: 'stary.pdf', mimeType: 'application/pdf', parents: ['fold-laser'], trashed: true },
  {
    id: 'file-top',
    name: 'w-katalogu-głównym.pdf',
    mimeType: 'application/pdf',
    parents: [ROOT],
    content: Buffer.from('x'),
  },
  { id: 'other-folder', name: 'Prywatne', mimeType: FOLDER_MIME, parents: ['somewhere-else'] },
  {
    id: 'file-private',
    name: 'hasła.pdf',
    mimeType: 'application/pdf',
    parents: ['other-folder'],
    content: Buffer.from('tajne'),
  },
];

const drive = await startFakeGoogleDrive(account, sample());
const env = {
  TUTORIALS_SOURCE: 'google-drive',
  GOOGLE_DRIVE_KEY_FILE: account.keyFile,
  GOOGLE_DRIVE_ROOT_ID: ROOT,
  GOOGLE_DRIVE_API_URL: drive.apiUrl,
  GOOGLE_DRIVE_TOKEN_URL: drive.tokenUrl,
  GOOGLE_DRIVE_TIMEOUT_SECONDS: '5',
  TUTORIALS_CACHE_SECONDS: '60',
};
const ctx = useTestApp(env);

afterAll(async () => {
  await drive.close();
  fs.rmSync(keyDir, { recursive: true, force: true });
});

let admin: TestUser;
let user: TestUser;
beforeEach(async () => {
  drive.files.splice(0, drive.files.length, ...sample());
  drive.failWith = undefined;
  drive.ignoreRange = false;
  drive.maxPageSize = 1000;
  admin = await createUserAndLogin(ctx, { admin: true });
  user = await createUserAndLogin(ctx);
});

const getTree = (who: TestUser, refresh = false) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/getTree${refresh ? '?refresh=true' : ''}`,
    headers: as(who),
  });
const download = (fileId: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/google-drive/downloadFile?fileId=${encodeURIComponent(fileId)}`,
    headers: { ...as(user), ...headers },
  });
const listings = () => drive.requests.filter((r) => r.path === '/drive/v3/files').length;
const shape = (tree: TutorialFolder[]) => tree.map((f) => [f.folder.name, f.googleFiles.map((g) => g.name)]);

const EXPECTED = [
  ['Obsługa lasera', ['głowica.png', 'Schemat.docx']],
  ['Pusty', []],
  ['Szkolenia BHP', ['Instrukcja.pdf', 'wprowadzenie.mp4']],
];

describe('tutorials from Google Drive (local fake)', () => {
  it('lists the root folder’s sub-folders and their files through files.list, with a signed service-account token', async () => {
    drive.maxPageSize = 2; // several pages for each query
    const response = await getTree(admin, true);
    expect(response.statusCode).toBe(200);
    const tree = response.json() as TutorialFolder[];
    expect(shape(tree)).toEqual(EXPECTED);
    expect(tree[2]).toEqual({
      folder: { id: 'fold-bhp', name: 'Szkolenia BHP' },
      googleFiles: [
        { id: 'file-pdf', name: 'Instrukcja.pdf' },
        { id: 'file-video', name: 'wprowadzenie.mp4' },
      ],
    });
    const driveCalls = drive.requests.filter((r) => r.path.startsWith('/drive/'));
    expect(driveCalls.length).toBeGreaterThan(2);
    expect(driveCalls.every((r) => r.authorized)).toBe(true);
    // One token serves every call until it expires.
    expect(drive.requests.filter((r) => r.path === '/token')).toHaveLength(1);
  });

  it('keeps the tree for TUTORIALS_CACHE_SECONDS and lists again on the admin refresh', async () => {
    await getTree(admin, true);
    const before = listings();
    expect(shape((await getTree(user)).json())).toEqual(EXPECTED);
    expect(shape((await getTree(user)).json())).toEqual(EXPECTED);
    expect(listings()).toBe(before);

    drive.files.push({
      id: 'file-new',
      name: 'Nowy film.mkv',
      mimeType: 'video/x-matroska',
      parents: ['fold-empty'],
      content: Buffer.from('mkv'),
    });
    expect(shape((await getTree(user)).json())[1]).toEqual(['Pusty', []]);
    expect((await getTree(user, true)).statusCode).toBe(403);
    expect(shape((await getTree(admin, true)).json())[1]).toEqual(['Pusty', ['Nowy film.mkv']]);
    expect(listings()).toBeGreaterThan(before);
    expect(shape((await getTree(user)).json())[1]).toEqual(['Pusty', ['Nowy film.mkv']]);
  });

  it('streams a file with its type and exact Range answers', async () => {
    await getTree(admin, true);
    const whole = await download('file-video');
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['content-length']).toBe('4096');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(VIDEO)).toBe(true);

    const middle = await download('file-video', { range: 'bytes=2048-3071' });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 2048-3071/4096');
    expect(middle.headers['content-length']).toBe('1024');
    expect(middle.rawPayload.equals(VIDEO.subarray(2048, 3072))).toBe(true);
    expect(drive.requests.at(-1)?.range).toBe('bytes=2048-3071');

    drive.ignoreRange = true; // a server that sends the whole file anyway
    const cut = await download('file-video', { range: 'bytes=100-199' });
    expect(cut.statusCode).toBe(206);
    expect(cut.rawPayload.equals(VIDEO.subarray(100, 200))).toBe(true);

    const outside = await download('file-video', { range: 'bytes=5000-' });
    expect(outside.statusCode).toBe(416);
    expect(outside.headers['content-range']).toBe('bytes */4096');

    const docx = await download('file-docx');
    expect(docx.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(docx.headers['content-disposition']).toMatch(/^attachment; filename="Schemat.docx"/);
    const png = await download('file-png');
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-disposition']).toMatch(/^inline/);
  });

  it('serves the ranges of a listed video without listing the drive again', async () => {
    await getTree(admin, true);
    const before = listings();
    for (const start of [0, 1000, 2000, 3000]) {
      expect((await download('file-video', { range: `bytes=${start}-${start + 99}` })).statusCode).toBe(206);
    }
    expect(listings()).toBe(before);
  });

  it('serves only files of the tree: other Drive files, folders and malformed ids are refused', async () => {
    await getTree(admin, true);
    const mediaBefore = drive.requests.filter((r) => r.query.get('alt') === 'media').length;
    for (const fileId of [
      'file-private',
      'other-folder',
      'fold-bhp',
      'file-top',
      'file-doc',
      'file-old',
      'nie-ma',
    ]) {
      const response = await download(fileId);
      expect(response.statusCode, fileId).toBe(404);
      expect(response.json().message).toBe(MSG.fileNotFound);
    }
    for (const fileId of ['../file-video', 'file video', "a' or name contains 'x"]) {
      expect((await download(fileId)).statusCode, fileId).toBe(400);
    }
    expect(drive.requests.filter((r) => r.query.get('alt') === 'media').length).toBe(mediaBefore);
  });

  it('does not list hidden folders and files (a leading dot), as the local folder does not', async () => {
    drive.files.push(
      { id: 'fold-hidden', name: '.ukryty', mimeType: FOLDER_MIME, parents: [ROOT] },
      {
        id: 'file-in-hidden',
        name: 'tajne.pdf',
        mimeType: 'application/pdf',
        parents: ['fold-hidden'],
        content: Buffer.from('x'),
      },
      {
        id: 'file-dot',
        name: '.DS_Store',
        mimeType: 'application/octet-stream',
        parents: ['fold-bhp'],
        content: Buffer.from('x'),
      },
    );
    expect(shape((await getTree(admin, true)).json())).toEqual(EXPECTED);
    expect((await download('file-dot')).statusCode).toBe(404);
    expect((await download('file-in-hidden')).statusCode).toBe(404);
  });

  it('does not follow shortcuts: one to a file or to a folder is not listed', async () => {
    const SHORTCUT = 'application/vnd.google-apps.shortcut';
    drive.files.push(
      { id: 'short-file', name: 'Skrót do instrukcji', mimeType: SHORTCUT, parents: ['fold-bhp'] },
      { id: 'short-folder', name: 'Skrót do folderu', mimeType: SHORTCUT, parents: [ROOT] },
    );
    expect(shape((await getTree(admin, true)).json())).toEqual(EXPECTED);
    expect((await download('short-file')).statusCode).toBe(404);
  });

  it('says "Drive root folder not found" for a root id Drive does not know or that is not a folder', async () => {
    const source = (rootId: string) =>
      new GoogleDriveTutorialSource({
        keyFile: account.keyFile,
        rootId,
        apiUrl: drive.apiUrl,
        tokenUrl: drive.tokenUrl,
        timeoutMs: 5000,
      });
    // Before, both listed as an empty drive: "no tutorials" instead of an error.
    const unknown = await source('nie-udostepniony')
      .listTree()
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(TutorialSourceUnavailableError);
    expect((unknown as Error).message).toMatch(/^Drive root folder not found \(404/);
    const file = await source('file-pdf')
      .listTree()
      .catch((error: unknown) => error);
    expect(file).toBeInstanceOf(TutorialSourceUnavailableError);
    expect((file as Error).message).toMatch(/^Drive root folder not found .*application\/pdf, not a folder/);
  });

  it('is read-only for everyone', async () => {
    const info = await ctx.app.inject({ method: 'GET', url: '/api/google-drive/source', headers: as(user) });
    expect(info.json()).toEqual({ source: 'google-drive', writable: false });
    const folder = await ctx.app.inject({
      method: 'POST',
      url: '/api/google-drive/createFolder',
      headers: as(admin),
      payload: { name: 'Nowy' },
    });
    expect(folder.statusCode).toBe(409);
    expect(folder.json().message).toBe(MSG.tutorialsReadOnly);
  });

  it('answers 502 "Błąd połączenia z dyskiem Google" while Drive fails, and never shows the token', async () => {
    drive.failWith = 503;
    const response = await getTree(admin, true);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: MSG.tutorialsDriveError, code: 'SOURCE_UNAVAILABLE' });
    expect(response.json().message).toBe('Błąd połączenia z dyskiem Google');
    for (const token of drive.tokens) expect(response.body).not.toContain(token);
    drive.failWith = undefined;
    // Drive is left alone for a while after a failed listing: the refresh answers the failure
    // again without asking it, and lists once the pause is over.
    const asked = listings();
    expect((await getTree(admin, true)).statusCode).toBe(502);
    expect(listings()).toBe(asked);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + FAILED_LISTING_PAUSE_MS);
      expect((await getTree(admin, true)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses a key that is not the service account’s (the token endpoint checks the signature)', async () => {
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-drive-key-'));
    const stranger = makeServiceAccount(otherDir);
    const source = new GoogleDriveTutorialSource({
      keyFile: stranger.keyFile,
      rootId: ROOT,
      apiUrl: drive.apiUrl,
      tokenUrl: drive.tokenUrl,
      timeoutMs: 5000,
    });
    const failure = await source.listTree().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TutorialSourceUnavailableError);
    // Google's reason (the fake's "invalid_grant") beside the status; no token or JWT.
    expect((failure as Error).message).toBe('token endpoint answered 400: invalid_grant');
    fs.rmSync(otherDir, { recursive: true, force: true });
  });

  it('stops the start when the Drive settings are missing or the key file is unreadable', () => {
    expect(() => loadConfig({ TUTORIALS_SOURCE: 'google-drive' })).toThrow(/GOOGLE_DRIVE_KEY_FILE/);
    expect(() => loadConfig({ TUTORIALS_SOURCE: 'google-drive', GOOGLE_DRIVE_KEY_FILE: 'k.json' })).toThrow(
      /GOOGLE_DRIVE_ROOT_ID/,
    );
    expect(
      () =>
        new GoogleDriveTutorialSource({
          keyFile: path.join(keyDir, 'nie-ma.json'),
          rootId: ROOT,
          apiUrl: drive.apiUrl,
          timeoutMs: 1000,
        }),
    ).toThrow('GOOGLE_DRIVE_KEY_FILE: nie można odczytać pliku klucza konta usługi (ENOENT).');
  });

  // Last: the fake stops for good.
  it('answers 502 when Drive cannot be reached at all', async () => {
    await drive.close();
    const tree = await getTree(admin, true);
    expect(tree.statusCode).toBe(502);
    expect(tree.json().message).toBe(MSG.tutorialsDriveError);
    const file = await download('file-video');
    expect(file.statusCode).toBe(502);
  });
});
