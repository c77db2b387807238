import jsQR from 'jsqr';
import { pdfPagesGray } from '../../apps/server/test/pdf-reader';

/*
 * Reads the QR labels of a label sheet PDF the way a phone would read the printed sheet: each page
 * rendered to pixels (test/pdf-reader.ts of the server), each 70 × 37 mm label of the 3 × 8 grid decoded.
 */

const DPI = 150;
const LABEL = { columns: 3, rows: 8, widthMm: 70, heightMm: 37, topMm: 0.5 };

/** A label read: its place (1-based, row by row, the second sheet going on from 25) and its text. */
export interface DecodedLabel {
  place: number;
  code: string;
}

/** The QR texts of every label on every page, in label order; empty labels are left out. */
export function decodeLabelSheet(pdf: Buffer): DecodedLabel[] {
  const pages = pdfPagesGray(pdf, DPI);
  const px = DPI / 25.4;
  const found: DecodedLabel[] = [];
  for (const [pageIndex, page] of pages.entries()) {
    for (let i = 0; i < LABEL.columns * LABEL.rows; i++) {
      const x0 = Math.round((i % LABEL.columns) * LABEL.widthMm * px);
      const y0 = Math.round((LABEL.topMm + Math.floor(i / LABEL.columns) * LABEL.heightMm) * px);
      const w = Math.min(Math.round(LABEL.widthMm * px), page.width - x0);
      const h = Math.min(Math.round(LABEL.heightMm * px), page.height - y0);
      const rgba = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const v = page.pixels[(y0 + y) * page.width + x0 + x];
          rgba.set([v, v, v, 255], (y * w + x) * 4);
        }
      }
      const code = jsQR(rgba, w, h);
      if (code) found.push({ place: pageIndex * LABEL.columns * LABEL.rows + i + 1, code: code.data });
    }
  }
  return found;
}
