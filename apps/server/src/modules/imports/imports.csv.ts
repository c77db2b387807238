import Papa from 'papaparse';
import { IMPORT_MSG, csvCellText } from '@serwis/domain';
import { badRequest } from '../../lib/app-error.js';
import { rowKeeper, type Grid } from './imports.grid.js';

/**
 * A first line "sep=;" names the separator: programs that write CSV for Excel put it there, and
 * Excel reads the file by it. It is not the header.
 */
const SEPARATOR_LINE = /^sep=([^\r\n])\r?\n/i;

/** Characters of a CSV parsed at a time (parseCsv). */
const CSV_CHUNK_CHARACTERS = 512 * 1024;

/** Rows read to guess the separator, and the characters they are looked for in. */
const GUESS_ROWS = 20;
const GUESS_CHARACTERS = 64 * 1024;

/**
 * `;` or `,` (or a tab): the one a "sep=" line names, else guessed by papaparse from the first
 * lines of its start (papaparse would split the whole text by lines for it), empty lines aside.
 * The file is then read with its empty lines, which Excel numbers too. A field that opens with a
 * quote it does not close (`"Beta" Sp. z o.o.` unquoted) would take the rest of the file in; the
 * file is refused, naming its row.
 */
export async function parseCsv(text: string): Promise<Grid> {
  const named = SEPARATOR_LINE.exec(text);
  const body = named ? text.slice(named[0].length) : text;
  const delimiter =
    named?.[1] ??
    Papa.parse<string[]>(body.slice(0, GUESS_CHARACTERS), {
      delimitersToGuess: [';', ',', '\t'],
      skipEmptyLines: 'greedy',
      preview: GUESS_ROWS,
    }).meta.delimiter;
  const grid: Grid = { rows: [] };
  const keep = rowKeeper();
  let records = 0;
  let badQuotesRow: number | undefined;
  // Half a megabyte at a time, the server's other requests let in after each: the whole of a
  // 100,000-row file at once held the event loop for half a second.
  await new Promise<void>((resolve) => {
    Papa.parse<string[]>(body, {
      delimiter,
      skipEmptyLines: false,
      chunkSize: CSV_CHUNK_CHARACTERS,
      chunk: (result: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        const quotes = result.errors.find((error) => error.type === 'Quotes');
        if (quotes && badQuotesRow === undefined) badQuotesRow = records + (quotes.row ?? 0) + 1;
        for (const row of result.data) {
          records++;
          // An empty line (one empty field): nothing to keep, and no row made of it (15 million of
          // them read in 5.7 s instead of 7.8).
          if (row.length === 1 && row[0] === '') continue;
          keep(grid, records, row.map(csvCellText));
        }
        // Too long to import: the rest need not be read.
        if (grid.tooLong) return parser.abort();
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(),
    });
  });
  // A quote left open before the reading stopped names a row to mend first.
  if (badQuotesRow !== undefined) {
    throw badRequest(IMPORT_MSG.badQuotes(badQuotesRow), 'IMPORT_UNREADABLE', 'file');
  }
  // Too long: sheetOf refuses it.
  return grid;
}
