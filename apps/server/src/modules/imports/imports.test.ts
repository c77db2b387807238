import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import JSZip from 'jszip';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  MACHINE_IMPORT_FIELDS,
  IMPORT_MSG,
  MSG,
  importTemplateCsv,
  type ImportFailure,
  type ImportPreview,
  type ImportResult,
} from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import { MACHINE_EXPORT_HEADER, sendImport } from './imports.fixtures.js';

const ctx = useTestApp();

const HEADER = MACHINE_EXPORT_HEADER;

const send = (
  user: TestUser,
  url: string,
  content: Buffer | string,
  options?: Record<string, unknown>,
  filename?: string,
) => sendImport(ctx, user, url, content, options, filename);

async function seed() {
  await ctx.database.db.insert(customers).values({ shortName: 'Metalex' });
  await ctx.database.db.insert(categories).values({ name: 'Lasery' });
}

const admin = () => createUserAndLogin(ctx, { admin: true });

/** The same workbook with `first` entries of its zip placed before all the others, in that order. */
async function sheetFilesInOrder(xlsx: Buffer, first: string[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(xlsx);
  const names = Object.keys(zip.files).filter((name) => !zip.files[name]!.dir);
  expect(names).toEqual(expect.arrayContaining(first));
  const reordered = new JSZip();
  for (const name of [...first, ...names.filter((n) => !first.includes(n))]) {
    reordered.file(name, await zip.file(name)!.async('nodebuffer'));
  }
  return reordered.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const machinesOf = (family: 'INTERNAL' | 'EXTERNAL') =>
  ctx.database.db.select().from(devices).where(eq(devices.type, family)).orderBy(devices.id);

describe('machine import: reading the file', () => {
  const rows = [
    HEADER,
    ';Produkcja;Laser Fiber 3000;metalex;LASERY;SN-1;3 kW;31.12.2024;24 mies. Pełna;ul. Długa 5;00-001;Łódź;Łódzkie',
    ';;Prasa krawędziowa;Metalex;Lasery;SN-2;;2024-05-01;;;;;',
  ];

  it('matches the export headers and imports a UTF-8 file with BOM', async () => {
    await seed();
    const user = await admin();
    const response = await send(user, '/api/device/import', '\uFEFF' + rows.join('\r\n'));
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportResult>()).toMatchObject({ total: 2, added: 2, updated: 0 });
    const [first, second] = await machinesOf('INTERNAL');
    expect(first).toMatchObject({
      name: 'Laser Fiber 3000',
      serialNumber: 'SN-1',
      sourcePower: '3 kW',
      transferDate: '2024-12-31',
      warrantyLength: 24,
      warranty: 'Pełna',
      city: 'Łódź',
      province: 'łódzkie',
      status: 'PRODUCTION',
    });
    expect(second).toMatchObject({ name: 'Prasa krawędziowa', transferDate: '2024-05-01' });
  });

  it('reads UTF-8 without BOM, with commas', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa,Kontrahent,Kategoria,Numer seryjny,Miejscowość',
      'Giętarka,Metalex,Lasery,"G,1",Kraków',
    ].join('\n');
    const response = await send(user, '/api/device-external/import', Buffer.from(text, 'utf8'));
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('EXTERNAL')).toMatchObject([
      { name: 'Giętarka', serialNumber: 'G,1', city: 'Kraków' },
    ]);
    expect(await machinesOf('INTERNAL')).toEqual([]);
  });

  it('reads the separator from a first line "sep=", which is not the header', async () => {
    await seed();
    const user = await admin();
    const text = ['sep=,', 'Nazwa,Kontrahent,Kategoria,Ulica', 'Tokarka;CNC,Metalex,Lasery,Długa 1;2'].join(
      '\r\n',
    );
    const response = await send(user, '/api/device/import', Buffer.from(text, 'utf8'));
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([{ name: 'Tokarka;CNC', streetAddress: 'Długa 1;2' }]);
  });

  it('reads a Windows-1250 file (Excel on a Polish Windows)', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria;Miasto;Województwo',
      'Spawarka żółta;Metalex;Lasery;Gdańsk;pomorskie',
    ].join('\r\n');
    const bytes = iconv.encode(text, 'win1250');
    expect(bytes.toString('utf8')).not.toContain('ż'); // really not UTF-8
    const response = await send(user, '/api/device/import', bytes);
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([
      { name: 'Spawarka żółta', city: 'Gdańsk', province: 'pomorskie' },
    ]);
  });

  it('refuses the "?" of a Windows-1250 file, where Excel wrote letters it has not', async () => {
    await seed();
    const user = await admin();
    await ctx.database.db.insert(customers).values({ shortName: 'ТОВ «Київмаш»' });
    const header = 'Nazwa;Kontrahent;Kategoria;Ulica;Miasto';
    const utf8 = [header, 'Tokarka;Metalex;Lasery;вул. Хрещатик, 22;Київ'].join('\r\n');
    expect((await send(user, '/api/device/import', Buffer.from(utf8, 'utf8'))).statusCode).toBe(200);
    const [machine] = await machinesOf('INTERNAL');
    // The machine's own row, saved again as "CSV (rozdzielany przecinkami)": the Cyrillic is "?".
    const saved = iconv.encode(
      [`Id;${header}`, `${machine!.id};${utf8.split('\r\n')[1]}`].join('\r\n'),
      'win1250',
    );
    expect(saved.toString('latin1')).toContain(';????');
    const preview = (await send(user, '/api/device/import/preview', saved)).json<ImportPreview>();
    // Refused, the row updates nothing in the preview's counts either.
    expect(preview).toMatchObject({ total: 1, added: 0, updated: 0, badRows: 1 });
    expect(preview.problems).toEqual([
      { row: 2, column: 'Ulica', value: '???. ????????, 22', message: IMPORT_MSG.lostLetters },
      { row: 2, column: 'Miasto', value: '????', message: IMPORT_MSG.lostLetters },
    ]);
    const response = await send(user, '/api/device/import', saved);
    expect(response.statusCode).toBe(422);
    expect(await machinesOf('INTERNAL')).toMatchObject([
      { streetAddress: 'вул. Хрещатик, 22', city: 'Київ' },
    ]);
    // A customer's name that lost its letters is not a customer to add either.
    const customersFile = iconv.encode('Nazwa skrócona;Miasto\r\nТОВ «Київмаш»;Kraków', 'win1250');
    const customerPreview = (
      await send(user, '/api/customer/import/preview', customersFile)
    ).json<ImportPreview>();
    expect(customerPreview).toMatchObject({ total: 1, added: 0, updated: 0 });
    expect(customerPreview.problems).toEqual([
      { row: 2, column: 'Nazwa skrócona', value: '??? «???????»', message: IMPORT_MSG.lostLetters },
    ]);
    // A "?" of a UTF-8 file is the text's own.
    const asked = Buffer.from(`${header}\r\nCzy to laser?;Metalex;Lasery;;Kraków`, 'utf8');
    expect((await send(user, '/api/device/import/preview', asked)).json<ImportPreview>().problems).toEqual(
      [],
    );
  });

  it('reads an XLSX workbook, dates as dates', async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Maszyny');
    sheet.addRow(['Nazwa', 'Kontrahent', 'Kategoria', 'S/N', 'Data przekazania', 'Okres gwarancji']);
    sheet.addRow(['Wycinarka', 'Metalex', 'Lasery', 'X-1', new Date(Date.UTC(2023, 2, 15)), 12]);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const response = await send(user, '/api/device/import', bytes, undefined, 'maszyny.xlsx');
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([
      { name: 'Wycinarka', serialNumber: 'X-1', transferDate: '2023-03-15', warrantyLength: 12 },
    ]);
  });

  it("reads the workbook's first tab, formulas by their result and rich text as text", async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const machines = workbook.addWorksheet('Maszyny');
    machines.addRow(['Nazwa', 'Kontrahent', 'Kategoria', 'S/N', 'Okres gwarancji']);
    machines.addRow([
      { richText: [{ text: 'Wycinarka ' }, { font: { bold: true }, text: 'CNC' }] },
      'Metalex',
      'Lasery',
      { formula: '"X-"&(40+2)', result: 'X-42' },
      { formula: '6*4', result: 24 },
    ]);
    const notes = workbook.addWorksheet('Notatki');
    notes.addRow(['Nazwa', 'Kontrahent', 'Kategoria']);
    notes.addRow(['Nie ta maszyna', 'Metalex', 'Lasery']);
    // The machines' tab first, its sheet file second in the zip (as after tabs were moved).
    const bytes = await sheetFilesInOrder(Buffer.from(await workbook.xlsx.writeBuffer()), [
      'xl/worksheets/sheet2.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const response = await send(user, '/api/device/import', bytes, undefined, 'maszyny.xlsx');
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([
      { name: 'Wycinarka CNC', serialNumber: 'X-42', warrantyLength: 24 },
    ]);
  });

  it('answers a Polish 400 for a file that is not a spreadsheet or has no rows', async () => {
    const user = await admin();
    const binary = await send(user, '/api/device/import/preview', Buffer.from([0, 1, 2, 3, 0]));
    expect(binary.statusCode).toBe(400);
    expect(binary.json().message).toBe('Nie można odczytać pliku. Wybierz plik CSV lub XLSX.');
    const empty = await send(user, '/api/device/import/preview', HEADER + '\r\n');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Plik nie zawiera żadnych wierszy danych.');
  });

  it('tells a zip that holds no workbook (an OpenDocument sheet, a Word file) from an empty one', async () => {
    const user = await admin();
    // What LibreOffice saves as .ods: a zip whose table is in content.xml, no xl/ part.
    const ods = new JSZip();
    ods.file('mimetype', 'application/vnd.oasis.opendocument.spreadsheet');
    ods.file('content.xml', '<office:document-content><table:table-row/></office:document-content>');
    const answer = await send(
      user,
      '/api/device/import/preview',
      await ods.generateAsync({ type: 'nodebuffer' }),
      undefined,
      'maszyny.ods',
    );
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      message: 'Nie można odczytać pliku. Wybierz plik CSV lub XLSX.',
      code: 'IMPORT_UNREADABLE',
    });
    // A workbook whose first tab is empty is readable, and has no rows.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('Maszyny');
    const blank = await send(
      user,
      '/api/device/import/preview',
      Buffer.from(await workbook.xlsx.writeBuffer()),
      undefined,
      'maszyny.xlsx',
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ message: IMPORT_MSG.empty, code: 'IMPORT_EMPTY' });
  });
});

