import {
  PAYMENT_TYPES,
  PROTOCOL_PDF_LABELS as L,
  SERVICE_TYPES,
  checklistAnswerLabel,
  type CompanyData,
  type ProtocolChecklist,
  type ProtocolData,
  type ProtocolHeader,
} from '@serwis/domain';
import { a4Document, renderPdf, type Content } from '../../lib/pdf/pdf.js';

export interface ProtocolPdfInput {
  header: ProtocolHeader;
  data: ProtocolData;
  company: CompanyData;
  logo?: string;
  /** pdf/installation-protocol/title and /table-header from the configuration. */
  installation: { title: string; tableHeader: string };
  /** 'signed': the signatures as images; 'print': empty boxes to sign on paper ("Drukuj do skanu"). */
  mode: 'signed' | 'print';
}

const label = (list: readonly { name: string; label: string }[], name: string) =>
  list.find((i) => i.name === name)?.label ?? name;
const orDash = (text: string | number | null | undefined) =>
  text === null || text === undefined || text === '' ? '—' : String(text);
/** The distance as Polish documents write it (a decimal comma); a dash without a unit when not given. */
const distance = (km: number | null | undefined) => (km === null || km === undefined ? '—' : L.distance(km));

/*
 * The checklist's columns: number, operation, measurements, answer, remark. pdfmake leaves out,
 * without a word, a row it may not break that is taller than a page (a 1,000-character remark in a
 * narrow column did it), so rows are kept whole only while every row of the table surely fits on a
 * page; otherwise that table's rows may break at a page's end.
 */
const CHECKLIST_WIDTHS: (number | '*')[] = [18, '*', 110, 62, 90];
const PAGE_WIDTH = 595.28 - 80;
const PAGE_BODY_HEIGHT = 841.89 - 40 - 50;
/** Wider than Roboto's average letter at 9 pt and taller than its line, so the estimate errs high. */
const CHAR_WIDTH = 5.4;
const LINE_HEIGHT = 12.5;
/** Cell padding of the lightHorizontalLines layout, taken twice over. */
const CELL_PADDING = 16;

function columnWidths(): number[] {
  const fixed = CHECKLIST_WIDTHS.filter((w): w is number => typeof w === 'number');
  const star = (PAGE_WIDTH - fixed.reduce((a, b) => a + b, 0)) / (CHECKLIST_WIDTHS.length - fixed.length);
  return CHECKLIST_WIDTHS.map((w) => (typeof w === 'number' ? w : star));
}

/** An upper estimate of a text's height in a column of this width. */
function textHeight(text: string, width: number): number {
  const perLine = Math.max(1, Math.floor((width - CELL_PADDING) / CHAR_WIDTH));
  const lines = text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);
  return lines * LINE_HEIGHT + CELL_PADDING;
}

/** Whether every row would surely fit on an empty page (then no row need ever break). */
export function rowsFitOnAPage(rows: string[][]): boolean {
  const widths = columnWidths();
  // The repeated header row and the table's title take their share of the page.
  const room = (PAGE_BODY_HEIGHT - 3 * LINE_HEIGHT) / 2;
  return rows.every((cells) => cells.every((text, i) => textHeight(text, widths[i]!) <= room));
}

function headerTable(h: ProtocolHeader): Content {
  const row = (name: string, value: string): Content[] => [{ text: name, bold: true }, value];
  return {
    table: {
      widths: [110, '*'],
      body: [
        row(L.number, h.fullNumber),
        row(L.date, h.date),
        row(
          L.customer,
          [h.customer.fullName || h.customer.shortName, h.customer.address].filter(Boolean).join('\n'),
        ),
        row(L.machines, h.machines.map((m) => L.machine(m.name, orDash(m.serialNumber))).join('\n')),
        row(L.serviceTypes, h.types.map((t) => label(SERVICE_TYPES, t)).join(', ')),
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
  const blank = mode === 'print' ? '……' : '—';
  const measurements = (fields: ProtocolChecklist['items'][number]['fields']) =>
    fields.map((f) => `${f.name}: ${f.value || blank}${f.unit ? ` ${f.unit}` : ''}`).join('\n');
  const head = [
    { text: L.ordinal, style: 'th' },
    { text: list.kind === 'INSTALLATION' ? tableHeader : L.serviceOperation, style: 'th' },
    { text: L.measurements, style: 'th' },
    { text: L.answer, style: 'th' },
    { text: L.remark, style: 'th' },
  ];
  const body = list.items.map((item, i) => [
    String(i + 1),
    item.name,
    measurements(item.fields),
    checklistAnswerLabel(item.answer) || L.answerChoices,
    item.remark,
  ]);
  return [
    { text: title, style: 'section' },
    list.items.length
      ? {
          table: {
            headerRows: 1,
            widths: CHECKLIST_WIDTHS,
            body: [head, ...body],
            dontBreakRows: rowsFitOnAPage(body),
          },
          layout: 'lightHorizontalLines',
        }
      : { text: L.noOperations, italics: true },
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
  const { header, data } = input;
  const title = protocolTitle(header, input.installation.title);
  const materials: Content = data.materials.length
    ? {
        table: {
          headerRows: 1,
          widths: [18, '*', 60, 60],
          body: [
            [
              { text: L.ordinal, style: 'th' },
              { text: L.materialName, style: 'th' },
              { text: L.quantity, style: 'th' },
              { text: L.unit, style: 'th' },
            ],
            ...data.materials.map((m, i) => [String(i + 1), m.name, m.quantity, m.unit]),
          ],
        },
        layout: 'lightHorizontalLines',
      }
    : { text: '—' };
  const content: Content[] = [
    { text: `${title} nr ${header.fullNumber}`, style: 'title' },
    headerTable(header),
    ...data.checklists.flatMap((list) => checklistTable(list, input.installation.tableHeader, input.mode)),
    { text: L.workDone, style: 'section' },
    { text: orDash(data.workDone) },
    { text: L.materials, style: 'section' },
    materials,
    { text: L.timeAndTravel, style: 'section' },
    {
      columns: [
        { text: L.arrival(orDash(data.arrivalTime)) },
        { text: L.start(orDash(data.startTime)) },
        { text: L.end(orDash(data.endTime)) },
        { text: L.kilometers(distance(data.kilometers)) },
        { text: L.nights(orDash(data.nights)) },
      ],
    },
    { text: L.recommendations, style: 'section' },
    { text: orDash(data.recommendations) },
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
    title: `${title} ${header.fullNumber}`,
    content,
  });
}

export function renderProtocolPdf(input: ProtocolPdfInput): Promise<Buffer> {
  return renderPdf(protocolDocument(input));
}
