import { describe, expect, it } from 'vitest';
import type { ProtocolChecklist, ProtocolData, ProtocolHeader } from '@serwis/domain';
import { pdfText as readPdfText } from '../../../test/pdf-reader.js';
import { PNG } from './protocols.fixtures.js';
import { pageSizedRows, renderProtocolPdf, type ProtocolPdfInput } from './protocols.pdf.js';

const header: ProtocolHeader = {
  serviceId: 1,
  fullNumber: '7/12/2026',
  date: '2026-12-03',
  state: 'PODPISANY',
  types: ['PRZEGLAD_OKRESOWY'],
  paymentType: 'PLATNY',
  faultDescription: '',
  period: 12,
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
    expect(
      pageSizedRows(list.items.map((i) => [i.name, '', '', '', i.remark])).continued.size,
    ).toBeGreaterThan(0);
    const text = plain(await renderProtocolPdf(input(list)));
    expect(text).toContain('Operacja z długą uwagą');
    expect(text).toContain('Początek uwagi');
    expect(text).toContain('koniec uwagi');
    expect(text).toContain('Operacja z pomiarami');
    expect(text).toContain('Pomiar 30');
    for (let i = 1; i <= 6; i++) expect(text).toContain(`Operacja ${i} `);
    expect(text).toContain('Operacja 14');
  });

  it('keeps ordinary rows as they are, and writes a taller one as the row and its continuations', () => {
    const rows = [['1', 'Sprawdzenie ciśnienia', 'Ciśnienie: 2,5 bar', 'Poprawne', words(40, 'uwaga')]];
    expect(pageSizedRows(rows)).toEqual({ rows, continued: new Set() });

    const remark = `${words(120, 'uwaga')} ${'x'.repeat(40)} koniec`;
    const tall = pageSizedRows([['1', 'Kontrola osłon', 'Czas: 5 ms', 'Poprawne', remark], ...rows]);
    const parts = tall.rows.length - 1;
    expect(parts).toBeGreaterThan(1);
    expect(tall.continued).toEqual(new Set(Array.from({ length: parts - 1 }, (_, i) => i + 1)));
    // The short cells stay whole in the row itself; the continuations hold the rest of the remark.
    expect(tall.rows[0].slice(0, 4)).toEqual(['1', 'Kontrola osłon', 'Czas: 5 ms', 'Poprawne']);
    for (const continuation of tall.rows.slice(1, parts))
      expect(continuation.slice(0, 4)).toEqual(['', '', '', '']);
    const letters = (text: string) => text.replace(/\s/g, '');
    expect(
      letters(
        tall.rows
          .slice(0, parts)
          .map((r) => r[4])
          .join(''),
      ),
    ).toBe(letters(remark));
    expect(tall.rows[parts - 1][4]).toMatch(/koniec$/);
    expect(tall.rows[parts]).toEqual(rows[0]);
  });

  it("never parts a reading's name from its value between a row and its continuation", () => {
    // Readings of one to three lines each in the narrow column, 40 of them: the row takes parts.
    const readings = Array.from(
      { length: 40 },
      (_, i) => `${'Ciśnienie punkt kontrolny '.slice(0, 10 + ((i * 7) % 17))}${i + 1}: 30,00 bar`,
    );
    const tall = pageSizedRows([['1', 'Kontrola ciśnień', readings.join('\n'), 'Poprawne', '']]);
    expect(tall.rows.length).toBeGreaterThan(1);
    const parted = tall.rows.map((row) => row[2]!.split('\n').map((line) => line.replace(/\s+/g, ' ')));
    // Each part holds whole readings, in order, and all of them.
    expect(parted.flat()).toEqual(readings);
  });

  it('keeps every row whole on its page, a long remark elsewhere in the list notwithstanding', async () => {
    const measured = (n: number) =>
      Array.from({ length: 3 }, (_, k) => ({ name: `Pomiar ${n}.${k + 1}`, unit: 'ms', value: String(k) }));
    const list = checklist([
      { name: 'Operacja z długą uwagą', remark: words(160, 'uwaga') },
      ...Array.from({ length: 45 }, (_, i) => ({ name: `Operacja ${i + 2}`, fields: measured(i + 2) })),
    ]);
    const pages = readPdfText(await renderProtocolPdf(input(list)), 'reading')
      .split('\f')
      .map((page) => page.replace(/\s+/g, ' '));
    expect(pages.length).toBeGreaterThan(2);
    for (let n = 2; n <= 46; n++) {
      const page = pages.findIndex((text) => text.includes(`Operacja ${n} `));
      expect(page, `Operacja ${n}`).toBeGreaterThanOrEqual(0);
      for (let k = 1; k <= 3; k++)
        expect(pages[page], `Pomiar ${n}.${k}`).toContain(`Pomiar ${n}.${k}: ${k - 1} ms`);
    }
  });

  it('leaves room to write by hand on the printout for the scan, and dots for a number not given yet', async () => {
    const list = checklist([{}]);
    const unsigned = { ...input(list, { workDone: '', recommendations: '' }), mode: 'print' as const };
    unsigned.header = { ...header, fullNumber: '(auto)' };
    const printed = plain(await renderProtocolPdf(unsigned));
    expect(printed).not.toContain('(auto)');
    expect(printed).toContain('Protokół serwisowy nr ……');
    expect(printed).toContain('Przyjazd: ……');
    expect(printed).toContain('Kilometry: ……');
    expect(printed).not.toMatch(/Wykonane prace —|Zalecenia dla klienta —|Materiały i części —/);
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

  it('breaks a long unbroken word in its column: nothing is cut at the edge, no column is lost', async () => {
    const word = (letter: string) => letter.repeat(300);
    const list = checklist([{ name: `Kontrola ${word('O')} koniec`, remark: `Uwaga ${word('U')} koniec` }]);
    const pdf = await renderProtocolPdf({
      ...input(list, {
        materials: [{ name: `Filtr ${word('M')} koniec`, quantity: '3', unit: 'szt.' }],
      }),
      header: {
        ...header,
        faultDescription: `Usterka ${word('F')} koniec`,
        customer: { ...header.customer, fullName: `Klient ${word('K')} koniec` },
      },
    });
    // pdftotext reads what lies on the page: a word running past its edge came out cut.
    const joined = readPdfText(pdf, 'reading').replace(/\s+/g, '');
    for (const letter of ['F', 'K', 'O', 'U', 'M']) expect(joined).toContain(`${word(letter)}koniec`);
    // The quantity and unit beside the name (a long name had pushed their columns off the page).
    expect(joined).toContain(`1Filtr${word('M')}koniec3szt.`);
    expect(plain(pdf)).toContain('Lp. Nazwa Ilość J.m.');
  });

  it("never ends a page with a heading, nor with a table's header row", async () => {
    const headings = [
      'Sprężarka (nr seryjny: SN-1)',
      'Wykonane prace',
      'Materiały i części',
      'Czas pracy i dojazd',
      'Zalecenia dla klienta',
    ];
    const list = checklist([{}, {}]);
    // Lengths of "Wykonane prace" that bring each heading, then the materials' header row, to the
    // foot of the first page (22, 26 and 30 lines did; a tester found it with 39, 42 and 47).
    for (let lines = 20; lines <= 32; lines++) {
      const pdf = await renderProtocolPdf(
        input(list, {
          workDone: Array.from({ length: lines }, (_, i) => `Linia ${i + 1}`).join('\n'),
          materials: [
            { name: 'Uszczelka', quantity: '2', unit: 'szt.' },
            { name: 'Olej', quantity: '5', unit: 'l' },
          ],
          recommendations: 'Wymienić filtr.\nSprawdzić za miesiąc.',
        }),
      );
      const pages = readPdfText(pdf)
        .split('\f')
        .filter((page) => page.trim());
      for (const [n, page] of pages.entries()) {
        const texts = page
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line && !/Strona \d+ z \d+$/.test(line));
        const last = texts.at(-1)!.replace(/\s+/g, ' ');
        expect(headings, `${lines} lines, page ${n + 1} ends with "${last}"`).not.toContain(last);
        expect(last, `${lines} lines, page ${n + 1}`).not.toMatch(/^Lp\. /);
      }
    }
  }, 60_000);

  it('names the protocol and its number beside the page number on every page', async () => {
    const list = checklist(Array.from({ length: 40 }, () => ({})));
    const pages = readPdfText(await renderProtocolPdf(input(list)))
      .split('\f')
      .filter((page) => page.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const [n, page] of pages.entries())
      expect(page.replace(/\s+/g, ' ')).toContain(
        `Protokół serwisowy nr 7/12/2026 · Strona ${n + 1} z ${pages.length}`,
      );
  });

  it("prints a periodic inspection's period under the service types, and none for another event", async () => {
    const list = checklist([{}]);
    expect(plain(await renderProtocolPdf(input(list)))).toContain(
      'Rodzaj serwisu Przegląd okresowy Okres przeglądu 12 mies. od przekazania',
    );
    const noPeriod = { ...input(list), header: { ...header, period: -1 } };
    expect(plain(await renderProtocolPdf(noPeriod))).toContain('Okres przeglądu —');
    const repair = { ...input(list), header: { ...header, types: ['NAPRAWA'], period: -1 } };
    const text = plain(await renderProtocolPdf(repair));
    expect(text).toContain('Rodzaj serwisu Naprawa');
    expect(text).not.toContain('Okres przeglądu');
  });
});
