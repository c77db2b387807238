/**
 * CSV files for Excel on a Polish Windows, written one way everywhere (the machine list's export,
 * the import's report of failed rows): UTF-8 with a BOM, semicolons, CRLF line ends.
 */
export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';
const EOL = '\r\n';

/** A spreadsheet would run text starting like a formula; a leading apostrophe keeps it text. */
const FORMULA_START = /^[=+@\t\r]|^-(?!\d+([.,]\d+)?$)(?=.)/;
/**
 * Text whose own apostrophes come before such a start ("'=nie formuła"): the import takes one
 * apostrophe off, so the export puts one more on, and the text comes back whole.
 */
const APOSTROPHES_BEFORE_START = /^'+[=+@\t\r-]/;

/**
 * Text a spreadsheet takes for a number or a date and changes: without a letter ("000123" loses its
 * zeros, "12.05" becomes the 12th of May, "1,50" 1.5, 15 digits 1,23457E+14), or a number with an
 * exponent ("2e5" becomes 200000, a serial number "12E4" 120000); the file saved back holds what was
 * shown.
 */
const READ_AS_NUMBER = /^[\d .,:/-]*\d[\d .,:/-]*$|^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;
/**
 * Read as a number or as text, and written back the same: a whole number without a leading zero
 * and short enough to be shown whole (Excel shows 11 digits in a General cell), or a Polish zip
 * code, which spreadsheets keep as text.
 */
const COMES_BACK_UNCHANGED = /^(?:[1-9]\d{0,10}|0|\d{2}-\d{3})$/;

/** A cell written as the text formula `="…"`, which Excel shows (and saves back) as that text. */
export class SpreadsheetText {
  constructor(readonly text: string) {}
}

/**
 * A value that must come back from a spreadsheet as it went in (a serial number, a zip code, a
 * power typed without its unit): kept as text when a spreadsheet would read it as a number or a
 * date, else as it is. The import reads `="…"` back as its text.
 */
export const keptAsText = (value: string | null | undefined): string | SpreadsheetText | null | undefined =>
  value && READ_AS_NUMBER.test(value) && !COMES_BACK_UNCHANGED.test(value)
    ? new SpreadsheetText(value)
    : value;

export type CsvValue = string | number | SpreadsheetText | null | undefined;

/**
 * One cell. Text that starts like a formula gets an apostrophe (a file's cell may come from anyone:
 * "=HYPERLINK(…)" in an imported file stays text in the report). Quoted when it holds the
 * separator, a quote, a line break or edge spaces; quotes doubled.
 */
export function csvField(value: CsvValue): string {
  let text: string;
  if (value instanceof SpreadsheetText) text = `="${value.text.replace(/"/g, '""')}"`;
  else {
    text = value === null || value === undefined ? '' : String(value);
    if (typeof value === 'string' && (FORMULA_START.test(text) || APOSTROPHES_BEFORE_START.test(text))) {
      text = `'${text}`;
    }
  }
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A text formula `="…"` as csvField writes it, once the CSV's own quoting is read. */
const TEXT_FORMULA = /^="((?:[^"]|"")*)"$/;

/**
 * A cell of a CSV as the user meant it: the export's `="000123"` is the text 000123, and the
 * apostrophe the export puts before formula-like text is taken off.
 */
export function csvCellText(cell: string): string {
  const formula = TEXT_FORMULA.exec(cell);
  if (formula) return formula[1]!.replace(/""/g, '"');
  return cell.replace(/^'(?='*[=+@\t\r-])/, '');
}

/** One line: the cells, separated, and the line end. */
export const csvLine = (fields: CsvValue[]) => fields.map(csvField).join(SEPARATOR) + EOL;
