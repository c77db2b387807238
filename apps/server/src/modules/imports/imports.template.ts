import type { DataValidation } from 'exceljs';
import { IMPORT_MSG, MACHINE_STATUSES, PROVINCES, importFields, type ImportKind } from '@serwis/domain';

/** Columns whose values are identifiers: formatted as text, so "000123" keeps its zeros as typed. */
const TEXT_COLUMNS = new Set(['serialNumber', 'zipCode', 'nip', 'regon', 'phoneNumber']);

/** Columns to choose from a list: what the import takes, as the add forms offer it. */
const LIST_COLUMNS: Record<string, readonly string[]> = {
  status: MACHINE_STATUSES.map((status) => status.label),
  province: PROVINCES.filter(Boolean),
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
 * from lists. Typed into Excel, a CSV template loses what the workbook keeps.
 */
export async function importTemplateXlsx(kind: ImportKind): Promise<Buffer> {
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
  fields.forEach((field, index) => {
    const column = sheet.getColumn(index + 1);
    const numFmt = TEXT_COLUMNS.has(field.key) ? '@' : field.key === 'transferDate' ? DATE_FORMAT : undefined;
    if (numFmt) for (let row = 2; row <= last; row++) sheet.getCell(row, column.number).numFmt = numFmt;
    const list = LIST_COLUMNS[field.key];
    // One rule for the column's range: rules set cell by cell are merged by ExcelJS into ranges
    // that overlap (it sorts "A10" before "A2"), which Excel may refuse.
    if (list) {
      (sheet as unknown as RangeValidations).dataValidations.add(
        `${column.letter}2:${column.letter}${last}`,
        {
          type: 'list',
          allowBlank: true,
          formulae: [`"${list.join(',')}"`],
          showErrorMessage: true,
          errorStyle: 'stop',
          errorTitle: field.label,
          error: IMPORT_MSG.chooseFromList,
        },
      );
    }
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
