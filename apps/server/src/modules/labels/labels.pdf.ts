import { APP_NAME, LABEL_SHEET_LAYOUT, shortenText, cutText } from '@serwis/domain';
import { renderPdf, type Content, type TDocumentDefinitions } from '../../lib/pdf/pdf.js';
import type { CompanyData } from '@serwis/domain';

const MM = 72 / 25.4;

/**
 * The sheet: A4 with 3 × 8 labels of 70 × 37 mm edge to edge (the common 24-per-sheet layout,
 * e.g. Avery L7160-type "70 × 37"), 0.5 mm left over at the top.
 */
export const LABEL_SHEET = {
  columns: LABEL_SHEET_LAYOUT.columns,
  rows: LABEL_SHEET_LAYOUT.rows,
  widthMm: 70,
  heightMm: 37,
  topMm: 0.5,
  perPage: LABEL_SHEET_LAYOUT.perSheet,
} as const;

export interface LabelMachine {
  id: number;
  name: string;
  serialNumber: string;
  /** The card's address the QR code holds. */
  url: string;
}

/** Where label `index` (0-based, row by row) sits on its page, in millimetres from the top left. */
export function labelPosition(index: number) {
  const onPage = index % LABEL_SHEET.perPage;
  const column = onPage % LABEL_SHEET.columns;
  const row = Math.floor(onPage / LABEL_SHEET.columns);
  return {
    page: Math.floor(index / LABEL_SHEET.perPage),
    xMm: column * LABEL_SHEET.widthMm,
    yMm: LABEL_SHEET.topMm + row * LABEL_SHEET.heightMm,
  };
}

/** How many characters of the bold name a line of the label's text column holds, at the least. */
const NAME_LINE_CHARS = 16;
const NAME_LINES = 3;

/**
 * The name as it fits in its lines of the label, cut after its last whole word that fits with
 * "…" when it does not (a height limit cut it silently: a reader could not tell the name went on).
 * Lines are counted as the PDF wraps them, at spaces, with a width in characters that a line of
 * wide letters still holds.
 */
export function nameForLabel(name: string, perLine = NAME_LINE_CHARS, lines = NAME_LINES): string {
  const words = name.trim().split(/\s+/);
  const kept: string[] = [];
  let line = 0;
  let used = 0;
  for (const word of words) {
    const need = used === 0 ? word.length : used + 1 + word.length;
    if (need <= perLine) {
      kept.push(word);
      used = need;
      continue;
    }
    if (line + 1 < lines && word.length <= perLine) {
      kept.push(word);
      line += 1;
      used = word.length;
      continue;
    }
    // No room left: the words so far and "…", which must fit on the last line too.
    if (kept.length === 0) return `${cutText(word, perLine - 1)}…`;
    const over = used + 1 - perLine;
    if (over > 0) kept[kept.length - 1] = cutText(kept[kept.length - 1], kept[kept.length - 1].length - over);
    return `${kept.join(' ')}…`;
  }
  return kept.join(' ');
}

function label(machine: LabelMachine, company: CompanyData, index: number): Content[] {
  const { xMm, yMm } = labelPosition(index);
  const x = xMm * MM;
  const y = yMm * MM;
  const pad = 3 * MM;
  const qrSize = 31 * MM;
  const textX = x + pad + qrSize + 2 * MM;
  const textWidth = LABEL_SHEET.widthMm * MM - (textX - x) - pad;
  return [
    {
      qr: machine.url,
      fit: qrSize,
      eccLevel: 'M',
      margin: 0,
      absolutePosition: { x: x + pad, y: y + pad },
    } as Content,
    {
      absolutePosition: { x: textX, y: y + pad + 1 },
      // A fixed-width column: text placed absolutely would not wrap otherwise.
      columns: [
        {
          width: textWidth,
          stack: [
            { text: nameForLabel(machine.name), bold: true, fontSize: 8.5, lineHeight: 1.05 },
            {
              text: machine.serialNumber ? `Nr ser.: ${shortenText(machine.serialNumber, 30)}` : ' ',
              fontSize: 7.5,
              margin: [0, 2, 0, 0],
            },
            { text: `ID ${machine.id}`, fontSize: 7, color: '#555555', margin: [0, 1, 0, 0] },
            { text: shortenText(company.name, 60), fontSize: 7, italics: true, margin: [0, 4, 0, 0] },
          ],
        },
      ],
    } as Content,
  ];
}

/**
 * The PDF of the labels, in the given order, from place `firstLabel` (1-based, row by row) of the
 * first sheet on: the places before it are left blank, as on a sheet already partly used. An empty
 * list makes one empty sheet.
 */
export async function renderLabelSheet(
  machines: readonly LabelMachine[],
  company: CompanyData,
  firstLabel = 1,
): Promise<Buffer> {
  const content: Content[] = [];
  const skipped = firstLabel - 1;
  machines.forEach((machine, i) => {
    const index = skipped + i;
    if (i > 0 && index % LABEL_SHEET.perPage === 0) content.push({ text: '', pageBreak: 'before' });
    content.push(...label(machine, company, index));
  });
  if (!content.length) content.push({ text: '' });
  const doc: TDocumentDefinitions = {
    pageSize: 'A4',
    pageMargins: [0, 0, 0, 0],
    info: { title: 'Naklejki QR maszyn', creator: company.name, producer: APP_NAME },
    defaultStyle: { font: 'Roboto' },
    content,
  };
  return renderPdf(doc);
}
