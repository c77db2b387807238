import {
  PAYMENT_TYPES,
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

function headerTable(h: ProtocolHeader): Content {
  const row = (name: string, value: string): Content[] => [{ text: name, bold: true }, value];
  return {
    table: {
      widths: [110, '*'],
      body: [
        row('Numer protokołu', h.fullNumber),
        row('Data', h.date),
        row(
          'Klient',
          [h.customer.fullName || h.customer.shortName, h.customer.address].filter(Boolean).join('\n'),
        ),
        row('Maszyny', h.machines.map((m) => `${m.name} (nr seryjny: ${orDash(m.serialNumber)})`).join('\n')),
        row('Rodzaj serwisu', h.types.map((t) => label(SERVICE_TYPES, t)).join(', ')),
        row('Płatność', label(PAYMENT_TYPES, h.paymentType)),
        row('Opis usterki', orDash(h.faultDescription)),
        row('Serwisant', h.employee),
      ],
    },
    layout: 'lightHorizontalLines',
  };
}

function checklistTable(list: ProtocolChecklist, tableHeader: string): Content[] {
  const title = `${list.deviceName}${list.serialNumber ? ` (nr seryjny: ${list.serialNumber})` : ''}`;
  const measurements = (fields: ProtocolChecklist['items'][number]['fields']) =>
    fields.map((f) => `${f.name}: ${f.value || '……'}${f.unit ? ` ${f.unit}` : ''}`).join('\n');
  const head = [
    { text: 'Lp.', style: 'th' },
    { text: list.kind === 'INSTALLATION' ? tableHeader : 'Czynność serwisowa', style: 'th' },
    { text: 'Pomiary', style: 'th' },
    { text: 'Ocena', style: 'th' },
    { text: 'Uwagi', style: 'th' },
  ];
  const body = list.items.map((item, i) => [
    String(i + 1),
    item.name,
    measurements(item.fields),
    checklistAnswerLabel(item.answer) || 'Poprawne / Niepoprawne / Nie dotyczy',
    item.remark,
  ]);
  return [
    { text: title, style: 'section' },
    list.items.length
      ? {
          table: {
            headerRows: 1,
            widths: [18, '*', 110, 62, 90],
            body: [head, ...body],
            dontBreakRows: true,
          },
          layout: 'lightHorizontalLines',
        }
      : { text: 'Brak czynności na liście.', italics: true },
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
      { text: name ? name : mode === 'print' ? 'Imię i nazwisko: ………………………………' : ' ', style: 'small' },
    ],
  };
}

/** The document of a service or installation protocol (issue 8). */
export function protocolDocument(input: ProtocolPdfInput) {
  const { header, data } = input;
  const title = header.installation ? input.installation.title : 'Protokół serwisowy';
  const materials: Content = data.materials.length
    ? {
        table: {
          headerRows: 1,
          widths: [18, '*', 60, 60],
          body: [
            [
              { text: 'Lp.', style: 'th' },
              { text: 'Nazwa', style: 'th' },
              { text: 'Ilość', style: 'th' },
              { text: 'J.m.', style: 'th' },
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
    ...data.checklists.flatMap((list) => checklistTable(list, input.installation.tableHeader)),
    { text: 'Wykonane prace', style: 'section' },
    { text: orDash(data.workDone) },
    { text: 'Materiały i części', style: 'section' },
    materials,
    { text: 'Czas pracy i dojazd', style: 'section' },
    {
      columns: [
        { text: `Przyjazd: ${orDash(data.arrivalTime)}` },
        { text: `Rozpoczęcie: ${orDash(data.startTime)}` },
        { text: `Zakończenie: ${orDash(data.endTime)}` },
        { text: `Kilometry: ${orDash(data.kilometers)} km` },
        { text: `Noclegi: ${orDash(data.nights)}` },
      ],
    },
    { text: 'Zalecenia dla klienta', style: 'section' },
    { text: orDash(data.recommendations) },
    {
      columns: [
        signatureBox('Podpis serwisanta', data.technicianSignature, input.mode, header.employee),
        signatureBox('Podpis klienta', data.customerSignature, input.mode, data.customerSignerName),
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
