import { describe, expect, it } from 'vitest';
import { importReportCsv } from '../schemas/imports.js';
import { CSV_BOM, SpreadsheetText, csvCellText, csvField, csvLine, keptAsText } from './csv.js';

describe('csvField', () => {
  it.each([
    ['plain', 'plain'],
    ['a;b', '"a;b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    [' padded', '" padded"'],
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+48 600', "'+48 600"],
    ['-5', '-5'],
    ['-', '-'],
    ['-cmd', "'-cmd"],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(csvField(input)).toBe(output);
  });

  it('writes numbers and empty values as they are', () => {
    expect(csvField(42)).toBe('42');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(null)).toBe('');
  });
});

describe('keptAsText', () => {
  it.each([
    ['000123', true], // the zeros would go
    ['123456789012', true], // 12 digits: 1,23457E+11
    ['12.05', true], // the 12th of May
    ['12/05/2024', true],
    ['1-2', true],
    ['12:30', true],
    ['1,50', true], // 1,5
    ['123 456', true],
    ['-5', true],
    ['01234', true], // a zip code abroad
    ['2e5', true], // 200000
    ['12E4', true], // a serial number read as 120000
    ['1,5e-3', true],
    ['12345678901', false], // 11 digits are shown whole, and saved back so
    ['7', false],
    ['0', false],
    ['90-001', false], // a Polish zip code stays text
    ['SN-000123', false],
    ['12.05a', false],
    ['E12', false],
    ['12E', false],
    ['7,5 kW', false],
    ['1\n2', false], // a line break: not a number to a spreadsheet
    ['', false],
  ])('%j → kept as text: %s', (value, kept) => {
    expect(keptAsText(value) instanceof SpreadsheetText).toBe(kept);
    if (!kept) expect(keptAsText(value)).toBe(value);
  });

  it('passes empty values on', () => {
    expect(keptAsText(null)).toBeNull();
    expect(keptAsText(undefined)).toBeUndefined();
  });

  it('is written as a text formula, quoted for the CSV, and read back as the text', () => {
    expect(csvField(keptAsText('000123'))).toBe('"=""000123"""');
    expect(csvCellText('="000123"')).toBe('000123');
    expect(csvLine(['a', keptAsText('12.05'), keptAsText('90-001')])).toBe('a;"=""12.05""";90-001\r\n');
  });
});

describe('csvCellText', () => {
  it.each([
    ['="000123"', '000123'],
    ['="say ""hi"""', 'say "hi"'],
    ["'=SUM(A1)", '=SUM(A1)'],
    ["'-cmd", '-cmd'],
    ["'quoted", "'quoted"],
    ['=SUM(A1)', '=SUM(A1)'],
    ['="a"b"', '="a"b"'],
    ['plain', 'plain'],
  ])('%j → %j', (cell, text) => {
    expect(csvCellText(cell)).toBe(text);
  });

  it('reads back every cell csvField writes, as it was', () => {
    for (const value of [
      '=HYPERLINK("x")',
      '+48 600',
      '-cmd',
      '000123',
      'a;b',
      'zwykły',
      "'=nie formuła",
      "'-12",
      "''+1",
      "'zwykły",
      "'",
      '-5',
    ]) {
      const field = csvField(keptAsText(value));
      const unquoted = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
      expect(csvCellText(unquoted)).toBe(value);
    }
  });
});

describe('csvLine', () => {
  it('separates by semicolons and ends with CRLF', () => {
    expect(csvLine(['a', 1, null, 'x;y'])).toBe('a;1;;"x;y"\r\n');
  });
});

describe('importReportCsv', () => {
  it('writes the header and one line per problem, for Excel', () => {
    const report = importReportCsv([
      { row: 2, column: 'S/N', value: 'SN;1', message: 'Numer seryjny powtarza się w pliku (wiersz 3).' },
      { row: 5, column: '', value: '', message: 'Pusty wiersz' },
    ]);
    expect(report).toBe(
      CSV_BOM +
        'Wiersz;Kolumna;Wartość;Błąd\r\n' +
        '2;S/N;"SN;1";Numer seryjny powtarza się w pliku (wiersz 3).\r\n' +
        '5;;;Pusty wiersz\r\n',
    );
  });

  it("keeps a file's formula-like value as text", () => {
    const report = importReportCsv([
      { row: 4, column: 'Nazwa', value: '=HYPERLINK("http://x","kliknij")', message: 'Za długa nazwa.' },
    ]);
    expect(report.split('\r\n')[1]).toBe(`4;Nazwa;"'=HYPERLINK(""http://x"",""kliknij"")";Za długa nazwa.`);
  });
});
