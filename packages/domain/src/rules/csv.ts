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
 * One cell. Text that starts like a formula gets an apostrophe (a file's cell may come from anyone:
 * "=HYPERLINK(…)" in an imported file stays text in the report). Quoted when it holds the
 * separator, a quote, a line break or edge spaces; quotes doubled.
 */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line: the cells, separated, and the line end. */
export const csvLine = (fields: (string | number | null | undefined)[]) =>
  fields.map(csvField).join(SEPARATOR) + EOL;