describe('machine import: mapping and preview', () => {
  it('previews the detected mapping, the first rows and per-row messages without writing', async () => {
    await seed();
    const user = await admin();
    const text = [
      'NAZWA;kontrahent;Kategoria;Numer Seryjny;Uwagi;Data',
      'Laser;Metalex;Lasery;A1;x;2024-01-01',
      'La;Nieznany;Lasery;A2;y;32.13.2024',
    ].join('\n');
    const response = await send(user, '/api/device/import/preview', text);
    expect(response.statusCode).toBe(200);
    const preview = response.json<ImportPreview>();
    expect(preview.mapping).toEqual(['name', 'customer', 'category', 'serialNumber', null, 'transferDate']);
    expect(preview.rows).toEqual([
      ['Laser', 'Metalex', 'Lasery', 'A1', 'x', '2024-01-01'],
      ['La', 'Nieznany', 'Lasery', 'A2', 'y', '32.13.2024'],
    ]);
    expect(preview).toMatchObject({
      total: 2,
      added: 1,
      updated: 0,
      badRows: 1,
      missingCustomers: ['Nieznany'],
    });
    expect(preview.rowNumbers).toEqual([2, 3]);
    expect(preview.rowTargets).toEqual([null, null]);
    expect(preview.problems).toEqual([
      { row: 3, column: 'NAZWA', value: 'La', message: MSG.machineNameTooShort },
      // A cell is told what it may hold: a file has no date picker.
      {
        row: 3,
        column: 'Data',
        value: '32.13.2024',
        message: 'Nieprawidłowa data. Wpisz datę jako RRRR-MM-DD albo DD.MM.RRRR.',
      },
      // Its customer is told too, beside its own fields' problems: all that the row needs at once.
      { row: 3, column: 'kontrahent', value: 'Nieznany', message: IMPORT_MSG.customerMissing('Nieznany') },
    ]);
    expect(await machinesOf('INTERNAL')).toEqual([]);
    // Once the first row is in, the preview names the machine it would rewrite.
    expect((await send(user, '/api/device/import', text.split('\n').slice(0, 2).join('\n'))).statusCode).toBe(
      200,
    );
    const again = (await send(user, '/api/device/import/preview', text)).json<ImportPreview>();
    expect(again.rowTargets).toEqual([(await machinesOf('INTERNAL'))[0]!.id, null]);
    // ...as it already is: "bez zmian", as the summary counts it; a row that changes it is not.
    expect(again.rowUnchanged).toEqual([true, false]);
    expect(again.unchanged).toBe(1);
    const changed = text.replace('Laser;', 'Laser CO2;');
    const third = (await send(user, '/api/device/import/preview', changed)).json<ImportPreview>();
    expect(third.rowUnchanged).toEqual([false, false]);
    expect(third.unchanged).toBe(0);
  });

  it('numbers rows as a spreadsheet does: empty rows of a CSV are counted, a "sep=" line is not', async () => {
    await seed();
    const user = await admin();
    const text = [
      'sep=;',
      'Nazwa;Kontrahent;Kategoria;S/N',
      'Laser;Metalex;Lasery;A1',
      '',
      ';;;',
      'La;Metalex;Lasery;A2',
      '"Laser ""dwa""',
      'w dwóch liniach";Metalex;Lasery;A1',
      'Laser trzy;Metalex;Lasery;A3',
    ].join('\r\n');
    const preview = (await send(user, '/api/device/import/preview', text)).json<ImportPreview>();
    // Excel hides the "sep=" line and shows the quoted two-line name in one cell of row 6 (read
    // as one line: a name is one).
    expect(preview.rowNumbers).toEqual([2, 5, 6, 7]);
    expect(preview.rows.map((row) => row[0])).toEqual([
      'Laser',
      'La',
      'Laser "dwa" w dwóch liniach',
      'Laser trzy',
    ]);
    expect(preview.problems).toEqual([
      { row: 5, column: 'Nazwa', value: 'La', message: MSG.machineNameTooShort },
      { row: 6, column: 'S/N', value: 'A1', message: IMPORT_MSG.duplicateSerial(2) },
    ]);
  });

  it('numbers the rows of a workbook as Excel does, empty rows counted', async () => {
    await seed();
    const user = await admin();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Maszyny');
    sheet.getRow(1).values = ['Nazwa', 'Kontrahent', 'Kategoria'];
    sheet.getRow(2).values = ['Wycinarka', 'Metalex', 'Lasery'];
    sheet.getRow(5).values = ['Wy', 'Metalex', 'Lasery'];
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    const preview = (
      await send(user, '/api/device/import/preview', bytes, undefined, 'maszyny.xlsx')
    ).json<ImportPreview>();
    expect(preview.rowNumbers).toEqual([2, 5]);
    expect(preview.problems).toEqual([
      { row: 5, column: 'Nazwa', value: 'Wy', message: MSG.machineNameTooShort },
    ]);
  });

  it('takes the template the dialog offers, filled in, with every column matched', async () => {
    await seed();
    const user = await admin();
    const machine =
      'Produkcja;Wycinarka laserowa;Metalex;Lasery;W-77;6 kW;15.03.2023;Pełna;36;ul. Długa 5;00-001;Łódź;łódzkie';
    const text = importTemplateCsv('INTERNAL') + machine + '\r\n';
    const preview = (await send(user, '/api/device/import/preview', text)).json<ImportPreview>();
    // Every field but the export's id, in the template's order (the list itself: the domain's tests).
    const fields = MACHINE_IMPORT_FIELDS.filter((field) => !field.ownExportOnly).map((field) => field.key);
    expect(fields).toHaveLength(13);
    expect(preview.mapping).toEqual(fields);
    expect(preview.problemCount).toBe(0);
    expect((await send(user, '/api/device/import', text)).statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([
      {
        status: 'PRODUCTION',
        name: 'Wycinarka laserowa',
        serialNumber: 'W-77',
        sourcePower: '6 kW',
        transferDate: '2023-03-15',
        warranty: 'Pełna',
        warrantyLength: 36,
        streetAddress: 'ul. Długa 5',
        zipCode: '00-001',
        city: 'Łódź',
        province: 'łódzkie',
      },
    ]);
  });

  it('takes an explicit column mapping over the headers', async () => {
    await seed();
    const user = await admin();
    const text = ['A;B;C;D', 'Tokarka;Metalex;Lasery;T-9'].join('\n');
    // No header names a field: the preview offers the columns to choose from, checks no row yet.
    const detected = await send(user, '/api/device/import/preview', text);
    expect(detected.statusCode).toBe(200);
    expect(detected.json<ImportPreview>()).toMatchObject({
      headers: ['A', 'B', 'C', 'D'],
      mapping: [null, null, null, null],
      missingFields: ['name', 'customer', 'category'],
      rows: [['Tokarka', 'Metalex', 'Lasery', 'T-9']],
      total: 1,
      problemCount: 0,
    });
    const partly = await send(user, '/api/device/import/preview', text, {
      mapping: ['name', null, 'category'],
    });
    expect(partly.json<ImportPreview>().missingFields).toEqual(['customer']);
    // The import itself is refused without them.
    const refused = await send(user, '/api/device/import', text);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Brak kolumny dla pola „Nazwa”.');
    const mapping = ['name', 'customer', 'category', 'serialNumber'];
    const previewed = await send(user, '/api/device/import/preview', text, { mapping });
    expect(previewed.json<ImportPreview>()).toMatchObject({ missingFields: [], added: 1, problemCount: 0 });
    const response = await send(user, '/api/device/import', text, { mapping });
    expect(response.statusCode).toBe(200);
    expect(await machinesOf('INTERNAL')).toMatchObject([{ name: 'Tokarka', serialNumber: 'T-9' }]);
    const twice = await send(user, '/api/device/import', text, {
      mapping: ['name', 'name', 'category', null],
    });
    expect(twice.json().message).toBe('Pole „Nazwa” jest przypisane do więcej niż jednej kolumny.');
  });
});

describe('machine import: customers named by their full name', () => {
  const fileNaming = (...names: string[]) =>
    ['Nazwa;Kontrahent;Kategoria', ...names.map((name, i) => `Frezarka ${i + 1};${name};Lasery`)].join(
      '\r\n',
    );

  it('takes the one customer whose full name the file gives, in any case, after the short names', async () => {
    await seed();
    const [pelna] = await ctx.database.db
      .insert(customers)
      .values({ shortName: 'Metal-Pol', fullName: 'Metalex Sp. z o.o.' })
      .returning();
    // "Metalex" is the seeded customer's short name and another's full name: the short name wins.
    await ctx.database.db.insert(customers).values({ shortName: 'Inny', fullName: 'Metalex' });
    const user = await admin();
    const text = fileNaming('METALEX SP. Z O.O.', 'metalex');
    const preview = (await send(user, '/api/device/import/preview', text)).json<ImportPreview>();
    expect(preview).toMatchObject({ missingCustomers: [], problemCount: 0, added: 2 });
    expect((await send(user, '/api/device/import', text)).statusCode).toBe(200);
    const [metalex] = await ctx.database.db
      .select()
      .from(customers)
      .where(eq(customers.shortName, 'Metalex'));
    expect((await machinesOf('INTERNAL')).map((m) => [m.name, m.customerId])).toEqual([
      ['Frezarka 1', pelna!.id],
      ['Frezarka 2', metalex!.id],
    ]);
  });

  it('names a full name that several customers have, and creates no customer for it', async () => {
    await seed();
    await ctx.database.db.insert(customers).values([
      { shortName: 'ZM Kraków', fullName: 'Zakład Mechaniczny' },
      { shortName: 'ZM Łódź', fullName: 'Zakład Mechaniczny' },
    ]);
    const user = await admin();
    const text = fileNaming('Zakład mechaniczny');
    const preview = (
      await send(user, '/api/device/import/preview', text, { createMissing: true })
    ).json<ImportPreview>();
    expect(preview.missingCustomers).toEqual([]);
    const message =
      'Pełną nazwę „Zakład mechaniczny” ma kilku kontrahentów. Wpisz w pliku nazwę skróconą kontrahenta.';
    expect(preview.problems).toEqual([
      { row: 2, column: 'Kontrahent', value: 'Zakład mechaniczny', message },
    ]);
    const response = await send(user, '/api/device/import', text, { createMissing: true });
    expect(response.statusCode).toBe(422);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(3);
    expect(await machinesOf('INTERNAL')).toEqual([]);
  });
});

describe('machine import: all or nothing', () => {
  it('writes nothing when one row is wrong and reports every bad row', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria;S/N;Województwo',
      'Laser 1;Metalex;Lasery;L1;',
      'Laser 2;Metalex;Nieznana;L2;',
      'Laser 3;Metalex;Lasery;L1;',
      'Laser 4;Metalex;Lasery;L4;Bawaria',
    ].join('\n');
    const response = await send(user, '/api/device/import', text);
    expect(response.statusCode).toBe(422);
    const failure = response.json<ImportFailure>();
    expect(failure.message).toBe('Import przerwany: błędy w 3 wierszach. Nie zapisano żadnego wiersza.');
    expect(failure.problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [
        3,
        'Kategoria',
        'Nie ma kategorii „Nieznana”. Zaznacz „Utwórz brakujących kontrahentów i kategorie” albo popraw nazwę.',
      ],
      [4, 'S/N', 'Numer seryjny powtarza się w pliku (wiersz 2).'],
      [5, 'Województwo', 'Nieznane województwo: wpisz nazwę jednego z 16 województw, np. mazowieckie.'],
    ]);
    expect(await machinesOf('INTERNAL')).toEqual([]);
    // The refused attempt is on record, with its counts, and nothing else was logged.
    const entries = await ctx.database.db.select().from(logs).where(eq(logs.arg1, 'import:INTERNAL'));
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      expect.stringMatching(
        /: import maszyn z pliku maszyny\.csv przerwany: wierszy 4, z błędami 3, nie zapisano żadnego$/,
      ),
    ]);

    const csv = await send(user, '/api/device/import?report=csv', text);
    expect(csv.statusCode).toBe(422);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="raport-importu.csv"');
    expect(csv.body.split('\r\n').slice(0, 3)).toEqual([
      '\uFEFFWiersz;Kolumna;Wartość;Błąd',
      '3;Kategoria;Nieznana;Nie ma kategorii „Nieznana”. Zaznacz „Utwórz brakujących kontrahentów i kategorie” albo popraw nazwę.',
      '4;S/N;L1;Numer seryjny powtarza się w pliku (wiersz 2).',
    ]);
  });

  it('creates missing customers and categories when asked, matching names case-insensitively', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria',
      'Laser;Nowa Firma;Prasy',
      'Laser 2;NOWA FIRMA;prasy',
      'Laser 3;metalex;lasery',
    ].join('\n');
    const refused = await send(user, '/api/device/import', text);
    expect(refused.statusCode).toBe(422);
    const response = await send(user, '/api/device/import', text, { createMissing: true });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ added: 3, createdCustomers: 1, createdCategories: 1 });
    const allCustomers = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(allCustomers.map((c) => c.shortName)).toEqual(['Metalex', 'Nowa Firma']);
    const allCategories = await ctx.database.db.select().from(categories).orderBy(categories.id);
    expect(allCategories.map((c) => c.name)).toEqual(['Lasery', 'Prasy']);
    const machines = await machinesOf('INTERNAL');
    expect(new Set(machines.slice(0, 2).map((m) => m.customerId)).size).toBe(1);
    expect(machines[2]!.customerId).toBe(allCustomers[0]!.id);
  });

  it('creates names and writes values single-spaced, as the add forms do', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria;Miasto',
      'Laser  CO2;Nowa  Firma;Nowe \u00a0Prasy;Nowa  Huta',
    ].join('\n');
    const response = await send(user, '/api/device/import', text, { createMissing: true });
    expect(response.statusCode).toBe(200);
    const allCustomers = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(allCustomers.map((c) => c.shortName)).toEqual(['Metalex', 'Nowa Firma']);
    const allCategories = await ctx.database.db.select().from(categories).orderBy(categories.id);
    expect(allCategories.map((c) => c.name)).toEqual(['Lasery', 'Nowe Prasy']);
    expect((await machinesOf('INTERNAL')).map((m) => [m.name, m.city])).toEqual([['Laser CO2', 'Nowa Huta']]);
  });

  it('re-importing updates machines by serial number within the family, and writes one audit entry each', async () => {
    await seed();
    const user = await admin();
    const first = [
      'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
      'Laser;Metalex;Lasery;S-1;Kraków',
      'Prasa;Metalex;Lasery;S-2;Kraków',
    ].join('\n');
    expect((await send(user, '/api/device-external/import', first)).statusCode).toBe(200);
    const second = [
      'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
      'Laser nowy;Metalex;Lasery;S-1;Poznań',
      'Giętarka;Metalex;Lasery;S-3;Poznań',
    ].join('\n');
    const again = await send(user, '/api/device-external/import', second, undefined, 'poprawki.csv');
    expect(again.json()).toMatchObject({
      added: 1,
      updated: 1,
      message: 'Zaimportowano: dodano 1, zaktualizowano 1.',
    });
    const machines = await machinesOf('EXTERNAL');
    expect(machines.map((m) => [m.serialNumber, m.name, m.city])).toEqual([
      ['S-1', 'Laser nowy', 'Poznań'],
      ['S-2', 'Prasa', 'Kraków'],
      ['S-3', 'Giętarka', 'Poznań'],
    ]);
    // The same serial number in the other family is another machine.
    expect((await send(user, '/api/device/import', second)).json()).toMatchObject({ added: 2, updated: 0 });
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, 'import:EXTERNAL'))
      .orderBy(logs.eventId);
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      `Anna Nowak (${user.email}): import maszyn zewnętrznych z pliku maszyny.csv: wierszy 2, dodano 2, zaktualizowano 0`,
      `Anna Nowak (${user.email}): import maszyn zewnętrznych z pliku poprawki.csv: wierszy 2, dodano 1, zaktualizowano 1`,
    ]);
  });

  it('an update rewrites only the columns the file has; an empty status keeps the machine’s', async () => {
    await seed();
    const user = await admin();
    const full = [
      'Nazwa;Kontrahent;Kategoria;S/N;Status;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo',
      'Laser;Metalex;Lasery;S-1;Transport;400V;2021-09-15;12 mies. door-to-door;Długa 5;00-001;Łódź;łódzkie',
      'Prasa;Metalex;Lasery;S-2;Awaria;;;;;;;',
    ].join('\n');
    expect((await send(user, '/api/device/import', full)).statusCode).toBe(200);
    const names = ['Nazwa;Kontrahent;Kategoria;S/N', 'Laser Fiber;Metalex;Lasery;S-1'].join('\n');
    expect((await send(user, '/api/device/import', names)).json()).toMatchObject({ added: 0, updated: 1 });
    // The press as it is, its status cell empty: found, and nothing to write.
    const withStatus = ['Nazwa;Kontrahent;Kategoria;S/N;Status', 'Prasa;Metalex;Lasery;S-2;'].join('\n');
    expect((await send(user, '/api/device/import', withStatus)).json()).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
    const [laser, press] = await machinesOf('INTERNAL');
    expect(laser).toMatchObject({
      name: 'Laser Fiber',
      status: 'TRANSPORT',
      sourcePower: '400V',
      transferDate: '2021-09-15',
      warrantyLength: 12,
      warranty: 'door-to-door',
      streetAddress: 'Długa 5',
      zipCode: '00-001',
      city: 'Łódź',
      province: 'łódzkie',
    });
    expect(laser).toMatchObject({ statusWeight: 2 });
    expect(press).toMatchObject({ status: 'BROKEN', statusWeight: 7 });
    // A column the file has is written as the file gives it, empty cells too.
    const cleared = [
      'Nazwa;Kontrahent;Kategoria;S/N;Miasto;Okres gwarancji',
      'Laser;Metalex;Lasery;S-1;;',
      'Prasa;Metalex;Lasery;S-2;;',
    ].join('\n');
    // Named by the preview: the laser's city and months; the press had neither to lose.
    expect((await send(user, '/api/device/import/preview', cleared)).json<ImportPreview>().cleared).toEqual([
      { field: 'city', records: 1 },
      { field: 'warrantyLength', records: 1 },
    ]);
    expect((await send(user, '/api/device/import', cleared)).statusCode).toBe(200);
    expect((await machinesOf('INTERNAL'))[0]).toMatchObject({
      city: '',
      warrantyLength: 0,
      warranty: 'door-to-door',
      zipCode: '00-001',
    });
  });

  it('counts as updated only the machines the file changes; the others are left as they were', async () => {
    await seed();
    const user = await admin();
    const rows = (third: string) =>
      [
        'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
        'Laser;Metalex;Lasery;U-1;Łódź',
        'Prasa;Metalex;Lasery;U-2;Kraków',
        `Giętarka;Metalex;Lasery;U-3;${third}`,
      ].join('\n');
    expect((await send(user, '/api/device/import', rows('Gdańsk'))).statusCode).toBe(200);
    const past = sql`now() - interval '1 day'`;
    await ctx.database.db.update(devices).set({ updatedAt: past });
    const before = await machinesOf('INTERNAL');

    // The preview counts as the import will.
    const preview = await send(user, '/api/device/import/preview', rows('Sopot'));
    expect(preview.json<ImportPreview>()).toMatchObject({ added: 0, updated: 1, unchanged: 2 });
    const again = await send(user, '/api/device/import', rows('Sopot'), undefined, 'maszyny-2.csv');
    expect(again.json<ImportResult>()).toMatchObject({
      added: 0,
      updated: 1,
      unchanged: 2,
      message: 'Zaimportowano: dodano 0, zaktualizowano 1, bez zmian 2.',
    });
    const after = await machinesOf('INTERNAL');
    expect(after.map((m) => m.city)).toEqual(['Łódź', 'Kraków', 'Sopot']);
    // The two rows given as they were are not written at all.
    expect(after.slice(0, 2).map((m) => m.updatedAt)).toEqual(before.slice(0, 2).map((m) => m.updatedAt));
    expect(after[2]!.updatedAt.getTime()).toBeGreaterThan(before[2]!.updatedAt.getTime());
    const [entry] = await ctx.database.db
      .select()
      .from(logs)
      .where(and(eq(logs.arg1, 'import:INTERNAL'), like(logs.formattedMessage, '%maszyny-2.csv%')));
    expect(entry?.formattedMessage).toMatch(
      /: import maszyn z pliku maszyny-2\.csv: wierszy 3, dodano 0, zaktualizowano 1, bez zmian 2$/,
    );
  });

  it('reads a warranty kind that starts with a number as text, and tells months over the limit in its column', async () => {
    await seed();
    const user = await admin();
    const text = [
      'Nazwa;Kontrahent;Kategoria;S/N;Gwarancja',
      'Laser;Metalex;Lasery;W-1;2 lata pełna',
      'Prasa;Metalex;Lasery;W-2;36 miesięcy na części',
      'Giętarka;Metalex;Lasery;W-3;24',
    ].join('\n');
    expect((await send(user, '/api/device/import', text)).statusCode).toBe(200);
    expect((await machinesOf('INTERNAL')).map((m) => [m.warrantyLength, m.warranty])).toEqual([
      [0, '2 lata pełna'],
      [36, 'na części'],
      [24, ''],
    ]);
    const tooLong = ['Nazwa;Kontrahent;Kategoria;Gwarancja', 'Laser;Metalex;Lasery;9999 mies. pełna'].join(
      '\n',
    );
    const failed = await send(user, '/api/device/import', tooLong);
    expect(failed.statusCode).toBe(422);
    expect(failed.json<ImportFailure>().problems).toEqual([
      { row: 2, column: 'Gwarancja', value: '9999 mies. pełna', message: MSG.warrantyTooLong },
    ]);
  });

  it('takes back its own CSV export: every row finds the machine it came from, as it is', async () => {
    await seed();
    const user = await admin();
    const text = [
      HEADER,
      ';Awaria;=Laser;Metalex;Lasery;E-1;1 kW;2024-01-02;12 mies. Pełna;ul. A 1;00-001;Kraków;małopolskie',
    ].join('\n');
    expect((await send(user, '/api/device/import', text)).statusCode).toBe(200);
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-csv-by-filter',
      headers: as(user),
      payload: {},
    });
    expect(exported.statusCode).toBe(200);
    // Every field reads back as it went out: the machine is found and nothing changes.
    const again = await send(user, '/api/device/import', exported.rawPayload);
    expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 1 });
    expect(await machinesOf('INTERNAL')).toMatchObject([
      { name: '=Laser', status: 'BROKEN', warrantyLength: 12, warranty: 'Pełna', transferDate: '2024-01-02' },
    ]);
  });

  it('takes back its export of warranties and names it cannot read back alone, leaving the machines as they are', async () => {
    await seed();
    const user = await admin();
    const [customer] = await ctx.database.db.select().from(customers);
    const [category] = await ctx.database.db.select().from(categories);
    // Kept from older data or typed through the API: a kind that reads as months, a name of two lines.
    const kept = [
      { name: 'Laser', warrantyLength: 0, warranty: '12' },
      { name: 'Prasa', warrantyLength: 0, warranty: '36 mies. rozszerzona' },
      { name: 'Linia\nnowa', warrantyLength: 6, warranty: '24 mies.' },
    ];
    await ctx.database.db.insert(devices).values(
      kept.map((k, i) => ({
        ...k,
        type: 'INTERNAL' as const,
        serialNumber: `K-${i}`,
        customerId: customer!.id,
        categoryId: category!.id,
      })),
    );
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-csv-by-filter?sort=id,asc',
      headers: as(user),
      payload: {},
    });
    const again = await send(user, '/api/device/import', exported.rawPayload);
    expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 3 });
    const stored = (m: { name: string; warrantyLength: number; warranty: string }) => [
      m.name,
      m.warrantyLength,
      m.warranty,
    ];
    expect((await machinesOf('INTERNAL')).map(stored)).toEqual(kept.map(stored));
    // A cell changed in the file is read as usual.
    const edited = exported.body.replace(';12;', ';24 mies. pełna;');
    expect((await send(user, '/api/device/import', edited)).json()).toMatchObject({
      updated: 1,
      unchanged: 2,
    });
    expect(stored((await machinesOf('INTERNAL'))[0]!)).toEqual(['Laser', 24, 'pełna']);
  });

  it('keeps serial numbers, zip codes and powers a spreadsheet would take for numbers or dates, through its export', async () => {
    await seed();
    const user = await admin();
    const serials = ['000123', '123456789012345', '12.05', 'SN-7'];
    // Powers typed without a unit: a date, lost zeros and an exponent to a spreadsheet.
    const powers = ['12.05', '0012', '2e5', '7,5 kW'];
    const text = [
      HEADER,
      ...serials.map(
        (sn, i) => `;;Laser ${i};Metalex;Lasery;${sn};${powers[i]};;;;${i ? '90-001' : '01234'};Łódź;łódzkie`,
      ),
    ].join('\r\n');
    expect((await send(user, '/api/device/import', text)).json()).toMatchObject({ added: 4 });
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-csv-by-filter?sort=id,asc',
      headers: as(user),
      payload: {},
    });
    const lines = exported.rawPayload.toString('utf8').split('\r\n');
    // Excel shows (and saves back) a text formula as its text; a Polish zip code and a serial
    // number with letters stay as they are.
    expect(lines[1]).toMatch(/;"=""000123""";"=""12\.05""";;;;"=""01234""";Łódź;/);
    expect(lines[2]).toMatch(/;"=""123456789012345""";"=""0012""";;;;90-001;/);
    expect(lines[3]).toMatch(/;"=""12\.05""";"=""2e5""";/);
    expect(lines[4]).toMatch(/;SN-7;7,5 kW;/);

    const rows = exported.rawPayload
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(';'));
    // The file read back as it is, and as a spreadsheet saves it as a workbook: the formula with
    // its result (formulas run), or its text as shown (formulas not run).
    const workbookOf = async (cell: (text: string) => ExcelJS.CellValue) => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('maszyny');
      for (const row of rows) {
        sheet.addRow(
          row.map((field) => {
            const unquoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
            return unquoted.startsWith('="') ? cell(unquoted) : unquoted;
          }),
        );
      }
      return Buffer.from(await workbook.xlsx.writeBuffer());
    };
    const formulas = await workbookOf((f) => ({ formula: f.slice(1), result: f.slice(2, -1) }));
    const shownAsText = await workbookOf((f) => f);
    for (const [file, name] of [
      [exported.rawPayload, 'maszyny.csv'],
      [formulas, 'maszyny.xlsx'],
      [shownAsText, 'maszyny.xlsx'],
    ] as const) {
      const again = await send(user, '/api/device/import', file, undefined, name);
      expect(again.json()).toMatchObject({ added: 0, updated: 0, unchanged: 4 });
      const machines = await machinesOf('INTERNAL');
      expect(machines.map((m) => m.serialNumber)).toEqual(serials);
      expect(machines.map((m) => m.zipCode)).toEqual(['01234', '90-001', '90-001', '90-001']);
      expect(machines.map((m) => m.sourcePower)).toEqual(powers);
    }
  });

  it('takes back its own export by the machines’ ids: a machine without a serial number is updated, not added again', async () => {
    await seed();
    const user = await admin();
    const text = [
      HEADER,
      ';;Tokarka bez numeru;Metalex;Lasery;;;;;;;Kraków;',
      ';;Frezarka;Metalex;Lasery;F-1;;;;;;Kraków;',
    ].join('\n');
    expect((await send(user, '/api/device/import', text)).json()).toMatchObject({ added: 2 });
    const exported = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/get-csv-by-filter',
      headers: as(user),
      payload: {},
    });
    // Edited in Excel: the city of both, the name of the one without a serial number.
    const edited = exported.body.replaceAll('Kraków', 'Gdańsk').replace('Tokarka bez numeru', 'Tokarka TUR');
    const preview = (await send(user, '/api/device/import/preview', edited)).json<ImportPreview>();
    expect(preview.mapping[0]).toBe('id');
    expect(preview).toMatchObject({ added: 0, updated: 2, problemCount: 0 });
    expect((await send(user, '/api/device/import', edited)).json()).toMatchObject({ added: 0, updated: 2 });
    expect((await machinesOf('INTERNAL')).map((m) => [m.name, m.serialNumber, m.city])).toEqual([
      ['Tokarka TUR', '', 'Gdańsk'],
      ['Frezarka', 'F-1', 'Gdańsk'],
    ]);
  });

  it('names an id that is no number, not a machine of this list, or a machine a row already takes', async () => {
    await seed();
    const user = await admin();
    const setup = [HEADER, ';;Tokarka;Metalex;Lasery;T-1;;;;;;;', ';;Prasa;Metalex;Lasery;P-1;;;;;;;'].join(
      '\n',
    );
    await send(user, '/api/device/import', setup);
    await send(user, '/api/device-external/import', [HEADER, ';;Obca;Metalex;Lasery;O-1;;;;;;;'].join('\n'));
    const [tokarka, prasa] = await machinesOf('INTERNAL');
    const [obca] = await machinesOf('EXTERNAL');
    const text = [
      HEADER,
      'abc;;Tokarka;Metalex;Lasery;;;;;;;;',
      `${obca!.id};;Obca;Metalex;Lasery;;;;;;;;`,
      `${tokarka!.id};;Tokarka;Metalex;Lasery;;;;;;;;`,
      `${tokarka!.id};;Tokarka 2;Metalex;Lasery;;;;;;;;`,
      `${prasa!.id};;Prasa;Metalex;Lasery;P-1;;;;;;;`,
      ';;Prasa jeszcze raz;Metalex;Lasery;P-1;;;;;;;',
    ].join('\n');
    const response = await send(user, '/api/device/import', text);
    expect(response.statusCode).toBe(422);
    expect(response.json<ImportFailure>().problems.map((p) => [p.row, p.column, p.message])).toEqual([
      [2, 'Id', 'Id maszyny to liczba z eksportu listy albo puste pole.'],
      [
        3,
        'Id',
        `Na tej liście nie ma maszyny o Id ${obca!.id} (usunięta albo z innej listy). Wyczyść komórkę Id, aby dodać wiersz jako nową maszynę.`,
      ],
      [5, 'Id', 'Ta maszyna jest już w wierszu 4 pliku.'],
      [7, 'S/N', 'Ta maszyna jest już w wierszu 6 pliku.'],
    ]);
    expect((await machinesOf('INTERNAL')).map((m) => m.name)).toEqual(['Tokarka', 'Prasa']);
  });

  it('leaves out the Id column of a file that is not the list’s export', async () => {
    await seed();
    const user = await admin();
    await send(user, '/api/device/import', [HEADER, ';;Tokarka;Metalex;Lasery;;;;;;;;'].join('\n'));
    const [tokarka] = await machinesOf('INTERNAL');
    const foreign = [
      'Id;Nazwa;Kontrahent;Kategoria',
      `${tokarka!.id};Prasa z innego systemu;Metalex;Lasery`,
    ].join('\n');
    expect((await send(user, '/api/device/import', foreign)).json()).toMatchObject({ added: 1, updated: 0 });
    expect((await machinesOf('INTERNAL')).map((m) => m.name)).toEqual(['Tokarka', 'Prasa z innego systemu']);
  });

  it('is for administrators only', async () => {
    await seed();
    const user = await createUserAndLogin(ctx);
    const text = ['Nazwa;Kontrahent;Kategoria', 'Laser;Metalex;Lasery'].join('\n');
    for (const url of ['/api/device/import', '/api/device/import/preview', '/api/customer/import']) {
      const response = await send(user, url, text);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(MSG.forbidden);
    }
    expect(await machinesOf('INTERNAL')).toEqual([]);
  });
});

