import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  FOLDER_MIME,
  makeServiceAccount,
  startFakeGoogleDrive,
  type FakeDriveFile,
  type FakeGoogleDrive,
} from '../../apps/server/test/fake-google-drive.js';
import {
  field,
  launchBrowser,
  loginAs,
  mainNavigation,
  newPage,
  stopAtFirstFailure,
} from '../support/browser';
import {
  apiCall,
  chooseFile,
  downloadedBytes,
  isFileServedWhole,
  makePdf,
  makePng,
  runTag,
} from '../support/register-kit';
import type { ServerProcess } from '../support/server-process';
import { appServer, startJourneyServer } from '../support/app-server';

/*
 * Tutorials as a new user meets them: two folders dropped into the tutorial directory (a video, a
 * PDF, a picture and a Word file), the list and the search, the video played and moved to its
 * middle, the PDF and the picture opened, the Word file downloaded, a folder and a file added by
 * the admin. Then the same files served by Google Drive (a local fake) through a second server
 * with TUTORIALS_SOURCE=google-drive: the same tree; the fake stops and the screen says so.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const tag = runTag();
const VIDEO = fs.readFileSync(path.join(here, '../fixtures/tutorial.mp4')); // VP9 in MP4, 4 s, 160×120
const DOCX = Buffer.from(`PK\u0003\u0004 umowa serwisowa ${tag}`);
const PNG = makePng(64, 40);
const PDF = makePdf(`Instrukcja BHP ${tag}`);

const BHP = `Szkolenia BHP ${tag}`;
const LASER = `Obsługa lasera ${tag}`;
const files = {
  video: { folder: BHP, name: 'Wprowadzenie do obsługi.mp4', mime: 'video/mp4', bytes: VIDEO },
  pdf: { folder: BHP, name: 'Instrukcja stanowiskowa.pdf', mime: 'application/pdf', bytes: PDF },
  image: { folder: LASER, name: 'Głowica lasera.png', mime: 'image/png', bytes: PNG },
  docx: {
    folder: LASER,
    name: 'Umowa serwisowa.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: DOCX,
  },
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let drive: FakeGoogleDrive | undefined;
let driveServer: ServerProcess | undefined;
let keyDir: string | undefined;
/** Folder and file names as the local screen showed them, to compare with the Drive screen. */
let localTree: string[] = [];
const admin = { email: inject('adminEmail'), password: inject('adminPassword') };
/** Where the local tutorials live: the data directory of this journey's server. */
const tutorialsDir = () => path.join(appServer().dataDir, 'tutorials');

const folderList = () => page.getByRole('navigation', { name: 'Foldery' });
const fileList = () => page.getByRole('list', { name: 'Pliki' });
const fileButton = (name: string) =>
  fileList().getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/** What the screen lists: each folder's name with its files (after clicking it). */
async function visibleTree(folders: string[]) {
  const lines: string[] = [];
  for (const folder of folders) {
    await folderList()
      .getByRole('button', { name: new RegExp(`^${folder}`) })
      .click();
    await fileList().or(page.getByText('Brak plików')).first().waitFor();
    const names = (await fileList().getByRole('button').allInnerTexts()).map((t) => t.trim());
    lines.push(`${folder}: ${names.join(' | ')}`);
  }
  return lines;
}

async function openTutorials() {
  await mainNavigation(page).getByRole('link', { name: 'Tutoriale' }).click();
  await page.waitForURL('**/tutorials');
  await page.getByRole('heading', { name: 'Tutoriale' }).waitFor();
}

