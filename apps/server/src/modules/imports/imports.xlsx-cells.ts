import type ExcelJS from 'exceljs';
import { format as formatNumber, isDateFormat, isTextFormat } from 'numfmt';
import { csvCellText } from '@serwis/domain';

const pad = (n: number) => String(n).padStart(2, '0');

/** Days from 1899-12-30 (the 1900 system's day 0) to 1904-01-01 (the 1904 system's). */
const DAYS_1900_TO_1904 = 1462;

/**
 * A number as the cell shows it in a Polish Excel: by its format ("00-000" makes 950 "00-950", a
 * date format makes a formula's 46358 "2026-12-02"), a general one with a decimal comma, whole
 * numbers in full (never "1,23457E+14").
 */
function numberText(value: number, format: string | undefined, date1904: boolean): string {
  if (!format || format === 'General' || isTextFormat(format)) {
    if (Number.isInteger(value)) return String(value);
    // As Excel's general format shows it (3.3000000000000003, a formula's result, is "3,3"), unless
    // that takes an exponent.
    const shown = formatNumber('General', value, { locale: 'pl' });
    return shown.includes('E') ? String(value).replace('.', ',') : shown;
  }
  if (isDateFormat(format)) {
    return formatNumber('yyyy-mm-dd', date1904 ? value + DAYS_1900_TO_1904 : value);
  }
  return formatNumber(format, value, { locale: 'pl', throws: false, invalid: String(value) });
}

/**
 * A cell as the user sees it: dates as YYYY-MM-DD, numbers as their format shows them, formulas by
 * their result, rich text as text, and text as a CSV cell reads (`csvCellText`).
 */
export function cellText(value: ExcelJS.CellValue, format: string | undefined, date1904: boolean): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue, format, date1904);
    if ('text' in value) return String(value.text);
    return ''; // an error (#N/A), or a formula never calculated
  }
  if (typeof value === 'number') return numberText(value, format, date1904);
  // The export's `="000123"` or `'=…`, opened without running formulas and saved as a workbook.
  if (typeof value === 'string') return csvCellText(value);
  return String(value);
}