describe('customer import', () => {
  const header =
    'Id;Nazwa skrócona;Nazwa pełna;Ulica;Kod pocztowy;Miejscowość;Województwo;NIP;REGON;Telefon;E-mail';

  it('adds customers, then updates them by short name (any case)', async () => {
    const user = await admin();
    const first = [
      header,
      ';Metalex;Metalex Sp. z o.o.;ul. Długa 5;00-001;Warszawa;mazowieckie;525;012;22 000;a@b.pl',
      ';Stalbud;;;;;;;;;',
    ].join('\r\n');
    const response = await send(user, '/api/customer/import', first, undefined, 'kontrahenci.csv');
    expect(response.json()).toMatchObject({ added: 2, updated: 0 });
    const second = [header, ';METALEX;Metalex S.A.;;;Kraków;małopolskie;;;;'].join('\r\n');
    const preview = (await send(user, '/api/customer/import/preview', second)).json<ImportPreview>();
    const [metalex] = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(preview.rowTargets).toEqual([metalex!.id]);
    // The file's empty cells would clear what Metalex has: named before the import, field by field.
    expect(preview.cleared).toEqual(
      ['streetAddress', 'zipCode', 'nip', 'regon', 'phoneNumber', 'email'].map((field) => ({
        field,
        records: 1,
      })),
    );
    expect((await send(user, '/api/customer/import', second)).json()).toMatchObject({ added: 0, updated: 1 });
    const rows = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(rows.map((r) => [r.shortName, r.fullName, r.city, r.province])).toEqual([
      ['METALEX', 'Metalex S.A.', 'Kraków', 'małopolskie'],
      ['Stalbud', '', '', ''],
    ]);
    const entries = await ctx.database.db.select().from(logs).where(eq(logs.arg1, 'import:customers'));
    expect(entries).toHaveLength(2);
  });

  it('refuses the machine list’s own export, which would make every machine a customer', async () => {
    const user = await admin();
    const file = [MACHINE_EXPORT_HEADER, ';Awaria;Laser;Metalex;Lasery;E-1;;;;;;Kraków;'].join('\r\n');
    for (const url of ['/api/customer/import/preview', '/api/customer/import']) {
      const response = await send(user, url, file, undefined, 'maszyny.csv');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(IMPORT_MSG.machineExportAsCustomers);
    }
    expect(await ctx.database.db.select().from(customers)).toHaveLength(0);
  });

  it('an update rewrites only the columns the file has', async () => {
    const user = await admin();
    const first = [
      header,
      ';Metalex;Metalex Sp. z o.o.;ul. Długa 5;00-001;Warszawa;mazowieckie;525;012;22 000;a@b.pl',
    ];
    expect((await send(user, '/api/customer/import', first.join('\r\n'))).statusCode).toBe(200);
    const phones = ['Nazwa skrócona;Telefon', 'metalex;22 111 22 33'].join('\r\n');
    expect((await send(user, '/api/customer/import', phones)).json()).toMatchObject({ updated: 1 });
    expect((await send(user, '/api/customer/import/preview', phones)).json()).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
    expect((await send(user, '/api/customer/import', phones)).json()).toMatchObject({
      updated: 0,
      unchanged: 1,
    });
    expect(await ctx.database.db.select().from(customers)).toMatchObject([
      {
        shortName: 'metalex',
        fullName: 'Metalex Sp. z o.o.',
        streetAddress: 'ul. Długa 5',
        zipCode: '00-001',
        city: 'Warszawa',
        province: 'mazowieckie',
        nip: '525',
        regon: '012',
        phoneNumber: '22 111 22 33',
        email: 'a@b.pl',
      },
    ]);
  });

  it('takes the template the dialog offers, filled in, with every column matched', async () => {
    const user = await admin();
    const text =
      importTemplateCsv('customers') +
      'Metalex;Metalex Sp. z o.o.;ul. Długa 5;00-001;Warszawa;mazowieckie;5250001009;012345678;22 100 20 30;biuro@metalex.pl\r\n';
    const response = await send(user, '/api/customer/import', text, undefined, 'kontrahenci.csv');
    expect(response.json()).toMatchObject({ added: 1, updated: 0 });
    expect(await ctx.database.db.select().from(customers)).toMatchObject([
      {
        shortName: 'Metalex',
        fullName: 'Metalex Sp. z o.o.',
        streetAddress: 'ul. Długa 5',
        zipCode: '00-001',
        city: 'Warszawa',
        province: 'mazowieckie',
        nip: '5250001009',
        regon: '012345678',
        phoneNumber: '22 100 20 30',
        email: 'biuro@metalex.pl',
      },
    ]);
  });

  it('updates a customer whose short name the edit form made longer than 20, and adds none that long', async () => {
    const user = await admin();
    const long = 'PHU Długa Nazwa Kontrahenta Sp.j.';
    expect(
      (await send(user, '/api/customer/import', [header, ';Krótka;;;;;;;;;'].join('\r\n'))).statusCode,
    ).toBe(200);
    const [customer] = await ctx.database.db.select().from(customers);
    await ctx.database.db.update(customers).set({ shortName: long }).where(eq(customers.id, customer!.id));
    // The register's list as a file again, its city changed: the long name is the row's key.
    const again = ['Nazwa skrócona;Miejscowość', `${long};Kraków`].join('\r\n');
    expect((await send(user, '/api/customer/import', again)).json()).toMatchObject({ added: 0, updated: 1 });
    expect(await ctx.database.db.select().from(customers)).toMatchObject([
      { shortName: long, city: 'Kraków' },
    ]);
    // A new customer of that length is refused as the add form refuses it.
    const added = ['Nazwa skrócona;Miejscowość', 'Inna Bardzo Długa Nazwa Firmy;Gdańsk'].join('\r\n');
    const refused = await send(user, '/api/customer/import', added);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<ImportFailure>().problems.map((p) => [p.row, p.message])).toEqual([
      [2, MSG.customerShortNameMax],
    ]);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(1);
  });

  it('reports short names that are too short or repeated, and writes nothing', async () => {
    const user = await admin();
    const text = ['Nazwa skrócona;Miejscowość', 'AB;Kraków', 'Firma;Kraków', 'firma;Gdańsk'].join('\n');
    const response = await send(user, '/api/customer/import', text);
    expect(response.statusCode).toBe(422);
    expect(response.json<ImportFailure>().problems.map((p) => [p.row, p.message])).toEqual([
      [2, MSG.customerShortNameMin],
      [4, 'Nazwa skrócona powtarza się w pliku (wiersz 3).'],
    ]);
    expect(await ctx.database.db.select().from(customers)).toEqual([]);
  });
});
