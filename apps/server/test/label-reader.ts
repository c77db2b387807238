import jsQR from 'jsqr';
import { LABEL_SHEET, labelPosition } from '../src/modules/labels/labels.pdf.js';
import type { GrayPage } from './pdf-reader.js';

/**
 * Reads the QR code of label `index` (0-based, row by row, going on across sheets) from its page
 * rendered at `dpi` (pdf-reader.ts), as a phone would read the printed label; null when the place
 * is blank. The server's label tests and the end-to-end journeys read the sheet with it.
 */
export function decodeLabel(page: GrayPage, index: number, dpi: number): string | null {
  const px = dpi / 25.4;
  const { xMm, yMm } = labelPosition(index);
  const x0 = Math.round(xMm * px);
  const y0 = Math.round(yMm * px);
  const w = Math.min(Math.round(LABEL_SHEET.widthMm * px), page.width - x0);
  const h = Math.min(Math.round(LABEL_SHEET.heightMm * px), page.height - y0);
  const rgba = new Uint8ClampedArray(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = page.pixels[(y0 + y) * page.width + x0 + x];
      rgba.set([v, v, v, 255], (y * w + x) * 4);
    }
  }
  return jsQR(rgba, w, h)?.data ?? null;
}
