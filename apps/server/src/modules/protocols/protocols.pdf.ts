import {
  AUTO_NUMBER_LABEL,
  PAYMENT_TYPES,
  PROTOCOL_PDF_LABELS as L,
  SERVICE_TYPES,
  checklistAnswerLabel,
  inspectionPeriodText,
  withoutBlankMaterials,
  type CompanyData,
  type ProtocolChecklist,
  type ProtocolData,
  type ProtocolHeader,
} from '@serwis/domain';
import type { CustomTableLayout, TableCell } from 'pdfmake/interfaces';
import { a4Document, renderPdf, sectionHeading, type Content } from '../../lib/pdf/pdf.js';

export interface ProtocolPdfInput {
  header: ProtocolHeader;
  data: ProtocolData;
  company: CompanyData;
  logo?: string;
  /** pdf/installation-protocol/title and /table-header from the configuration. */
  installation: { title: string; tableHeader: string };
  /** 'signed': the signatures as images; 'print': empty boxes to sign on paper ("Drukuj do skanu"). */
  mode: 'signed' | 'print';
  /** An administrator's correction after the signing: its day, who made it, the signing's day. */
  correction?: { date: string; by: string; signedOn: string };
}

const label = (list: readonly { name: string; label: string }[], name: string) =>
  list.find((i) => i.name === name)?.label ?? name;
/** Printed for the scan, what is not known yet leaves dots to write on; signed, a dash. */
const unknown = (mode: ProtocolPdfInput['mode']) => (mode === 'print' ? '……' : '—');
const orUnknown = (text: string | number | null | undefined, mode: ProtocolPdfInput['mode']) =>
  text === null || text === undefined || text === '' ? unknown(mode) : String(text);
/** The header's facts are known whatever the mode: a dash when empty. */
const orDash = (text: string | null | undefined) => orUnknown(text, 'signed');
/** The distance as Polish documents write it (a decimal comma); without a unit when not given. */
const distance = (km: number | null | undefined, mode: ProtocolPdfInput['mode']) =>
  km === null || km === undefined ? unknown(mode) : L.distance(km);

/*
 * The checklist's columns: number, operation, measurements, answer, remark. A row is kept whole on
 * one page (a number beside its operation, a reading beside its unit). pdfmake leaves out, without
 * a word, a row it may not break that is taller than a page (a 1,000-character remark in a narrow
 * column did it), so a row too tall for a page is written as the row and its continuations, each
 * of which fits; a page may end only between them, and no line is drawn between a row and its
 * continuation.
 */
const CHECKLIST_WIDTHS: (number | '*')[] = [18, '*', 110, 62, 90];
const PAGE_WIDTH = 595.28 - 80;
const PAGE_BODY_HEIGHT = 841.89 - 40 - 50;
/** Wider than Roboto's average letter at 9 pt and taller than its line, so the estimate errs high. */
const CHAR_WIDTH = 5.4;
const LINE_HEIGHT = 12.5;
/** Cell padding of the lightHorizontalLines layout, taken twice over. */
const CELL_PADDING = 16;
/** The most a row (or a continuation) may take: half a page, the header row and title aside. */
const ROW_ROOM = (PAGE_BODY_HEIGHT - 3 * LINE_HEIGHT) / 2;
const ROW_LINES = Math.floor((ROW_ROOM - CELL_PADDING) / LINE_HEIGHT);

/**
 * A table's widths with its '*' columns as numbers: the page's width less the fixed columns and the
 * padding between columns (`gap`). pdfmake widens a '*' column to its longest word, so one long
 * unbroken word (a part number, a link) pushed the columns after it off the page (a material's
 * quantity and unit were gone) and cut every line; a column of a given width breaks the word.
 */
function tableWidths(widths: (number | '*')[], gap: number): number[] {
  const fixed = widths.filter((w): w is number => typeof w === 'number');
  const stars = widths.length - fixed.length;
  const star = (PAGE_WIDTH - fixed.reduce((a, b) => a + b, 0) - gap * (widths.length - 1)) / stars;
  return widths.map((w) => (typeof w === 'number' ? w : Math.floor(star)));
}
/** Between two columns: pdfmake's lightHorizontalLines pads each side by 4, the checklist by 8. */
const LIGHT_GAP = 8;
const CHECKLIST_GAP = 16;

