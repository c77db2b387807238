import { IMPORT_MSG, MSG, deviceInsertSchema } from '@serwis/domain';
import type { z } from 'zod';
import { machineId, machineValues } from './imports.machine-values.js';
import type { Problems } from './imports.problems.js';
import type { ReportProgress } from './imports.progress.js';
import { checked, nameKey, type Row } from './imports.rows.js';

/** A row whose own fields are right: its machine's values, and the id it gave (if any). */
export interface ValidMachineRow {
  row: Row;
  data: z.infer<typeof deviceInsertSchema>;
  id?: number;
}

/** Each row of a machine file checked on its own, before any name or machine is looked up. */
export interface CheckedMachineRows {
  valid: ValidMachineRow[];
  /** The customers and categories the rows name, by name key, each as its first row writes it. */
  customerNames: Map<string, string>;
  categoryNames: Map<string, string>;
  /** The first row of each serial number (rows without an id). */
  firstLineOfSerial: Map<string, number>;
}

/** A row's serial number as its repeats are found (the cell's text, as the schema keeps it). */
export const serialOf = (row: Row) => (row.values.serialNumber ?? '').trim();

/**
 * Checks every row's own fields (a repeated serial number, an id, the names given, the shared
 * schema), telling `problems`; answers the rows without a problem and the names all rows give.
 */
export async function checkMachineRows(
  rows: Row[],
  problems: Problems,
  hasLength: boolean,
  report: ReportProgress,
): Promise<CheckedMachineRows> {
  const valid: ValidMachineRow[] = [];
  const customerNames = new Map<string, string>();
  const categoryNames = new Map<string, string>();
  // The first row of each serial number (rows without an id): a repeat is told on every row, also
  // on one whose other fields are wrong.
  const firstLineOfSerial = new Map<string, number>();
  for await (const row of checked(rows, report)) {
    const { id: idText, ...values } = row.values;
    const id = machineId(idText);
    const serial = serialOf(row);
    if (serial && !(idText ?? '').trim()) {
      const first = firstLineOfSerial.get(serial);
      if (first === undefined) firstLineOfSerial.set(serial, row.line);
      else problems.add(row, 'serialNumber', IMPORT_MSG.duplicateSerial(first));
    }
    if (id === null) problems.add(row, 'id', IMPORT_MSG.badId);
    // The names are resolved below; a placeholder id lets the shared schema check the rest.
    const input = { ...machineValues(values, hasLength), customer: { id: 1 }, category: { id: 1 } };
    const customer = (row.values.customer ?? '').trim();
    const category = (row.values.category ?? '').trim();
    if (!customer) problems.add(row, 'customer', MSG.chooseCustomer);
    if (!category) problems.add(row, 'category', MSG.chooseCategory);
    const parsed = deviceInsertSchema.safeParse(input);
    if (!parsed.success) problems.zod(row, parsed.error);
    // Names of every row, so that the preview lists all the missing ones at once.
    if (customer && !customerNames.has(nameKey(customer))) customerNames.set(nameKey(customer), customer);
    if (category && !categoryNames.has(nameKey(category))) categoryNames.set(nameKey(category), category);
    if (!customer || !category || !parsed.success || id === null) continue;
    valid.push({ row, data: parsed.data, id });
  }
  return { valid, customerNames, categoryNames, firstLineOfSerial };
}
