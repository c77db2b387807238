import { polishCount, polishPlural } from './numbers.js';

/**
 * The sheet QR nameplates are printed on: A4 with 3 columns × 8 rows of 70 × 37 mm labels, filled
 * row by row. Places are numbered from 1, as a person counts them on the sheet.
 */
export const LABEL_SHEET_LAYOUT = { columns: 3, rows: 8, perSheet: 24 } as const;

/** The first free place on a partly used sheet after printing `count` labels from place `first`. */
export function nextFreeLabel(first: number, count: number): number {
  return ((first - 1 + count) % LABEL_SHEET_LAYOUT.perSheet) + 1;
}

/** How many sheets `count` labels take from place `first` of the first sheet. */
export const labelSheetsNeeded = (first: number, count: number): number =>
  Math.max(1, Math.ceil((first - 1 + count) / LABEL_SHEET_LAYOUT.perSheet));

/** "3 naklejki na 2 arkuszach": what a print takes, said in the dialog before it. */
export function labelPrintSize(first: number, count: number): string {
  const sheets = labelSheetsNeeded(first, count);
  const labels = `${polishCount(count)} ${polishPlural(count, { one: 'naklejka', few: 'naklejki', many: 'naklejek' })}`;
  return `${labels} na ${polishCount(sheets)} ${polishPlural(sheets, { one: 'arkuszu', few: 'arkuszach', many: 'arkuszach' })}`;
}