/** One line of a cell as the estimate wraps it, and what joins it to the line before. */
interface WrappedLine {
  text: string;
  joiner: '\n' | ' ' | '';
}

/** A text wrapped into a column this wide by the (wide) letter estimate: words whole, a longer word cut. */
function wrapLines(text: string, width: number): WrappedLine[] {
  const perLine = Math.max(1, Math.floor((width - CELL_PADDING) / CHAR_WIDTH));
  const lines: WrappedLine[] = [];
  for (const paragraph of text.split('\n')) {
    let current: WrappedLine = { text: '', joiner: '\n' };
    const start = (word: string, joiner: WrappedLine['joiner']) => {
      lines.push(current);
      current = { text: word, joiner };
    };
    for (const word of paragraph.split(' ')) {
      // A word that does not fit after the line's text starts a line; one longer than a line is cut.
      if (current.text && current.text.length + 1 + word.length > perLine) start('', ' ');
      let rest = word;
      while (rest.length > perLine) {
        current.text = rest.slice(0, perLine);
        rest = rest.slice(perLine);
        start('', '');
      }
      current.text += (current.text && rest ? ' ' : '') + rest;
    }
    lines.push(current);
  }
  return lines;
}

const joinLines = (lines: WrappedLine[]) => lines.map((l, i) => (i === 0 ? '' : l.joiner) + l.text).join('');

/** The measurements' column: one reading a paragraph ("Ciśnienie: 2,5 bar"). */
const MEASUREMENTS_COLUMN = 2;

/**
 * A cell's lines in the parts of a row too tall for a page, `ROW_LINES` each. With `wholeParagraphs`
 * a part ends between paragraphs (a reading's name stayed at one part's end, its value at the next
 * one's start); only a paragraph longer than a part is cut.
 */
function cellParts(lines: WrappedLine[], wholeParagraphs: boolean): WrappedLine[][] {
  const parts: WrappedLine[][] = [];
  if (!wholeParagraphs) {
    for (let i = 0; i < lines.length; i += ROW_LINES) parts.push(lines.slice(i, i + ROW_LINES));
    return parts;
  }
  const paragraphs: WrappedLine[][] = [];
  for (const line of lines) {
    if (line.joiner === '\n' || !paragraphs.length) paragraphs.push([line]);
    else paragraphs.at(-1)!.push(line);
  }
  let current: WrappedLine[] = [];
  for (const paragraph of paragraphs) {
    if (current.length + paragraph.length > ROW_LINES && current.length) {
      parts.push(current);
      current = [];
    }
    for (let i = 0; i < paragraph.length; i += ROW_LINES) {
      if (current.length === ROW_LINES) {
        parts.push(current);
        current = [];
      }
      current.push(...paragraph.slice(i, i + ROW_LINES));
    }
  }
  if (current.length) parts.push(current);
  return parts;
}

/**
 * The rows as they go on the pages: each row, or when it is taller than `ROW_ROOM`, the row and its
 * continuations (its cells' lines in turn); `continued` holds the indexes of the continuations.
 */
export function pageSizedRows(rows: string[][]): { rows: string[][]; continued: Set<number> } {
  // The estimate's widths: no gap between columns, each cell's padding is taken off (CELL_PADDING).
  const widths = tableWidths(CHECKLIST_WIDTHS, 0);
  const out: string[][] = [];
  const continued = new Set<number>();
  for (const cells of rows) {
    const cellsParts = cells.map((text, i) =>
      cellParts(wrapLines(text, widths[i]!), i === MEASUREMENTS_COLUMN),
    );
    const parts = Math.max(1, ...cellsParts.map((p) => p.length));
    if (parts === 1) {
      out.push(cells);
      continue;
    }
    for (let part = 0; part < parts; part++) {
      if (part > 0) continued.add(out.length);
      out.push(cellsParts.map((p) => joinLines(p[part] ?? [])));
    }
  }
  return { rows: out, continued };
}

/**
 * A table's heading as its first header row (the column names are the second): pdfmake keeps the
 * header rows with the table's first row (`keepWithHeaderRows`), so a heading never ends a page
 * alone, nor the column names, and a table continued on the next page is named there again. (A
 * heading before a table could not be kept with it: pdfmake tells where a table's rows were before
 * it moved them to the next page.)
 */
