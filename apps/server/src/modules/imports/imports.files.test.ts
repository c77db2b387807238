import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportPreview } from '@serwis/domain';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { sendImport } from './imports.fixtures.js';
import { inReadingOrder } from './imports.xlsx.js';

// Files as staff bring them: typed by hand, kept in a workbook with notes and formats.
const ctx = useTestApp();

const admin = () => createUserAndLogin(ctx, { admin: true });

async function seed() {
  await ctx.database.db.insert(customers).values({ shortName: 'Metalex' });
  await ctx.database.db.insert(categories).values({ name: 'Lasery' });
}

const machines = () =>
  ctx.database.db.select().from(devices).where(eq(devices.type, 'INTERNAL')).orderBy(devices.id);

const workbookBytes = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

describe('import of a CSV typed by hand', () => {
  it('refuses a field that opens with a quote it does not close, naming its row, and writes nothing', async () => {
    const user = await admin();
    const text = [
      'Nazwa skrócona;Miejscowość;Nazwa pełna',
      'Alfa;Łódź;Alfa Sp. z o.o.',
      'Beta;Kraków;"Beta" Sp. z o.o.',
      'Gamma;Gdańsk;Gamma S.A.',
    ].join('\r\n');
    for (const url of ['/api/customer/import/preview', '/api/customer/import']) {
      const answer = await sendImport(ctx, user, url, text, undefined, 'kontrahenci.csv');
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ message: IMPORT_MSG.badQuotes(3), code: 'IMPORT_UNREADABLE' });
    }
    const unclosed = ['Nazwa skrócona;Miejscowość', 'Alfa;Łódź', '', 'Beta;"Kraków', 'Gamma;Gdańsk'];
    const answer = await sendImport(ctx, user, '/api/customer/import', unclosed.join('\n'));
    expect(answer.json().message).toBe(IMPORT_MSG.badQuotes(4));
    // Quotes written as Excel writes them are read as text.
    const quoted = ['Nazwa skrócona;Nazwa pełna', 'Beta;"""Beta"" Sp. z o.o."', 'Gamma;Gamma "G"'];
    expect((await sendImport(ctx, user, '/api/customer/import', quoted.join('\n'))).statusCode).toBe(200);
    expect(
      (await ctx.database.db.select().from(customers).orderBy(customers.id)).map((c) => c.fullName),
    ).toEqual(['"Beta" Sp. z o.o.', 'Gamma "G"']);
  });

  it('finds the header under empty lines and a title, and numbers the rows as a spreadsheet does', async () => {
    await seed();
    const user = await admin();
    const text = [
      '',
      'Rejestr maszyn – stan na 2024-03-01;;;',
      'Nazwa;Kontrahent;Kategoria;S/N',
      'Laser;Metalex;Lasery;T-1',
      'Prasa;Metalex;;T-2',
    ].join('\r\n');
    const preview = await sendImport(ctx, user, '/api/device/import/preview', text);
    expect(preview.statusCode).toBe(200);
    expect(preview.json<ImportPreview>()).toMatchObject({
      headers: ['Nazwa', 'Kontrahent', 'Kategoria', 'S/N'],
      rowNumbers: [4, 5],
      problems: [{ row: 5, column: 'Kategoria' }],
    });
    const fixed = text.replace('Metalex;;T-2', 'Metalex;Lasery;T-2');
    expect((await sendImport(ctx, user, '/api/device/import', fixed)).json()).toMatchObject({ added: 2 });
    expect((await machines()).map((m) => m.serialNumber)).toEqual(['T-1', 'T-2']);
  });

  it('matches names with a no-break space or doubled spaces to the register’s, creating no look-alike', async () => {
    const user = await admin();
    await ctx.database.db.insert(customers).values({ shortName: 'ZPH Jankowski' });
    await ctx.database.db.insert(categories).values({ name: 'Lasery  CO2' });
    const text = [
      'Nazwa;Kontrahent;Kategoria',
      'Laser;ZPH\u00a0Jankowski;Lasery CO2',
      'Prasa;zph  jankowski;LASERY\u00a0CO2',
      'Giętarka;Nowa\u00a0 Firma;Giętarki',
      'Wiertarka;Nowa Firma;Giętarki',
    ].join('\n');
    const answer = await sendImport(ctx, user, '/api/device/import', text, { createMissing: true });
    expect(answer.json()).toMatchObject({ added: 4, createdCustomers: 1, createdCategories: 1 });
    const names = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(names.map((c) => c.shortName)).toEqual(['ZPH Jankowski', 'Nowa Firma']);
    expect((await machines()).map((m) => [m.name, m.customerId, m.categoryId])).toEqual([
      ['Laser', names[0]!.id, expect.any(Number)],
      ['Prasa', names[0]!.id, (await machines())[0]!.categoryId],
      ['Giętarka', names[1]!.id, expect.any(Number)],
      ['Wiertarka', names[1]!.id, (await machines())[2]!.categoryId],
    ]);
    expect(await ctx.database.db.select().from(categories)).toHaveLength(2);
  });

  it('reads a line break typed in a cell (Alt+Enter) as a space, in a header too', async () => {
    const user = await admin();
    const csv = [
      'Nazwa skrócona;"Kod\npocztowy";Ulica',
      '"Metalex";00-001;"ul. Długa 5\r\n  lok. 3"',
      '"Stal\nbud";;',
    ].join('\r\n');
    expect((await sendImport(ctx, user, '/api/customer/import', csv)).json()).toMatchObject({ added: 2 });
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Kontrahenci');
    sheet.addRow(['Nazwa skrócona', 'Miejscowość']);
    sheet.addRow(['Metalex', 'Nowy\nSącz']);
    const xlsx = await workbookBytes(workbook);
    const answer = await sendImport(ctx, user, '/api/customer/import', xlsx, undefined, 'k.xlsx');
    expect(answer.json()).toMatchObject({ added: 0, updated: 1 });
    const rows = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(rows.map((c) => [c.shortName, c.zipCode, c.streetAddress, c.city])).toEqual([
      ['Metalex', '00-001', 'ul. Długa 5 lok. 3', 'Nowy Sącz'],
      ['Stal bud', '', '', ''],
    ]);
  });

  it('tells values right of the header, which no field can take, and imports the rest', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria',
      'Laser;Metalex;Lasery',
      'Prasa;Metalex;Lasery;;;P-7',
      'Giętarka;Metalex;Lasery;;G-1',
      'Wiertarka;Metalex;Lasery;  ;',
    ].join('\n');
    const preview = await sendImport(ctx, user, '/api/device/import/preview', text);
    expect(preview.json<ImportPreview>()).toMatchObject({
      headers: ['Nazwa', 'Kontrahent', 'Kategoria'],
      unheaded: { rows: 2, firstRow: 3, column: 'E' },
      problemCount: 0,
    });
    const plain = ['Nazwa;Kontrahent;Kategoria;', 'Laser;Metalex;Lasery;'].join('\n');
    const none = await sendImport(ctx, user, '/api/device/import/preview', plain);
    expect(none.json<ImportPreview>().unheaded).toBeNull();
    expect((await sendImport(ctx, user, '/api/device/import', text)).json()).toMatchObject({ added: 4 });
  });

  it('repeats at most 300 characters of a cell in the preview and the problems', async () => {
    await seed();
    const user = await admin();
    const huge = 'x'.repeat(200_000);
    const text = ['Nazwa;Kontrahent;Kategoria', `${huge};Metalex;Lasery`].join('\n');
    const preview = (await sendImport(ctx, user, '/api/device/import/preview', text)).json<ImportPreview>();
    expect(preview.rows[0]![0]).toBe(`${'x'.repeat(300)}…`);
    expect(preview.problems).toEqual([
      { row: 2, column: 'Nazwa', value: `${'x'.repeat(300)}…`, message: expect.any(String) },
    ]);
    const report = await sendImport(ctx, user, '/api/device/import?report=csv', text);
    expect(report.statusCode).toBe(422);
    expect(report.rawPayload.length).toBeLessThan(1_000);
  });

  it('tells a repeated serial number or short name also on a row whose other fields are wrong', async () => {
    await seed();
    const user = await admin();
    const text = ['Nazwa;Kontrahent;Kategoria;S/N', 'Laser;Metalex;Lasery;S-1', ';Metalex;Lasery;S-1'];
    const machinesAnswer = await sendImport(ctx, user, '/api/device/import/preview', text.join('\n'));
    expect(machinesAnswer.json<ImportPreview>().problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [3, 'S/N', IMPORT_MSG.duplicateSerial(2)],
      [3, 'Nazwa', expect.any(String)],
    ]);
    const customersText = ['Nazwa skrócona;Województwo', 'Stalbud;mazowieckie', 'STALBUD;Mazowsze'];
    const customersAnswer = await sendImport(ctx, user, '/api/customer/import', customersText.join('\n'));
    expect(customersAnswer.statusCode).toBe(422);
    expect(
      customersAnswer.json().problems.map((p: { row: number; column: string }) => [p.row, p.column]),
    ).toEqual([
      [3, 'Nazwa skrócona'],
      [3, 'Województwo'],
    ]);
  });

  it('tells an empty file so, and takes a column mapping as wide as a workbook', async () => {
    await seed();
    const user = await admin();
    const empty = await sendImport(ctx, user, '/api/device/import/preview', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: IMPORT_MSG.empty, code: 'IMPORT_EMPTY' });
    // A stray value far to the right makes 301 columns; the dialog sends a field for each.
    const header = ['Nazwa', 'Kontrahent', 'Kategoria', ...Array.from({ length: 297 }, () => ''), 'x'];
    const row = ['Laser', 'Metalex', 'Lasery', ...Array.from({ length: 298 }, () => '')];
    const text = [header.join(';'), row.join(';')].join('\n');
    const mapping = ['name', 'customer', 'category', ...Array.from({ length: 298 }, () => null)];
    const answer = await sendImport(ctx, user, '/api/device/import', text, { mapping });
    expect(answer.statusCode).toBe(200);
    expect(await machines()).toMatchObject([{ name: 'Laser' }]);
  });
});

