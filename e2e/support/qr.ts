import { LABEL_SHEET } from '../../apps/server/src/modules/labels/labels.pdf';
import { decodeLabel } from '../../apps/server/test/label-reader';
import { pdfPagesGray } from '../../apps/server/test/pdf-reader';

/*
 * Reads the QR labels of a label sheet PDF the way a phone would read the printed sheet: each page
 * rendered to pixels (test/pdf-reader.ts of the server), each label of the 3 × 8 grid decoded
 * (test/label-reader.ts of the server, where the labels sit as the PDF places them).
 */

const DPI = 150;

/** A label read: its place (1-based, row by row, the second sheet going on from 25) and its text. */
export interface DecodedLabel {
  place: number;
  code: string;
}

/** The QR texts of every label on every page, in label order; empty labels are left out. */
export function decodeLabelSheet(pdf: Buffer): DecodedLabel[] {
  const found: DecodedLabel[] = [];
  for (const [pageIndex, page] of pdfPagesGray(pdf, DPI).entries()) {
    for (let i = 0; i < LABEL_SHEET.perPage; i++) {
      const code = decodeLabel(page, i, DPI);
      if (code) found.push({ place: pageIndex * LABEL_SHEET.perPage + i + 1, code });
    }
  }
  return found;
}
