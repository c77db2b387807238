import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as mupdf from 'mupdf';

/*
 * Reads the PDFs the product generates, as a person would: their text, and their pages as grey
 * pixels (for the QR codes). Poppler's pdftotext/pdftoppm (Debian poppler-utils, installed by CI)
 * when present; otherwise MuPDF compiled to WebAssembly (npm package `mupdf`), so `npm ci && npm
 * test` needs nothing outside npm. PDF_READER=mupdf picks MuPDF even where poppler is installed.
 */

export interface GrayPage {
  width: number;
  height: number;
  /** One byte a pixel, row after row. */
  pixels: Uint8Array;
}

let popplerPresent: boolean | undefined;
function usePoppler(): boolean {
  if (process.env.PDF_READER === 'mupdf') return false;
  popplerPresent ??= ['pdftotext', 'pdftoppm'].every((tool) => {
    try {
      execFileSync(tool, ['-v'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  });
  return popplerPresent;
}

function withPdfFile<T>(pdf: Buffer, use: (file: string, dir: string) => T): T {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pdf-reader-'));
  const file = path.join(dir, 'document.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return use(file, dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function pages(pdf: Buffer): mupdf.PDFPage[] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i) as mupdf.PDFPage);
}

/**
 * The text of every page, pages separated by a form feed. `layout` keeps the page's columns on
 * one line (pdftotext -layout); `reading` gives the text in reading order.
 */
export function pdfText(pdf: Buffer, mode: 'layout' | 'reading' = 'layout'): string {
  if (usePoppler()) {
    return withPdfFile(pdf, (file) =>
      execFileSync('pdftotext', [...(mode === 'layout' ? ['-layout'] : []), file, '-'], {
        encoding: 'utf8',
      }),
    );
  }
  return pages(pdf)
    .map((page) => page.toStructuredText('preserve-whitespace').asText())
    .join('\f');
}

/** Every page rendered at `dpi` as 8-bit grey pixels. */
export function pdfPagesGray(pdf: Buffer, dpi: number): GrayPage[] {
  if (usePoppler()) {
    return withPdfFile(pdf, (file, dir) => {
      execFileSync('pdftoppm', ['-r', String(dpi), '-gray', file, path.join(dir, 'page')]);
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.pgm'))
        .sort()
        .map((f) => parsePgm(fs.readFileSync(path.join(dir, f))));
    });
  }
  return pages(pdf).map((page) => {
    const pixmap = page.toPixmap(
      mupdf.Matrix.scale(dpi / 72, dpi / 72),
      mupdf.ColorSpace.DeviceGray,
      false,
      true,
    );
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const source = pixmap.getPixels();
    const pixels = new Uint8Array(width * height);
    for (let y = 0; y < height; y++) pixels.set(source.subarray(y * stride, y * stride + width), y * width);
    return { width, height, pixels };
  });
}

function parsePgm(data: Buffer): GrayPage {
  // "P5\n<width> <height>\n255\n" then one byte a pixel.
  const match = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(data.subarray(0, 64).toString('latin1'))!;
  return { width: Number(match[1]), height: Number(match[2]), pixels: data.subarray(match[0].length) };
}