describe('import of a workbook', () => {
  it('reads the first visible tab that has the columns, and names it', async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const old = workbook.addWorksheet('Stare', { state: 'hidden' });
    old.addRow(['Nazwa', 'Kontrahent', 'Kategoria']);
    old.addRow(['Stara prasa', 'Metalex', 'Lasery']);
    const notes = workbook.addWorksheet('Instrukcja');
    notes.addRow(['Wypełnij arkusz Dane']);
    notes.addRow(['Wymagane: Nazwa, Kontrahent, Kategoria']);
    const data = workbook.addWorksheet('Dane');
    data.addRow(['Nazwa', 'Kontrahent', 'Kategoria']);
    data.addRow(['Laser', 'Metalex', 'Lasery']);
    const bytes = await workbookBytes(workbook);
    const preview = await sendImport(ctx, user, '/api/device/import/preview', bytes, undefined, 'm.xlsx');
    expect(preview.json<ImportPreview>()).toMatchObject({
      sheetName: 'Dane',
      rows: [['Laser', 'Metalex', 'Lasery']],
    });
    expect((await sendImport(ctx, user, '/api/device/import', bytes, undefined, 'm.xlsx')).statusCode).toBe(
      200,
    );
    expect((await machines()).map((m) => m.name)).toEqual(['Laser']);

    // A workbook of one visible tab names none.
    const single = new ExcelJS.Workbook();
    single.addWorksheet('Dane').addRows([
      ['Nazwa', 'Kontrahent', 'Kategoria'],
      ['Laser 2', 'Metalex', 'Lasery'],
    ]);
    const one = await sendImport(
      ctx,
      user,
      '/api/device/import/preview',
      await workbookBytes(single),
      undefined,
      'm.xlsx',
    );
    expect(one.json<ImportPreview>().sheetName).toBeNull();
  });

  it('is read with the sheets’ list and strings before the sheets, and a last entry that is not the workbook’s', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Dane').addRow(['Nazwa']);
    workbook.addWorksheet('Inne').addRow(['Nazwa']);
    const written = await workbookBytes(workbook);
    // ExcelJS writes the sheets' list last, where the stream reader may lose it (exceljs#3064).
    expect(Object.keys((await JSZip.loadAsync(written)).files).at(-1)).toBe('xl/workbook.xml');
    const ordered = Object.keys((await JSZip.loadAsync(await inReadingOrder(written))).files);
    expect(ordered.slice(0, 6)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(ordered.at(-1)).toBe('serwis-end.txt');
    expect(ordered.filter((path) => !path.endsWith('/'))).toHaveLength(
      Object.keys((await JSZip.loadAsync(written)).files).filter((path) => !path.endsWith('/')).length + 1,
    );
  });

  it('reads Polish letters that fall on the boundary of two chunks, from shared strings and from the cells', async () => {
    const user = await admin();
    const names = Array.from(
      { length: 1_500 },
      (_, i) => `Zakład Źródło Żółć ${'ą'.repeat((i % 7) + 1)} ${i}`,
    );
    const workbook = new ExcelJS.Workbook();
    workbook
      .addWorksheet('Kontrahenci')
      .addRows([['Nazwa skrócona', 'Nazwa pełna'], ...names.map((name, i) => [`Klient ${i}`, name])]);
    const written = await workbookBytes(workbook);
    const zip = await JSZip.loadAsync(written);
    // The reader unzips a part in chunks of 16 kB: some letter of two bytes must be cut by them.
    const cutAt = (xml: Buffer, chunk: number) =>
      Array.from({ length: Math.floor(xml.length / chunk) }, (_, k) => xml[(k + 1) * chunk]!).some(
        (byte) => (byte & 0xc0) === 0x80,
      );
    const strings = await zip.file('xl/sharedStrings.xml')!.async('nodebuffer');
    expect(cutAt(strings, 16_384)).toBe(true);

    // The same cells written in the sheet itself (as some programs write them), with no shared
    // strings: the reader keeps such a sheet in a temporary file and reads it in chunks of 64 kB.
    const shared = [...strings.toString('utf8').matchAll(/<si><t>([^<]*)<\/t><\/si>/g)].map((m) => m[1]!);
    const sheetXml = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
    const inline = sheetXml.replace(
      /<c r="([A-Z]+\d+)"( s="\d+")? t="s"><v>(\d+)<\/v><\/c>/g,
      (_, ref: string, style = '', index: string) =>
        `<c r="${ref}"${style} t="inlineStr"><is><t>${shared[Number(index)]}</t></is></c>`,
    );
    expect(inline).not.toContain('t="s"');
    // Spaces between two rows move the last letter of two bytes before 64 kB onto the boundary.
    const bytes = Buffer.from(inline);
    const lead = bytes.subarray(0, 65_535).findLastIndex((byte) => (byte & 0xe0) === 0xc0);
    const gap = bytes.subarray(0, lead).lastIndexOf('</row>') + '</row>'.length;
    const cut = Buffer.concat([
      bytes.subarray(0, gap),
      Buffer.alloc(65_535 - lead, ' '),
      bytes.subarray(gap),
    ]);
    expect(cutAt(cut, 65_536)).toBe(true);
    zip.file('xl/worksheets/sheet1.xml', cut);
    zip.remove('xl/sharedStrings.xml');
    const inlineBytes = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });

    for (const [file, bytes] of [
      ['wspolne.xlsx', written],
      ['w-komorkach.xlsx', inlineBytes],
    ] as const) {
      await ctx.database.db.delete(customers);
      const done = await sendImport(ctx, user, '/api/customer/import', bytes, undefined, file);
      expect(done.statusCode, done.body.slice(0, 600)).toBe(200);
      const stored = await ctx.database.db.select().from(customers).orderBy(customers.id);
      expect(stored.map((c) => c.fullName)).toEqual(names);
    }
  });

  it('refuses a text longer than a cell of Excel can hold, and reads one as long as it can', async () => {
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    // The longest a cell takes, of a letter XML writes in five bytes ("&amp;").
    const longest = '&'.repeat(32_767);
    workbook.addWorksheet('Kontrahenci').addRows([
      ['Nazwa skrócona', 'Nazwa pełna'],
      ['Alfa', longest],
    ]);
    const written = await workbookBytes(workbook);
    const read = await sendImport(ctx, user, '/api/customer/import/preview', written, undefined, 'k.xlsx');
    expect(read.statusCode).toBe(200);

    // The same workbook with the cell's text made 40 times longer than Excel allows.
    const zip = await JSZip.loadAsync(written);
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    zip.file('xl/sharedStrings.xml', strings.replace('&amp;'.repeat(32_767), 'A'.repeat(40 * 32_767)));
    const crafted = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
    for (const url of ['/api/customer/import/preview', '/api/customer/import']) {
      const refused = await sendImport(ctx, user, url, crafted, undefined, 'k.xlsx');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ message: IMPORT_MSG.cellTooLong, code: 'IMPORT_CELL_TOO_LONG' });
    }
    expect(await ctx.database.db.select().from(customers)).toEqual([]);
  });

  it('reads numbers as their formats show them, and dates that formulas give', async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Maszyny');
    sheet.addRow(['Nazwa', 'Kontrahent', 'Kategoria', 'S/N', 'Moc', 'Data', 'Kod pocztowy']);
    sheet.addRow([
      'Laser',
      'Metalex',
      'Lasery',
      123456789012345,
      { formula: '1.1*3', result: 1.1 * 3 },
      { formula: 'DATE(2024,3,1)', result: 45352 },
      950,
    ]);
    sheet.addRow(['Prasa', 'Metalex', 'Lasery', 42, 0.1 + 0.2, new Date(Date.UTC(2024, 2, 2)), 1234]);
    sheet.getCell('F2').numFmt = 'dd.mm.yyyy';
    sheet.getCell('G2').numFmt = '00-000';
    sheet.getCell('G3').numFmt = '00-000';
    sheet.getCell('D3').numFmt = '000000';
    sheet.getCell('E3').numFmt = '0.0" kW"';
    const answer = await sendImport(
      ctx,
      user,
      '/api/device/import',
      await workbookBytes(sheet.workbook),
      undefined,
      'm.xlsx',
    );
    expect(answer.statusCode).toBe(200);
    expect((await machines()).map((m) => [m.serialNumber, m.sourcePower, m.transferDate, m.zipCode])).toEqual(
      [
        ['123456789012345', '3,3', '2024-03-01', '00-950'],
        ['000042', '0,3 kW', '2024-03-02', '01-234'],
      ],
    );
  });
});
