import { describe, expect, it } from 'vitest';
import type { ProtocolChecklist, ProtocolData, ProtocolHeader } from '@serwis/domain';
import { pdfText as readPdfText } from '../../../test/pdf-reader.js';
import { PNG } from './protocols.fixtures.js';
import { renderProtocolPdf, rowsFitOnAPage, type ProtocolPdfInput } from './protocols.pdf.js';

const header: ProtocolHeader = {
  serviceId: 1,
  fullNumber: '7/12/2026',
  date: '2026-12-03',
  state: 'PODPISANY',
  types: ['PRZEGLAD_OKRESOWY'],
  paymentType: 'PLATNY',
  faultDescription: '',
  employee: 'Jan Kowalski',
  userCreatedId: 1,
  customer: { id: 1, shortName: 'Żuraw', fullName: 'Żuraw Sp. z o.o.', address: 'Łódź', email: '' },
  machines: [{ id: 1, name: 'Sprężarka', serialNumber: 'SN-1' }],
  installation: false,
};

const words = (n: number, word: string) => Array.from({ length: n }, () => word).join(' ');

function checklist(items: Partial<ProtocolChecklist['items'][number]>[]): ProtocolChecklist {
  return {
    deviceId: 1,
    deviceName: 'Sprężarka',
    serialNumber: 'SN-1',
    kind: 'SERVICE',
    items: items.map((item, i) => ({
      key: `1:${i}`,
      name: `Operacja ${i + 1}`,
      fields: [],
      answer: 'POPRAWNE',
      remark: '',
      ...item,
    })),
  };
}

function input(list: ProtocolChecklist, data: Partial<ProtocolData> = {}): ProtocolPdfInput {
  return {
    header,
    company: {
      name: 'Serwis',
      street: '',
      zipCode: '',
      city: '',
      nip: '',
      regon: '',
      phone: '',
      email: '',
      www: '',
    },
    installation: { title: 'Protokół montażu', tableHeader: 'Czynności' },
    mode: 'signed',
    data: {
      checklists: [list],
      workDone: 'Przegląd',
      materials: [],
      arrivalTime: '',
      startTime: '',
      endTime: '',
      kilometers: null,
      nights: null,
      recommendations: '',
      customerSignerName: 'Anna Nowak',
      technicianSignature: PNG,
      customerSignature: PNG,
      ...data,
    } as ProtocolData,
  };
}

/** Every line of the text without the layout's column spaces: a remark reads as one run of words. */
const plain = (pdf: Buffer) => readPdfText(pdf, 'reading').replace(/\s+/g, ' ');

describe('the protocol PDF', () => {
  it('keeps a row taller than a page: the longest remark and the most measurements the schema allows', async () => {
    // A list pasted into the remark: a line each, taller than a page in the narrow column.
    const remark = ['Początek uwagi', ...Array.from({ length: 90 }, (_, i) => `pkt ${i + 1}`), 'koniec uwagi']
      .join('\n')
      .slice(0, 1000);
    const fields = Array.from({ length: 30 }, (_, i) => ({
      name: `Pomiar ${i + 1} ${words(8, 'ciśnienia')}`,
      unit: 'bar',
      value: String(i),
    }));
    const list = checklist([
      ...Array.from({ length: 6 }, () => ({})),
      { name: 'Operacja z długą uwagą', answer: 'NIEPOPRAWNE' as const, remark },
      { name: 'Operacja z pomiarami', fields },
      ...Array.from({ length: 6 }, () => ({})),
    ]);
    expect(rowsFitOnAPage(list.items.map((i) => [i.name, '', '', '', i.remark]))).toBe(false);
    const text = plain(await renderProtocolPdf(input(list)));
    expect(text).toContain('Operacja z długą uwagą');
    expect(text).toContain('Początek uwagi');
    expect(text).toContain('koniec uwagi');
    expect(text).toContain('Operacja z pomiarami');
    expect(text).toContain('Pomiar 30');
    for (let i = 1; i <= 6; i++) expect(text).toContain(`Operacja ${i} `);
    expect(text).toContain('Operacja 14');
  });

  it('keeps ordinary rows whole on one page', () => {
    const rows = [['1', 'Sprawdzenie ciśnienia', 'Ciśnienie: 2,5 bar', 'Poprawne', words(40, 'uwaga')]];
    expect(rowsFitOnAPage(rows)).toBe(true);
  });

  it('writes a dash for what was not measured once signed, dots to fill in when printed for the scan', async () => {
    const list = checklist([{ fields: [{ name: 'Ciśnienie', unit: 'bar', value: '' }] }]);
    expect(plain(await renderProtocolPdf(input(list)))).toContain('Ciśnienie: — bar');
    const printed = plain(await renderProtocolPdf({ ...input(list), mode: 'print' }));
    expect(printed).toContain('Ciśnienie: …… bar');
  });

  it('writes the distance with a decimal comma, and a dash without a unit when none was given', async () => {
    const list = checklist([{}]);
    expect(plain(await renderProtocolPdf(input(list, { kilometers: 1234.5 })))).toContain(
      'Kilometry: 1234,5 km',
    );
    const none = plain(await renderProtocolPdf(input(list)));
    expect(none).toContain('Kilometry: —');
    expect(none).not.toContain('— km');
  });
});