describe('tutorials journey: the old folder moved into the store, then Google Drive', () => {
  stopAtFirstFailure(() => page);

  beforeAll(async () => {
    for (const file of Object.values(files)) {
      fs.mkdirSync(path.join(tutorialsDir(), file.folder), { recursive: true });
      fs.writeFileSync(path.join(tutorialsDir(), file.folder, file.name), file.bytes);
    }
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser));
    await loginAs(page, admin.email, admin.password);
    // Another journey may have listed the directory already: list it again.
    await apiCall(context, 'GET', '/api/google-drive/getTree?refresh=true');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await driveServer?.stop();
    await drive?.close();
    for (const file of Object.values(files)) {
      fs.rmSync(path.join(tutorialsDir(), file.folder), { recursive: true, force: true });
    }
    fs.rmSync(path.join(tutorialsDir(), `Instrukcje ${tag}`), { recursive: true, force: true });
    if (keyDir) fs.rmSync(keyDir, { recursive: true, force: true });
  });

  it('lists "Wszystko" and both folders from the menu entry "Tutoriale"', async () => {
    await openTutorials();
    await folderList().getByRole('button', { name: 'Wszystko' }).waitFor();
    await folderList()
      .getByRole('button', { name: new RegExp(`^${BHP}`) })
      .waitFor();
    await folderList()
      .getByRole('button', { name: new RegExp(`^${LASER}`) })
      .waitFor();
    localTree = await visibleTree([LASER, BHP]);
    expect(localTree).toEqual([
      `${LASER}: Głowica lasera.png | Umowa serwisowa.docx`,
      `${BHP}: Instrukcja stanowiskowa.pdf | Wprowadzenie do obsługi.mp4`,
    ]);
  });

  it('finds a file by part of its name across folders, with its folder beside it', async () => {
    await folderList()
      .getByRole('button', { name: new RegExp(`^${LASER}`) })
      .click();
    await page.getByLabel('Szukaj pliku').fill('INSTRUKCJA stan');
    const hit = fileButton(files.pdf.name);
    await hit.waitFor();
    expect(await fileList().getByRole('button').count()).toBe(1);
    expect(await hit.innerText()).toContain(BHP);
    await page.getByLabel('Szukaj pliku').fill('obsługi');
    await fileButton(files.video.name).waitFor();
    expect(await fileList().getByRole('button').count()).toBe(1);
  });

  it('plays the video in the 440 px player and seeks to its middle (Range answers)', async () => {
    const media: Response[] = [];
    const onResponse = (r: Response) => {
      if (r.url().includes('/api/google-drive/downloadFile')) media.push(r);
    };
    page.on('response', onResponse);
    await fileButton(files.video.name).click();
    const player = page.getByRole('dialog', { name: files.video.name });
    const video = player.locator('video');
    await video.waitFor();
    expect(await video.getAttribute('height')).toBe('440');
    const duration = await video.evaluate(
      (el: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          if (el.readyState >= 1) return resolve(el.duration);
          el.addEventListener('loadedmetadata', () => resolve(el.duration), { once: true });
          el.addEventListener('error', () => reject(new Error(`media error ${el.error?.code}`)), {
            once: true,
          });
        }),
    );
    expect(duration).toBeGreaterThan(3.5);
    expect(duration).toBeLessThan(4.5);
    const position = await video.evaluate(
      (el: HTMLVideoElement, target: number) =>
        new Promise<number>((resolve) => {
          el.pause();
          el.addEventListener('seeked', () => resolve(el.currentTime), { once: true });
          el.currentTime = target;
        }),
      duration / 2,
    );
    expect(Math.abs(position - duration / 2)).toBeLessThan(0.3);
    // The picture at the middle is decoded: the player has data for the current position.
    await expect
      .poll(() => video.evaluate((el: HTMLVideoElement) => el.readyState))
      .toBeGreaterThanOrEqual(2);
    page.off('response', onResponse);
    expect(media.some((r) => r.status() === 206)).toBe(true);
    const partial = media.find((r) => r.status() === 206)!;
    expect(partial.headers()['content-range']).toMatch(new RegExp(`^bytes \\d+-\\d+/${VIDEO.length}$`));
    await page.keyboard.press('Escape');
    await player.waitFor({ state: 'hidden' });
  });

  it('opens the PDF in the full-screen viewer and the picture full-screen', async () => {
    await page.getByLabel('Szukaj pliku').fill('');
    await folderList()
      .getByRole('button', { name: new RegExp(`^${BHP}`) })
      .click();
    const served = page.waitForResponse((r) => isFileServedWhole(r, '/api/google-drive/downloadFile'));
    await fileButton(files.pdf.name).click();
    const viewer = page.getByRole('dialog', { name: files.pdf.name });
    await viewer.locator(`iframe[title="Podgląd: ${files.pdf.name}"]`).waitFor();
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline/);
    const box = await viewer.boundingBox();
    expect(box!.width).toBeGreaterThan(1200);
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });

    await folderList()
      .getByRole('button', { name: new RegExp(`^${LASER}`) })
      .click();
    await fileButton(files.image.name).click();
    const picture = page
      .getByRole('dialog', { name: files.image.name })
      .getByRole('img', { name: files.image.name });
    await picture.waitFor();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await page.keyboard.press('Escape');
    await picture.waitFor({ state: 'hidden' });
  });

  it('downloads the Word file with its name and bytes', async () => {
    const download = page.waitForEvent('download');
    await fileButton(files.docx.name).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(files.docx.name);
    expect((await downloadedBytes(file)).equals(DOCX)).toBe(true);
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('fits a tablet: folders beside the files, touch-sized entries, the player within the screen', async () => {
    await page.setViewportSize({ width: 768, height: 1024 });
    try {
      await folderList()
        .getByRole('button', { name: new RegExp(`^${BHP}`) })
        .click();
      const nav = (await folderList().boundingBox())!;
      const list = (await fileList().boundingBox())!;
      expect(nav.x + nav.width).toBeLessThanOrEqual(list.x);
      expect(list.x + list.width).toBeLessThanOrEqual(768);
      for (const button of await fileList().getByRole('button').all()) {
        expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(40);
      }
      await fileButton(files.video.name).click();
      const player = page.getByRole('dialog', { name: files.video.name }).locator('video');
      await player.waitFor();
      const box = (await player.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(768);
      expect(Math.round(box.height)).toBe(440);
      await page.keyboard.press('Escape');
      await player.waitFor({ state: 'hidden' });
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('lets the admin create a folder and upload a file into it', async () => {
    await page.getByRole('button', { name: 'Nowy folder' }).click();
    const modal = page.getByRole('dialog', { name: 'Nowy folder' });
    await modal.getByLabel(/Nazwa folderu/).fill(`Instrukcje ${tag}`);
    await modal.getByRole('button', { name: 'Utwórz' }).click();
    await modal.waitFor({ state: 'hidden' });
    await folderList()
      .getByRole('button', { name: new RegExp(`^Instrukcje ${tag}`) })
      .click();
    await page.getByText('Brak plików').waitFor();
    await page.getByRole('button', { name: 'Dodaj plik' }).click();
    const upload = page.getByRole('dialog', { name: `Dodaj plik do folderu Instrukcje ${tag}` });
    await chooseFile(page, field(upload, 'Plik'), {
      name: 'Karta przeglądu.pdf',
      mimeType: 'application/pdf',
      buffer: makePdf('Karta'),
    });
    await upload.getByRole('button', { name: 'Dodaj' }).click();
    await upload.waitFor({ state: 'hidden' });
    await fileButton('Karta przeglądu.pdf').waitFor();
    // Kept in the app's file store (issue 13), not in the old tutorial folder on the disk.
    expect(fs.existsSync(path.join(tutorialsDir(), `Instrukcje ${tag}`))).toBe(false);
    const tree = await apiCall<{ folder: { name: string }; googleFiles: { name: string }[] }[]>(
      context,
      'GET',
      '/api/google-drive/getTree?refresh=true',
    );
    expect(tree.find((f) => f.folder.name === `Instrukcje ${tag}`)?.googleFiles.map((g) => g.name)).toEqual([
      'Karta przeglądu.pdf',
    ]);
  });

  it('shows the same tree when the tutorials come from Google Drive', async () => {
    keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'serwis-e2e-drive-'));
    const account = makeServiceAccount(keyDir);
    const driveFiles: FakeDriveFile[] = [
      // The root itself: the server asks for it before each listing.
      { id: 'tutorials-root', name: 'Tutoriale', mimeType: FOLDER_MIME, parents: [] },
      { id: 'folder-bhp', name: BHP, mimeType: FOLDER_MIME, parents: ['tutorials-root'] },
      { id: 'folder-laser', name: LASER, mimeType: FOLDER_MIME, parents: ['tutorials-root'] },
      ...Object.entries(files).map(([key, file]) => ({
        id: `file-${key}`,
        name: file.name,
        mimeType: file.mime,
        parents: [file.folder === BHP ? 'folder-bhp' : 'folder-laser'],
        content: file.bytes,
      })),
    ];
    drive = await startFakeGoogleDrive(account, driveFiles);
    driveServer = await startJourneyServer({
      TUTORIALS_SOURCE: 'google-drive',
      GOOGLE_DRIVE_KEY_FILE: account.keyFile,
      GOOGLE_DRIVE_ROOT_ID: 'tutorials-root',
      GOOGLE_DRIVE_API_URL: drive.apiUrl,
      GOOGLE_DRIVE_TOKEN_URL: drive.tokenUrl,
      GOOGLE_DRIVE_TIMEOUT_SECONDS: '5',
      TUTORIALS_CACHE_SECONDS: '0',
    });
    await context.close();
    context = await browser.newContext({
      baseURL: driveServer.baseUrl,
      locale: 'pl-PL',
      timezoneId: inject('timeZone'),
      viewport: { width: 1280, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await loginAs(page, driveServer.adminEmail, driveServer.adminPassword);
    await openTutorials();
    expect(await visibleTree([LASER, BHP])).toEqual(localTree);
    // Drive is read-only here.
    expect(await page.getByRole('button', { name: 'Nowy folder' }).count()).toBe(0);

    await folderList()
      .getByRole('button', { name: new RegExp(`^${LASER}`) })
      .click();
    await fileButton(files.image.name).click();
    const picture = page
      .getByRole('dialog', { name: files.image.name })
      .getByRole('img', { name: files.image.name });
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await page.keyboard.press('Escape');
    await picture.waitFor({ state: 'hidden' });
    expect(drive.requests.some((r) => r.query.get('alt') === 'media')).toBe(true);
  });

  it('keeps the tree listed last when Drive stops answering; "Odśwież" says so, and never shows the token', async () => {
    await drive!.close();
    await page.reload();
    // Listed again (no cache time here), failed: the tree listed last is still shown.
    expect(await visibleTree([LASER, BHP])).toEqual(localTree);
    await page.getByRole('button', { name: 'Odśwież' }).click();
    await page.getByRole('alert').filter({ hasText: 'Błąd połączenia z dyskiem Google' }).waitFor();
    const html = await page.content();
    const log = driveServer!.log();
    for (const token of drive!.tokens) {
      expect(html).not.toContain(token);
      expect(log).not.toContain(token);
    }
    expect(log).not.toContain('PRIVATE KEY');
  });
});
