import fs from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { pdfText as readPdfText } from '../../apps/server/test/pdf-reader';

/**
 * The text of a PDF: the page laid out, then again in reading order (where a narrow table cell
 * wraps onto several lines). Poppler where installed, else MuPDF from npm (see pdf-reader.ts).
 */
export function pdfText(pdf: Buffer): string {
  return `${readPdfText(pdf, 'layout')}\n${readPdfText(pdf, 'reading').replace(/\s+/g, ' ')}`;
}

/** The PDF attachments of an .eml the outbox wrote (multipart, base64 parts). */
export function pdfAttachments(emlFile: string): { filename: string; bytes: Buffer }[] {
  const raw = fs.readFileSync(emlFile, 'utf8').replace(/\r\n/g, '\n');
  const found: { filename: string; bytes: Buffer }[] = [];
  for (const part of raw.split(/\n--[^\n]+\n/)) {
    const split = part.indexOf('\n\n');
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\n[ \t]+/g, ' ');
    if (!/^Content-Type:\s*application\/pdf/im.test(head)) continue;
    // nodemailer splits a non-ASCII name into RFC 2231 pieces (filename*0*=utf-8''…; filename*1*=…).
    const pieces = [...head.matchAll(/filename\*?\d*\*?=(?:utf-8'')?"?([^";\n]+)"?/gi)].map((m) => m[1]);
    const name = pieces.join('');
    const body = part.slice(split + 2).replace(/--[^\n]*--\s*$/, '');
    found.push({
      filename: safeDecode(name),
      bytes: Buffer.from(body.replace(/\s+/g, ''), 'base64'),
    });
  }
  return found;
}

/** A stroke across the canvas drawn with the mouse (pointer events, as signature_pad reads them). */
export async function drawWithMouse(page: Page, canvas: Locator, { left = 20 }: { left?: number } = {}) {
  const box = (await canvas.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + left, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + left + i * 18, y + Math.sin(i) * 30, { steps: 2 });
  }
  await page.mouse.up();
}

/** A stroke drawn with a finger: real touch input through the DevTools protocol. */
export async function drawWithFinger(context: BrowserContext, page: Page, canvas: Locator) {
  const box = (await canvas.boundingBox())!;
  const session = await context.newCDPSession(page);
  const at = (i: number) => [{ x: box.x + 30 + i * 16, y: box.y + box.height / 2 + Math.cos(i) * 35 }];
  await session.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let i = 1; i <= 14; i++) {
    await session.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(i) });
  }
  await session.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await session.detach();
}

/** A MIME encoded-word header (`=?UTF-8?Q?…?=` or `?B?`) as text. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
