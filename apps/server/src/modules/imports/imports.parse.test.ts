import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG } from '@serwis/domain';
import { decodeText, parseCsv } from './imports.parse.js';

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
    expect(grid!.lines).toEqual(expected);
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
    expect(await decodeText(Buffer.from(text, 'utf8'))).toBe(text);
    expect(await decodeText(Buffer.from(`\uFEFF${text}`, 'utf8'))).toBe(text);
  });

  it('decodes Windows-1250 of several megabytes', async () => {
    const text = 'Zakład Łódź;Żółć\r\n'.repeat(200_000);
    expect(await decodeText(iconv.encode(text, 'win1250'))).toBe(text);
  });
});
