import type { DataValidation, Workbook } from 'exceljs';
import { IMPORT_MSG, MACHINE_STATUSES, PROVINCES, importFields, type ImportKind } from '@serwis/domain';

/** Columns whose values are identifiers: formatted as text, so "000123" keeps its zeros as typed. */
const TEXT_COLUMNS = new Set(['serialNumber', 'zipCode', 'nip', 'regon', 'phoneNumber']);

/** Columns to choose from a list: what the import takes, as the add forms offer it. */
const LIST_COLUMNS: Record<string, readonly string[]> = {
  status: MACHINE_STATUSES.map((status) => status.label),
  province: PROVINCES.filter(Boolean),
};

/**
 * The register's names a machine file picks from, kept on a hidden sheet: a name typed that is not
 * on the list is only warned of, since the import can create it.
 */
export interface TemplateNames {
  customers: readonly string[];
  categories: readonly string[];
}

const NAMES_SHEET = 'Listy';

/** A column's list: the values or the range they are in, and what a value not on it gets. */
interface Choice {
  formula: string;
  errorStyle: 'stop' | 'warning';
  error: string;
}

const choiceOf = (key: string): Choice | undefined => {
  const list = LIST_COLUMNS[key];
  return list && { formula: `"${list.join(',')}"`, errorStyle: 'stop', error: IMPORT_MSG.chooseFromList };
};

/** Rows below the header that get the formats and the lists (a longer file is pasted as values). */
export const TEMPLATE_ROWS = 2_000;

const DATE_FORMAT = 'yyyy-mm-dd';

/** ExcelJS keeps a sheet's rules by address or range; its types name only the cell's. */
interface RangeValidations {
  dataValidations: { add(range: string, rule: DataValidation): void };
}

/**
 * The template as an Excel workbook: the same header as the CSV template, frozen and bold; the
 * identifier columns formatted as text, the date as YYYY-MM-DD, the status and province chosen
 * from lists, and for machines the customer and category from the register's (`names`). Typed
 * into Excel, a CSV template loses what the workbook keeps.
 */
export async function importTemplateXlsx(kind: ImportKind, names?: TemplateNames): Promise<Buffer> {
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  const sheet = workbook.addWorksheet(kind === 'customers' ? 'Kontrahenci' : 'Maszyny', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  const fields = importFields(kind).filter((field) => !field.ownExportOnly);
  sheet.columns = fields.map((field) => ({
    header: field.label,
    key: field.key,
    width: Math.max(14, field.label.length + 4),
  }));
  sheet.getRow(1).font = { bold: true };
  const last = TEMPLATE_ROWS + 1;
  const nameLists = names ? namesSheet(workbook, names) : {};
  const rules = sheet as unknown as RangeValidations;
  fields.forEach((field, index) => {
    const column = sheet.getColumn(index + 1);
    const numFmt = TEXT_COLUMNS.has(field.key) ? '@' : field.key === 'transferDate' ? DATE_FORMAT : undefined;
    if (numFmt) for (let row = 2; row <= last; row++) sheet.getCell(row, column.number).numFmt = numFmt;
    const choice = choiceOf(field.key) ?? nameLists[field.key];
    // One rule for the column's range: rules set cell by cell are merged by ExcelJS into ranges
    // that overlap (it sorts "A10" before "A2"), which Excel may refuse.
    if (choice) {
      rules.dataValidations.add(`${column.letter}2:${column.letter}${last}`, {
        type: 'list',
        allowBlank: true,
        formulae: [choice.formula],
        showErrorMessage: true,
        errorStyle: choice.errorStyle,
        errorTitle: field.label,
        error: choice.error,
      });
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Writes the customers' and categories' names on a hidden sheet, a column each; answers the field's
 * list (the sheet's range) and its warning, for the lists that have names.
 */
function namesSheet(workbook: Workbook, names: TemplateNames) {
  const sheet = workbook.addWorksheet(NAMES_SHEET, { state: 'hidden' });
  const lists: Record<string, Choice> = {};
  const columns = [
    { key: 'customer', header: 'Kontrahenci', values: names.customers, error: IMPORT_MSG.customerNotListed },
    { key: 'category', header: 'Kategorie', values: names.categories, error: IMPORT_MSG.categoryNotListed },
  ];
  columns.forEach(({ key, header, values, error }, index) => {
    const column = sheet.getColumn(index + 1);
    column.values = [header, ...values];
    column.width = 40;
    // A warning, not a stop: a new name is kept when the user goes on (the import can create it).
    if (values.length) {
      const formula = `${NAMES_SHEET}!$${column.letter}$2:$${column.letter}$${values.length + 1}`;
      lists[key] = { formula, errorStyle: 'warning', error };
    }
  });
  return lists;
}
