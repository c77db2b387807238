import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { IMPORT_MAX_ROWS, IMPORT_MSG } from '@serwis/domain';
import { parseCsv } from './imports.csv.js';
import { decodeText } from './imports.decode.js';
import { parseSpreadsheet } from './imports.parse.js';

// Large files are read in slices, the event loop let in between: rows, quotes and characters that
// cross a slice's edge come out as in a file read at once.

/** `rows` CSV rows of about 60 characters: a quoted name with the separator, a quote and a line break. */
function bigCsv(rows: number) {
  const expected = [['Nazwa', 'Opis', 'Miasto']];
  for (let i = 1; i <= rows; i++) {
    expected.push([`Maszyna ${i}`, `Uwaga; "pilne"\nzadzwonić ${i}`, i % 2 ? 'Łódź' : 'Kraków']);
  }
  const cell = (text: string) => (/[;"\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  const text = expected.map((row) => row.map(cell).join(';')).join('\r\n');
  return { text, expected };
}

/** How many times other work ran (setImmediate) while `work` did. */
async function turnsDuring(work: () => Promise<unknown>) {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  setImmediate(tick);
  await work();
  running = false;
  return turns;
}

describe('reading a large CSV (parseCsv)', () => {
  it('reads every row of a file of several slices as written, and lets other requests in between', async () => {
    const { text, expected } = bigCsv(50_000); // 2.8 million characters: six slices
    expect(text.length).toBeGreaterThan(5 * 512 * 1024);
    let grid: Awaited<ReturnType<typeof parseCsv>> | undefined;
    const turns = await turnsDuring(async () => (grid = await parseCsv(text)));
    expect(grid!.rows.map((row) => row.cells)).toEqual(expected);
    expect(grid!.rows.at(-1)!.number).toBe(50_001);
    expect(turns).toBeGreaterThanOrEqual(5);
  });

  it('names the row of a quote left open or misplaced in a later slice', async () => {
    // One record a line: the quoted line breaks are "\n", the records' "\r\n".
    const records = bigCsv(30_000).text.split('\r\n');
    const withRecord = (index: number, line: string) =>
      [...records.slice(0, index), line, ...records.slice(index)].join('\r\n');
    // Record 25,001 (the header is record 0) is the spreadsheet's row 25,002.
    await expect(parseCsv(withRecord(25_001, 'Beta;"Beta" Sp. z o.o.;Gdańsk'))).rejects.toMatchObject({
      message: IMPORT_MSG.badQuotes(25_002),
    });
    await expect(parseCsv(withRecord(20_001, 'Beta;"Beta Sp. z o.o.;Gdańsk'))).rejects.toMatchObject({
      message: IMPORT_MSG.badQuotes(20_002),
    });
  });
});

describe('decoding a large CSV (decodeText)', () => {
  it('decodes UTF-8 whose two-byte letters cross a megabyte, with or without a BOM', async () => {
    // "ł" is two bytes: after an odd number of one-byte characters, one of them straddles 1 MiB.
    const text = `a${'ł'.repeat(700_000)};koniec`;
    expect(await decodeText(Buffer.from(text, 'utf8'))).toEqual({ text, lettersMayBeLost: false });
    expect(await decodeText(Buffer.from(`\uFEFF${text}`, 'utf8'))).toEqual({ text, lettersMayBeLost: false });
  });

  it('decodes Windows-1250 of several megabytes', async () => {
    const text = 'Zakład Łódź;Żółć\r\n'.repeat(200_000);
    expect(await decodeText(iconv.encode(text, 'win1250'))).toEqual({ text, lettersMayBeLost: true });
  });
});

describe('files longer than an import takes (IMPORT_MAX_ROWS)', () => {
  const header = 'Nazwa skrócona;Nazwa pełna\n';
  const row = 'Beta;Beta Sp. z o.o.\n';
  const tooMany = { statusCode: 400, message: IMPORT_MSG.tooManyRows };

  it('takes as many rows as the limit, however many empty lines lie among them', async () => {
    // Three million empty lines (a file Excel would not open) hold nothing and keep their numbers.
    const csv = `${header}${'\n'.repeat(3_000_000)}${row.repeat(IMPORT_MAX_ROWS)}`;
    const sheet = await parseSpreadsheet(Buffer.from(csv), 'customers');
    expect(sheet.rows).toHaveLength(IMPORT_MAX_ROWS);
    expect(sheet.rowNumbers[0]).toBe(3_000_002);
    expect(sheet.rowNumbers.at(-1)).toBe(3_000_001 + IMPORT_MAX_ROWS);
  });

  it('refuses a CSV of one row more, and stops reading it there', async () => {
    await expect(
      parseSpreadsheet(Buffer.from(header + row.repeat(IMPORT_MAX_ROWS + 1)), 'customers'),
    ).rejects.toMatchObject(tooMany);
    // Far past the limit (slices later), a quote left open: a file read to its end would be
    // refused for it.
    const longer = `${header}${row.repeat(IMPORT_MAX_ROWS + 100_000)}Gamma;"Gamma\n${row.repeat(10)}`;
    await expect(parseSpreadsheet(Buffer.from(longer), 'customers')).rejects.toMatchObject(tooMany);
  });

  it('imports a workbook’s tab when another, longer than the limit, is not imported', async () => {
    const book = new ExcelJS.Workbook();
    const archive = book.addWorksheet('Archiwum');
    archive.addRow(['Rok', 'Uwagi']);
    for (let i = 1; i <= IMPORT_MAX_ROWS + 11; i++) archive.addRow([2000 + (i % 20), 'x']);
    const customers = book.addWorksheet('Kontrahenci');
    customers.addRows([
      ['Nazwa skrócona', 'Nazwa pełna'],
      ['K1', 'x'],
      ['K2', 'x'],
    ]);
    const sheet = await parseSpreadsheet(Buffer.from(await book.xlsx.writeBuffer()), 'customers');
    expect(sheet).toMatchObject({
      sheetName: 'Kontrahenci',
      rows: [
        ['K1', 'x'],
        ['K2', 'x'],
      ],
      rowNumbers: [2, 3],
    });
  }, 60_000);

  it('refuses a header reaching so far right that its rows would hold too many cells', async () => {
    const workbook = (rows: number) => {
      const book = new ExcelJS.Workbook();
      const sheet = book.addWorksheet('Kontrahenci');
      sheet.addRow(['Nazwa skrócona', 'Nazwa pełna']);
      sheet.getCell('XFD1').value = 'uwagi';
      for (let i = 1; i <= rows; i++) sheet.addRow([`K${i}`, 'x']);
      return book.xlsx.writeBuffer().then((bytes) => Buffer.from(bytes));
    };
    await expect(parseSpreadsheet(await workbook(1_500), 'customers')).rejects.toMatchObject({
      statusCode: 400,
      message: IMPORT_MSG.tooManyCells(16_384, 1_500, 'XFD'),
    });
    // Fewer rows fit: every one of them is as wide as the header.
    const fewer = await parseSpreadsheet(await workbook(1_000), 'customers');
    expect(fewer.headers).toHaveLength(16_384);
    expect(fewer.rows).toHaveLength(1_000);
    expect(fewer.rows[0]!.slice(0, 3)).toEqual(['K1', 'x', '']);
  });

  it('keeps a lone cell far right and far down as one value, told as right of the header', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Kontrahenci');
    sheet.addRow(['Nazwa skrócona', 'Nazwa pełna']);
    sheet.addRow(['Beta', 'Beta Sp. z o.o.']);
    sheet.getCell('XFD1048576').value = 'koniec';
    const parsed = await parseSpreadsheet(Buffer.from(await book.xlsx.writeBuffer()), 'customers');
    expect(parsed.rows).toEqual([
      ['Beta', 'Beta Sp. z o.o.'],
      ['', ''],
    ]);
    expect(parsed.rowNumbers).toEqual([2, 1_048_576]);
    expect(parsed.unheaded).toEqual({ rows: 1, firstRow: 1_048_576, column: 16_383 });
  });
});
