import zlib from 'node:zlib';
import type { BrowserContext, Download, Locator, Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import { settleDialog } from './browser';

/*
 * Helpers of the register journeys (customers, categories, machines): the few widgets a person
 * drives with the mouse (date picker, selects, file chooser), small valid files made on the fly,
 * and direct API calls for the data a journey needs but does not test.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A short tag that keeps this run's names apart from other journeys sharing the server. */
export const runTag = () => Date.now().toString(36).slice(-5).toUpperCase();

/** Calls the API with the context's session cookie, as the browser app would; fails on a refusal. */
export async function apiCall<T = unknown>(
  context: BrowserContext,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await context.request.fetch(url, {
    method,
    data,
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
  });
  const body = await response.text();
  if (!response.ok()) throw new Error(`${method} ${url} answered ${response.status()}: ${body}`);
  return (body ? JSON.parse(body) : undefined) as T;
}

/** A machine list's "Filtry" button, whose label says "(aktywne)" while a filter is applied. */
export const machineFilterToggle = (page: Page) => page.getByRole('button', { name: /^Filtry/ });

/** A machine list's filter panel (with "Szukaj", "Wyczyść filtry" and "Pobierz CSV"). */
export const machineFilterPanel = (page: Page) => page.locator('#machine-filters');

/**
 * Opens a machine list's filter panel and waits until it has unfolded; answers the panel. Mid-way,
 * the browser driver scrolls the clipped panel to reach a button, and the unfolding scrolls it back
 * between the press and the release: the click then lands on the form, not on the button. Mantine's
 * Collapse drops its inline height when the unfolding ends.
 */
export async function openMachineFilters(page: Page): Promise<Locator> {
  const toggle = machineFilterToggle(page);
  const panel = machineFilterPanel(page);
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await panel.getByRole('button', { name: 'Szukaj' }).waitFor();
  await expect.poll(() => panel.evaluate((element) => (element as HTMLElement).style.height)).toBe('');
  return panel;
}

/** Picks one entry of a Mantine select or multi-select by its label, typing to narrow long lists. */
export async function chooseOption(page: Page, scope: Page | Locator, label: string, option: string) {
  // The open list is labelled like its input, so the input is found by its role.
  const input = scope.getByRole('combobox', { name: new RegExp(`^${escapeRegExp(label)}( \\*)?$`) });
  await input.click();
  if ((await input.getAttribute('readonly')) === null) await input.fill(option);
  await page.getByRole('option', { name: option, exact: true }).click();
  // A multiple choice keeps its list open for the next one, over what lies below it: closed, as a
  // person closes it before going on.
  const listId = await input.getAttribute('aria-controls');
  if (!listId) return;
  const list = page.locator(`[id="${listId}"]`);
  if (await list.isVisible()) await input.press('Escape');
  await list.waitFor({ state: 'hidden' });
}

export { pickDate } from './date-picker';

/** Opens the system file dialog through the visible control and answers it with `file`. */
export async function chooseFile(
  page: Page,
  control: Locator,
  file: { name: string; mimeType: string; buffer: Buffer },
) {
  const chooser = page.waitForEvent('filechooser');
  await control.click();
  await (await chooser).setFiles(file);
}

/** Answers "Usuń" in the confirmation modal that names what goes; returns the modal's text. */
export async function confirmDeletion(page: Page, title = 'Potwierdź usunięcie') {
  const modal = page.getByRole('dialog', { name: title });
  await settleDialog(modal);
  const text = (await modal.textContent()) ?? '';
  await modal.getByRole('button', { name: 'Usuń', exact: true }).click();
  await modal.waitFor({ state: 'hidden' });
  return text;
}

/** Waits for a short confirmation (notification) or a refusal banner carrying `text`. */
export async function expectAlert(page: Page, text: string) {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

export async function downloadedBytes(download: Download): Promise<Buffer> {
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real RGB PNG (a two-colour nameplate stand-in) that a browser can decode. */
export function makePng(width = 48, height = 32): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const dark = y < height / 3;
      row.set(dark ? [30, 60, 120] : [220, 220, 210], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF with a correct cross-reference table, so a viewer opens it without repair. */
export function makePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The texts of a list's items in order (the category operations, say). */
export async function itemTexts(list: Locator) {
  return (await list.getByRole('listitem').allInnerTexts()).map((t) => t.trim());
}

/** Asserts that the URL's path is `path` once the app has navigated there. */
export async function expectPath(page: Page, path: string) {
  await page.waitForURL((url) => url.pathname === path);
  expect(new URL(page.url()).pathname).toBe(path);
}

/**
 * The answer that serves a file to the viewer, not the app's check that it is still stored (its
 * first byte, asked with a Range header, before the viewer opens).
 */
export const isFileServedWhole = (response: Response, path: string) =>
  response.url().includes(path) && !response.request().headers().range;

/**
 * Clicks a file's preview button and checks what a person sees: the full-screen viewer's frame
 * loads the stored file, served inline as a PDF, and no download starts. Closes the viewer again
 * and answers the file's URL.
 */
export async function expectInlinePdfPreview(page: Page, fileName: string, previewButton: Locator) {
  let downloaded = false;
  const onDownload = () => (downloaded = true);
  page.on('download', onDownload);
  try {
    const served = page.waitForResponse((r) => isFileServedWhole(r, '/api/storage/downloadFile'));
    await previewButton.click();
    const viewer = page.getByRole('dialog', { name: fileName });
    const iframe = viewer.locator(`iframe[title="Podgląd: ${fileName}"]`);
    await iframe.waitFor();
    const response = await served;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('application/pdf');
    expect(response.headers()['content-disposition']).toMatch(/^inline/);
    // The headless shell of @sparticuz/chromium has no PDF viewer: it saves what Debian's shows.
    if (await page.evaluate(() => navigator.pdfViewerEnabled)) {
      const frame = await (await iframe.elementHandle())!.contentFrame();
      expect(frame?.url()).toBe(response.url());
      expect(downloaded).toBe(false);
    } else {
      expect(new URL((await iframe.getAttribute('src'))!, page.url()).href).toBe(response.url());
    }
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'hidden' });
    return response.url();
  } finally {
    page.off('download', onDownload);
  }
}