function headingRow(text: string, columns: number): TableCell[] {
  return [{ text, style: 'section', colSpan: columns }, ...Array.from({ length: columns - 1 }, () => ({}))];
}
/** The heading row and the column names. */
const HEADED = { headerRows: 2, keepWithHeaderRows: 1 } as const;

/**
 * pdfmake's lightHorizontalLines for a table under a heading row (no line above or below the
 * heading), each column `gap / 2` from the next, without the line between a row and its
 * continuation.
 */
function headedLayout(gap: number, continuedRows = new Set<number>()): CustomTableLayout {
  const { headerRows } = HEADED;
  return {
    hLineWidth: (i, node) =>
      i < headerRows || i === node.table.body.length || continuedRows.has(i - headerRows)
        ? 0
        : i === headerRows
          ? 2
          : 1,
    vLineWidth: () => 0,
    hLineColor: (i) => (i === headerRows ? 'black' : '#aaa'),
    paddingLeft: (i) => (i === 0 ? 0 : gap / 2),
    paddingRight: (i, node) => (i === (node.table.widths?.length ?? 0) - 1 ? 0 : gap / 2),
  };
}

/** The number, or (printed before the number is given) dots to write it on; never "(auto)". */
const numberOf = (h: ProtocolHeader) => (h.fullNumber === AUTO_NUMBER_LABEL ? '……………' : h.fullNumber);

/** Ruled lines to write on by hand, across the page. */
const writingLines = (count: number): Content => ({
  canvas: Array.from({ length: count }, (_, i) => ({
    type: 'line' as const,
    x1: 0,
    y1: 22 * (i + 1),
    x2: PAGE_WIDTH,
    y2: 22 * (i + 1),
    lineWidth: 0.5,
    lineColor: '#999999',
  })),
  margin: [0, 0, 0, 4],
});

/** A section's text; printed for the scan and still empty, lines to write it on. */
const sectionText = (text: string, mode: ProtocolPdfInput['mode']): Content =>
  text ? { text } : mode === 'print' ? writingLines(4) : { text: '—' };

