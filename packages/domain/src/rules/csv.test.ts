import { describe, expect, it } from 'vitest';
import { importReportCsv } from '../schemas/imports.js';
import { CSV_BOM, csvField, csvLine } from './csv.js';

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