function headerTable(h: ProtocolHeader): Content {
  const row = (name: string, value: string): Content[] => [{ text: name, bold: true }, value];
  const period = inspectionPeriodText(h);
  return {
    table: {
      widths: tableWidths([110, '*'], LIGHT_GAP),
      body: [
        row(L.number, numberOf(h)),
        row(L.date, h.date),
        row(
          L.customer,
          [h.customer.fullName || h.customer.shortName, h.customer.address].filter(Boolean).join('\n'),
        ),
        row(L.machines, h.machines.map((m) => L.machine(m.name, orDash(m.serialNumber))).join('\n')),
        row(L.serviceTypes, h.types.map((t) => label(SERVICE_TYPES, t)).join(', ')),
        // A periodic inspection's period under its types; nothing for another event.
        ...(period === null ? [] : [row(L.inspectionPeriod, period)]),
        row(L.payment, label(PAYMENT_TYPES, h.paymentType)),
        row(L.faultDescription, orDash(h.faultDescription)),
        row(L.technician, h.employee),
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

function checklistTable(
  list: ProtocolChecklist,
  tableHeader: string,
  mode: ProtocolPdfInput['mode'],
): Content[] {
  const title = L.checklistTitle(list.deviceName, list.serialNumber);
  // Printed for the scan, a measurement not yet taken leaves dots to write on; signed, a dash.
  const blank = unknown(mode);
  const measurements = (fields: ProtocolChecklist['items'][number]['fields']) =>
    fields.map((f) => `${f.name}: ${f.value || blank}${f.unit ? ` ${f.unit}` : ''}`).join('\n');
  const head = [
    { text: L.ordinal, style: 'th' },
    { text: list.kind === 'INSTALLATION' ? tableHeader : L.serviceOperation, style: 'th' },
    { text: L.measurements, style: 'th' },
    { text: L.answer, style: 'th' },
    { text: L.remark, style: 'th' },
  ];
  const body = pageSizedRows(
    list.items.map((item, i) => [
      String(i + 1),
      item.name,
      measurements(item.fields),
      checklistAnswerLabel(item.answer) || L.answerChoices,
      item.remark,
    ]),
  );
  if (!list.items.length) return [sectionHeading(title), { text: L.noOperations, italics: true }];
  return [
    {
      table: {
        ...HEADED,
        widths: tableWidths(CHECKLIST_WIDTHS, CHECKLIST_GAP),
        body: [headingRow(title, head.length), head, ...body.rows],
        dontBreakRows: true,
      },
      layout: headedLayout(CHECKLIST_GAP, body.continued),
    },
  ];
}

function signatureBox(
  caption: string,
  image: string,
  mode: ProtocolPdfInput['mode'],
  name?: string,
): Content {
  const drawn = mode === 'signed' && image;
  return {
    stack: [
      { text: caption, bold: true, margin: [0, 0, 0, 4] },
      drawn
        ? { image, fit: [220, 80], margin: [0, 0, 0, 2] }
        : { canvas: [{ type: 'rect', x: 0, y: 0, w: 220, h: 80, lineWidth: 0.7, lineColor: '#777777' }] },
      { text: name ? name : mode === 'print' ? L.signerNameBlank : ' ', style: 'small' },
    ],
  };
}

/** The protocol's title, as its PDF and the e-mail carrying it name it. */
export const protocolTitle = (header: Pick<ProtocolHeader, 'installation'>, installationTitle: string) =>
  header.installation ? installationTitle : 'Protokół serwisowy';

/** The document of a service or installation protocol (issue 8). */
export function protocolDocument(input: ProtocolPdfInput) {
  const { header } = input;
  const data = withoutBlankMaterials(input.data);
  const title = protocolTitle(header, input.installation.title);
  const { mode } = input;
  // Printed for the scan with none listed yet: four empty rows to write the parts in.
  const materialRows = data.materials.length
    ? data.materials.map((m, i) => [String(i + 1), m.name, m.quantity, m.unit])
    : mode === 'print'
      ? Array.from({ length: 4 }, (_, i) => [String(i + 1), ' ', ' ', ' '])
      : [];
  const materials: Content[] = materialRows.length
    ? [
        {
          table: {
            ...HEADED,
            widths: tableWidths([18, '*', 60, 60], LIGHT_GAP),
            heights: (row: number) => (row >= HEADED.headerRows && !data.materials.length ? 18 : 'auto'),
            body: [
              headingRow(L.materials, 4),
              [
                { text: L.ordinal, style: 'th' },
                { text: L.materialName, style: 'th' },
                { text: L.quantity, style: 'th' },
                { text: L.unit, style: 'th' },
              ],
              ...materialRows,
            ],
          },
          layout: headedLayout(LIGHT_GAP),
        },
      ]
    : [sectionHeading(L.materials), { text: '—' }];
  // The title line, and on every page's foot beside its number.
  const named = `${title} nr ${numberOf(header)}`;
  const content: Content[] = [
    { text: named, style: 'title' },
    ...(input.correction
      ? [
          {
            text: L.correction(input.correction.date, input.correction.by, input.correction.signedOn),
            bold: true,
            margin: [0, 0, 0, 6],
          } satisfies Content,
        ]
      : []),
    headerTable(header),
    ...data.checklists.flatMap((list) => checklistTable(list, input.installation.tableHeader, input.mode)),
    sectionHeading(L.workDone),
    sectionText(data.workDone, mode),
    ...materials,
    sectionHeading(L.timeAndTravel),
    {
      columns: [
        { text: L.arrival(orUnknown(data.arrivalTime, mode)) },
        { text: L.start(orUnknown(data.startTime, mode)) },
        { text: L.end(orUnknown(data.endTime, mode)) },
        { text: L.kilometers(distance(data.kilometers, mode)) },
        { text: L.nights(orUnknown(data.nights, mode)) },
      ],
    },
    sectionHeading(L.recommendations),
    sectionText(data.recommendations, mode),
    {
      columns: [
        signatureBox(L.technicianSignature, data.technicianSignature, input.mode, header.employee),
        signatureBox(L.customerSignature, data.customerSignature, input.mode, data.customerSignerName),
      ],
      margin: [0, 18, 0, 0],
      unbreakable: true,
    },
  ];
  return a4Document({
    company: input.company,
    logo: input.logo,
    // The viewer's title: the number, or before it is given what the printout is for.
    title: `${title} ${header.fullNumber === AUTO_NUMBER_LABEL ? 'do skanu' : header.fullNumber}`,
    footerLabel: named,
    content,
  });
}

export function renderProtocolPdf(input: ProtocolPdfInput): Promise<Buffer> {
  return renderPdf(protocolDocument(input));
}
