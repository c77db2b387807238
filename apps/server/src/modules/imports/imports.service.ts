import {
  IMPORT_MSG,
  IMPORT_PREVIEW_ROWS,
  IMPORT_READ_FROM,
  IMPORT_PROBLEMS_SHOWN,
  MACHINE_STATUSES,
  MSG,
  PROVINCES,
  categoryName,
  customerInsertSchema,
  detectMapping,
  deviceInsertSchema,
  importGivenFields,
  importFields,
  isMachineExport,
  shownCell,
  spreadsheetColumn,
  type ImportFailure,
  type ImportKind,
  type ImportOptions,
  type ImportPreview,
  type ImportProblem,
  type ImportResult,
  type MachineType,
  type SessionUser,
  warrantyText,
} from '@serwis/domain';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import { DEADLOCK_DETECTED, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import { turnTaker } from '../../lib/event-loop-turns.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { refreshInspectionSummariesOfMany } from '../inspections/inspection-summaries.js';
import { cleanCell, type Sheet } from './imports.parse.js';
import { noProgress, type ReportProgress } from './imports.progress.js';
import { inImportQueue } from './imports.queue.js';
import {
  categoryIdsByName,
  customerIdsByFullName,
  customerIdsByName,
  deviceIdsBySerial,
  insertCategoriesNamed,
  insertCustomers,
  insertCustomersNamed,
  insertDevices,
  lockCustomers,
  lockDevices,
  registerNames,
  shownDevicesOf,
  takeImportLock,
  unchangedCustomers,
  unchangedDevices,
  updateCustomers,
  updateDevices,
  type CustomerImportRow,
  type DeviceImportRow,
  type ShownDeviceValues,
} from './imports.repository.js';
import { importTemplateXlsx } from './imports.template.js';

/** The import's answer when any row is wrong: nothing was written. */
export class ImportFailed extends Error {
  constructor(
    readonly problems: ImportProblem[],
    readonly badRows: number,
    readonly total: number,
  ) {
    super(IMPORT_MSG.failed(badRows));
  }

  /** What the import answers: the 422's body, or a streamed import's `failure` line. */
  answer(): ImportFailure {
    return {
      message: this.message,
      code: 'IMPORT_INVALID',
      problems: this.problems,
      problemCount: this.problems.length,
      badRows: this.badRows,
      total: this.total,
    };
  }
}

/**
 * The field of each column: the one sent, else the one its header names; and the required fields
 * no column is mapped to (the import refuses those, the preview asks for them).
 */
export function mapColumns(kind: ImportKind, headers: string[], options: ImportOptions) {
  const fields = importFields(kind);
  const mapping = options.mapping
    ? headers.map((_, i) => options.mapping![i] || null)
    : detectMapping(kind, headers);
  const seen = new Set<string>();
  for (const key of mapping) {
    if (key === null) continue;
    const field = fields.find((f) => f.key === key);
    if (!field) throw badRequest(IMPORT_MSG.unknownField, 'IMPORT_MAPPING', 'mapping');
    if (seen.has(key)) throw badRequest(IMPORT_MSG.duplicateField(field.label), 'IMPORT_MAPPING', 'mapping');
    seen.add(key);
  }
  const missing = fields.filter((field) => field.required && !seen.has(field.key));
  return { mapping, missing };
}

/** The field of each column; a required field without one refuses the file. */
export function resolveMapping(kind: ImportKind, headers: string[], options: ImportOptions) {
  const { mapping, missing } = mapColumns(kind, headers, options);
  if (missing[0]) throw badRequest(IMPORT_MSG.missingColumn(missing[0].label), 'IMPORT_MAPPING', 'mapping');
  return mapping;
}

const DMY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
/**
 * "24 mies. Pełna" (the export's Gwarancja when the months are known) or months alone ("24"); a
 * text that merely starts with a number ("2 lata pełna") is the warranty's kind, as the export
 * writes it when no months are set.
 */
const WARRANTY = /^(\d+)(?:\s*(?:miesi\S*|mies\.?)(?=\s|$)\s*(.*))?$/i;

/** Spreadsheet habits made acceptable to the shared schemas: 31.12.2024, "24 mies. Pełna", case of a province. */
function machineValues(values: Record<string, string>, hasLength: boolean) {
  const out: Record<string, unknown> = { ...values };
  const date = DMY.exec(values.transferDate ?? '');
  if (date) out.transferDate = `${date[3]}-${date[2]!.padStart(2, '0')}-${date[1]!.padStart(2, '0')}`;
  if (!hasLength && values.warranty) {
    const match = WARRANTY.exec(values.warranty);
    if (match) {
      out.warrantyLength = match[1];
      out.warranty = match[2] ?? '';
    }
  }
  if (values.status === '') delete out.status;
  out.province = provinceOf(values.province);
  return out;
}

/**
 * A row's values with the cells that read as its machine's list and export show it (`current`)
 * taken as the machine's own: the export's one "Gwarancja" cell cannot always be read back (a kind
 * "12" reads as 12 months, a kind "36 mies. rozszerzona" as 36 months and "rozszerzona"), nor a
 * line break in a name (an imported cell is one line). Imported unchanged, they leave the machine as
 * it is.
 */
function asShown<T extends { name: string; warrantyLength: number; warranty: string }>(
  data: T,
  cells: Record<string, string>,
  current: ShownDeviceValues,
  hasLength: boolean,
): T {
  const sameWarranty = !hasLength && cells.warranty !== undefined && cells.warranty === warrantyText(current);
  const sameName = cells.name !== undefined && cells.name === cleanCell(current.name);
  return {
    ...data,
    ...(sameWarranty ? { warrantyLength: current.warrantyLength, warranty: current.warranty } : {}),
    ...(sameName ? { name: current.name } : {}),
  };
}

/** A row's machine id (the list's export has one): undefined when empty, null when no id. */
function machineId(text: string | undefined): number | undefined | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return undefined;
  return /^[1-9]\d{0,8}$/.test(trimmed) ? Number(trimmed) : null;
}

const provinceOf = (value: string | undefined) => {
  const wanted = (value ?? '').trim().toLowerCase();
  return PROVINCES.find((p) => p === wanted) ?? value ?? '';
};

interface Row {
  line: number;
  values: Record<string, string>;
}

interface WriteCounts {
  added: number;
  updated: number;
  unchanged: number;
  createdCustomers: number;
  createdCategories: number;
}

interface Analysis {
  mapping: (string | null)[];
  problems: ImportProblem[];
  badRows: Set<number>;
  total: number;
  added: number;
  updated: number;
  missingCustomers: string[];
  missingCategories: string[];
  /** The record each row that updates one would rewrite, by the row's number. */
  targets: Map<number, number>;
  /** Of the rows that find a record, how many give it as it is (the preview's "bez zmian"). */
  unchanged: (db: DbOrTx) => Promise<number>;
  write: (tx: DbOrTx, report: ReportProgress) => Promise<WriteCounts>;
}

/** A progress line every this many rows checked at most (and at most every 100 ms). */
const CHECKS_PER_REPORT = 500;

/**
 * The rows one at a time, the progress of `checking` told as they go, and the event loop given a
 * turn every TURN_MS also when nobody is told (a plain call held its server for 3–5 s).
 */
async function* checked<T>(rows: T[], report: ReportProgress): AsyncGenerator<T> {
  const giveTurn = turnTaker();
  for (let index = 0; index < rows.length; index++) {
    if (index % CHECKS_PER_REPORT === 0) await report('checking', index, rows.length);
    await giveTurn();
    yield rows[index]!;
  }
  await report('checking', rows.length, rows.length);
}

/** The progress of `writing`: the rows each statement wrote, added up over the whole write. */
function rowsWritten(report: ReportProgress, total: number) {
  let done = 0;
  return async (rows: number) => {
    done += rows;
    await report('writing', done, total);
  };
}

function rowsOf(sheet: Sheet, mapping: (string | null)[]): Row[] {
  return sheet.rows.map((cells, index) => {
    const values: Record<string, string> = {};
    mapping.forEach((key, col) => {
      if (key) values[key] = cells[col] ?? '';
    });
    return { line: sheet.rowNumbers[index]!, values };
  });
}

class Problems {
  list: ImportProblem[] = [];
  rows = new Set<number>();
  constructor(
    private headers: string[],
    private mapping: (string | null)[],
  ) {}
  /** The field whose column holds `key`'s value: itself, or the one it is read from. */
  private source(key: string) {
    const from = IMPORT_READ_FROM[key];
    return !this.mapping.includes(key) && from && this.mapping.includes(from) ? from : key;
  }
  column(key: string) {
    const index = this.mapping.indexOf(this.source(key));
    return index >= 0 ? this.headers[index]! : '';
  }
  add(row: Row, key: string, message: string) {
    this.rows.add(row.line);
    // A megabyte pasted into one cell is not repeated in the answer and the report.
    const value = shownCell(row.values[this.source(key)] ?? '');
    this.list.push({ row: row.line, column: this.column(key), value, message });
  }
  zod(row: Row, error: z.ZodError) {
    for (const issue of error.issues) this.add(row, String(issue.path[0] ?? ''), issue.message);
  }
}

/** A row's serial number as its repeats are found (the cell's text, as the schema keeps it). */
const serialOf = (row: Row) => (row.values.serialNumber ?? '').trim();

/** A customer's or category's name as the import compares it: any case, runs of spaces as one. */
const nameKey = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

async function analyseMachines(
  db: DbOrTx,
  family: MachineType,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress,
): Promise<Analysis> {
  const mapping = resolveMapping(family, sheet.headers, options);
  const problems = new Problems(sheet.headers, mapping);
  const rows = rowsOf(sheet, mapping);
  const hasLength = mapping.includes('warrantyLength');
  const valid: { row: Row; data: z.infer<typeof deviceInsertSchema>; id?: number }[] = [];
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

  const customers = await customerIdsByName(db, [...customerNames.keys()]);
  // A name that is no customer's short name may be one customer's full name ("Metalex Sp. z o.o.").
  const byFullName = await customerIdsByFullName(
    db,
    [...customerNames.keys()].filter((key) => !customers.has(key)),
  );
  for (const [key, id] of byFullName.ids) customers.set(key, id);
  const categories = await categoryIdsByName(db, [...categoryNames.keys()]);
  const missingCustomers = [...customerNames]
    .filter(([key]) => !customers.has(key) && !byFullName.ambiguous.has(key))
    .map(([, name]) => name);
  const missingCategories = [...categoryNames]
    .filter(([key]) => !categories.has(key))
    .map(([, name]) => name);
  const badCustomer = new Map<string, string>();
  const badCategory = new Map<string, string>();
  for (const key of byFullName.ambiguous) {
    badCustomer.set(key, IMPORT_MSG.customerAmbiguous(customerNames.get(key)!));
  }
  for (const name of missingCustomers) {
    const check = customerInsertSchema.shape.shortName.safeParse(name);
    const message = !options.createMissing
      ? IMPORT_MSG.customerMissing(name)
      : check.success
        ? null
        : check.error.issues[0]!.message;
    if (message) badCustomer.set(nameKey(name), message);
  }
  for (const name of missingCategories) {
    const check = categoryName.safeParse(name);
    const message = !options.createMissing
      ? IMPORT_MSG.categoryMissing(name)
      : check.success
        ? null
        : check.error.issues[0]!.message;
    if (message) badCategory.set(nameKey(name), message);
  }

  // Every row naming a missing or ambiguous customer or category is told so, also when its own
  // fields are wrong: the user sees all that the row needs at once.
  const namesRefused = new Set<Row>();
  const giveTurn = turnTaker();
  for (const row of rows) {
    await giveTurn();
    const customerProblem = badCustomer.get(nameKey(row.values.customer ?? ''));
    const categoryProblem = badCategory.get(nameKey(row.values.category ?? ''));
    if (customerProblem) problems.add(row, 'customer', customerProblem);
    if (categoryProblem) problems.add(row, 'category', categoryProblem);
    if (customerProblem || categoryProblem) namesRefused.add(row);
  }

  // A row with an id (the list's own export) is that machine; a row without one, by serial number.
  const serials = [...new Set(valid.filter((v) => !v.id).map((v) => v.data.serialNumber))].filter(Boolean);
  const existing = await deviceIdsBySerial(db, family, serials);
  // The machines the rows name by id (only the family's are known) or by serial number.
  const shown = await shownDevicesOf(db, family, [
    ...valid.flatMap((v) => (v.id ? [v.id] : [])),
    ...existing.values(),
  ]);
  const firstLineOfMachine = new Map<number, number>();
  const targets = new Map<number, number>();
  // `serial`: the serial number an update found its machine by (none when the row gave its id).
  const planned: { data: DeviceImportRow; customer: string; category: string; serial?: string }[] = [];
  let updated = 0;
  for (const { row, data: read, id: givenId } of valid) {
    await giveTurn();
    const customerKey = nameKey(row.values.customer!);
    const categoryKey = nameKey(row.values.category!);
    let ok = !namesRefused.has(row);
    const id = givenId ?? (read.serialNumber ? existing.get(read.serialNumber) : undefined);
    if (givenId && !shown.has(givenId)) {
      problems.add(row, 'id', IMPORT_MSG.unknownId(givenId));
      ok = false;
    } else if (!givenId && serialOf(row) && firstLineOfSerial.get(serialOf(row)) !== row.line) {
      ok = false; // a repeat, told above
    } else if (id !== undefined && firstLineOfMachine.has(id)) {
      // One machine, one row: named by its id twice, or by its id and by its serial number.
      problems.add(row, givenId ? 'id' : 'serialNumber', IMPORT_MSG.sameMachine(firstLineOfMachine.get(id)!));
      ok = false;
    } else if (id !== undefined) {
      firstLineOfMachine.set(id, row.line);
    }
    if (!ok) continue;
    const current = id === undefined ? undefined : shown.get(id);
    const data = current ? asShown(read, row.values, current, hasLength) : read;
    if (id) {
      updated++;
      targets.set(row.line, id);
    }
    // An empty status cell keeps an existing machine's status; a new one is "Produkcja".
    const keepStatus = id !== undefined && !(row.values.status ?? '').trim();
    planned.push({
      customer: customerKey,
      category: categoryKey,
      serial: id && !givenId ? data.serialNumber : undefined,
      data: {
        id,
        name: data.name,
        category_id: 0,
        customer_id: 0,
        serial_number: data.serialNumber,
        source_power: data.sourcePower,
        transfer_date: data.transferDate,
        warranty_length: data.warrantyLength,
        warranty: data.warranty,
        street_address: data.streetAddress,
        zip_code: data.zipCode,
        city: data.city,
        province: data.province,
        status: keepStatus ? null : data.status,
        status_weight: keepStatus ? null : MACHINE_STATUSES.find((s) => s.name === data.status)!.weight,
      },
    });
  }

  return {
    mapping,
    problems: problems.list.sort((a, b) => a.row - b.row),
    badRows: problems.rows,
    total: rows.length,
    added: planned.length - updated,
    updated,
    missingCustomers,
    missingCategories,
    targets,
    async unchanged(db) {
      // A row naming a customer or category still to be created changes its machine anyway.
      const comparable = planned.flatMap((p) => {
        const customerId = customers.get(p.customer);
        const categoryId = categories.get(p.category);
        if (!p.data.id || customerId === undefined || categoryId === undefined) return [];
        return [{ ...p.data, customer_id: customerId, category_id: categoryId }];
      });
      return unchangedDevices(db, comparable, importGivenFields(mapping));
    },
    async write(tx, report) {
      // Before anything is written: the machines to update, locked, still those the rows found.
      const updates = planned.filter((p) => p.data.id);
      const now = await lockDevices(
        tx,
        family,
        updates.map((p) => p.data.id!),
      );
      const changed = (p: (typeof planned)[number]) =>
        !now.has(p.data.id!) || (p.serial !== undefined && now.get(p.data.id!) !== p.serial);
      if (updates.some(changed)) throw conflict(IMPORT_MSG.changedMeanwhile, 'IMPORT_CONFLICT');
      const newCustomers = await insertCustomersNamed(tx, missingCustomers);
      const newCategories = await insertCategoriesNamed(tx, missingCategories);
      for (const [key, id] of newCustomers) customers.set(key, id);
      for (const [key, id] of newCategories) categories.set(key, id);
      const toInsert: DeviceImportRow[] = [];
      const toUpdate: DeviceImportRow[] = [];
      for (const p of planned) {
        p.data.customer_id = customers.get(p.customer)!;
        p.data.category_id = categories.get(p.category)!;
        (p.data.id ? toUpdate : toInsert).push(p.data);
      }
      const written = rowsWritten(report, planned.length);
      await report('writing', 0, planned.length);
      const ids = await insertDevices(tx, family, toInsert, written);
      // Only the fields the file gives; the others keep the machine's values.
      const rewritten = await updateDevices(tx, toUpdate, importGivenFields(mapping), written);
      const touched = [...ids, ...rewritten];
      let refreshed = 0;
      await report('summaries', 0, touched.length);
      await refreshInspectionSummariesOfMany(tx, touched, (machines) =>
        report('summaries', (refreshed += machines), touched.length),
      );
      return {
        added: toInsert.length,
        updated: rewritten.length,
        unchanged: toUpdate.length - rewritten.length,
        createdCustomers: newCustomers.size,
        createdCategories: newCategories.size,
      };
    },
  };
}

/** A row's short name as its repeats are found: its cell, compared as names are. */
const shortNameOf = (row: Row) => nameKey(row.values.shortName ?? '');

async function analyseCustomers(
  db: DbOrTx,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress,
): Promise<Analysis> {
  const mapping = resolveMapping('customers', sheet.headers, options);
  const problems = new Problems(sheet.headers, mapping);
  const rows = rowsOf(sheet, mapping);
  const valid: { row: Row; data: z.infer<typeof customerInsertSchema> }[] = [];
  // The first row of each short name: a repeat is told on every row, also on one otherwise wrong.
  const firstLine = new Map<string, number>();
  for await (const row of checked(rows, report)) {
    const key = shortNameOf(row);
    if (key) {
      const first = firstLine.get(key);
      if (first === undefined) firstLine.set(key, row.line);
      else problems.add(row, 'shortName', IMPORT_MSG.duplicateShortName(first));
    }
    const parsed = customerInsertSchema.safeParse({
      ...row.values,
      province: provinceOf(row.values.province),
    });
    if (!parsed.success) problems.zod(row, parsed.error);
    else valid.push({ row, data: parsed.data });
  }
  const existing = await customerIdsByName(db, [...new Set(valid.map((v) => nameKey(v.data.shortName)))]);
  const toInsert: CustomerImportRow[] = [];
  const toUpdate: CustomerImportRow[] = [];
  const targets = new Map<number, number>();
  const giveTurn = turnTaker();
  for (const { row, data } of valid) {
    await giveTurn();
    if (firstLine.get(shortNameOf(row)) !== row.line) continue; // a repeat, told above
    const key = nameKey(data.shortName);
    const record: CustomerImportRow = {
      id: existing.get(key),
      short_name: data.shortName,
      full_name: data.fullName,
      street_address: data.streetAddress,
      zip_code: data.zipCode,
      city: data.city,
      province: data.province,
      nip: data.nip,
      regon: data.regon,
      phone_number: data.phoneNumber,
      email: data.email,
    };
    (record.id ? toUpdate : toInsert).push(record);
    if (record.id) targets.set(row.line, record.id);
  }
  return {
    mapping,
    problems: problems.list.sort((a, b) => a.row - b.row),
    badRows: problems.rows,
    total: rows.length,
    added: toInsert.length,
    updated: toUpdate.length,
    missingCustomers: [],
    missingCategories: [],
    targets,
    unchanged: (db) => unchangedCustomers(db, toUpdate, importGivenFields(mapping)),
    async write(tx, report) {
      // Before anything is written: the customers to update, locked, still named as the rows found.
      const now = await lockCustomers(
        tx,
        toUpdate.map((r) => r.id!),
      );
      if (toUpdate.some((r) => now.get(r.id!) !== nameKey(r.short_name))) {
        throw conflict(IMPORT_MSG.changedMeanwhile, 'IMPORT_CONFLICT');
      }
      const written = rowsWritten(report, toInsert.length + toUpdate.length);
      await report('writing', 0, toInsert.length + toUpdate.length);
      await insertCustomers(tx, toInsert, written);
      // Only the columns the file has: "Nazwa skrócona;Telefon" updates the phones alone.
      const changed = await updateCustomers(tx, toUpdate, importGivenFields(mapping), written);
      return {
        added: toInsert.length,
        updated: changed,
        unchanged: toUpdate.length - changed,
        createdCustomers: 0,
        createdCategories: 0,
      };
    },
  };
}

const analyse = (
  db: DbOrTx,
  kind: ImportKind,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress,
) =>
  kind === 'customers'
    ? analyseCustomers(db, sheet, options, report)
    : analyseMachines(db, kind, sheet, options, report);

/**
 * The machine list's own export is refused as a customer file: its "Nazwa" and "Kontrahent" both
 * read as short names, and every machine would become a customer named after it.
 */
function refuseMachineExport(kind: ImportKind, sheet: Sheet) {
  if (kind === 'customers' && isMachineExport(sheet.headers)) {
    throw badRequest(IMPORT_MSG.machineExportAsCustomers, 'IMPORT_WRONG_LIST', 'file');
  }
}

/** Imports are for administrators; checked before the file is read, and again by each step. */
export function requireAdmin(actor: SessionUser) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
}

/** The values right of the header as the preview tells them, with the column as Excel names it. */
const unheadedOf = ({ unheaded }: Sheet) =>
  unheaded && { ...unheaded, column: spreadsheetColumn(unheaded.column) };

/** The workbook template (administrators); a machine file's lists name the register's customers and categories. */
export async function importTemplate(db: Db, actor: SessionUser, kind: ImportKind): Promise<Buffer> {
  requireAdmin(actor);
  return importTemplateXlsx(kind, kind === 'customers' ? undefined : await registerNames(db));
}

/** Parse, map and check every row; writes nothing. */
export async function previewImport(
  db: Db,
  actor: SessionUser,
  kind: ImportKind,
  fileName: string,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress = noProgress,
): Promise<ImportPreview> {
  requireAdmin(actor);
  refuseMachineExport(kind, sheet);
  const fields = importFields(kind).map((f) => ({ key: f.key, label: f.label, required: !!f.required }));
  const { mapping, missing } = mapColumns(kind, sheet.headers, options);
  if (missing.length) {
    // The columns to choose from, before any row can be checked.
    return {
      fileName,
      headers: sheet.headers,
      mapping,
      fields,
      missingFields: missing.map((field) => field.key),
      sheetName: sheet.sheetName,
      unheaded: unheadedOf(sheet),
      rows: sheet.rows.slice(0, IMPORT_PREVIEW_ROWS).map((row) => row.map(shownCell)),
      rowNumbers: sheet.rowNumbers.slice(0, IMPORT_PREVIEW_ROWS),
      rowTargets: sheet.rowNumbers.slice(0, IMPORT_PREVIEW_ROWS).map(() => null),
      total: sheet.rows.length,
      added: 0,
      updated: 0,
      unchanged: 0,
      missingCustomers: [],
      missingCategories: [],
      problems: [],
      problemCount: 0,
      badRows: 0,
    };
  }
  const analysis = await analyse(db, kind, sheet, options, report);
  const unchanged = await analysis.unchanged(db);
  return {
    fileName,
    headers: sheet.headers,
    mapping: analysis.mapping,
    fields,
    missingFields: [],
    sheetName: sheet.sheetName,
    unheaded: unheadedOf(sheet),
    rows: sheet.rows.slice(0, IMPORT_PREVIEW_ROWS).map((row) => row.map(shownCell)),
    rowNumbers: sheet.rowNumbers.slice(0, IMPORT_PREVIEW_ROWS),
    rowTargets: sheet.rowNumbers
      .slice(0, IMPORT_PREVIEW_ROWS)
      .map((line) => analysis.targets.get(line) ?? null),
    total: analysis.total,
    added: analysis.added,
    updated: analysis.updated - unchanged,
    unchanged,
    missingCustomers: analysis.missingCustomers,
    missingCategories: analysis.missingCategories,
    problems: analysis.problems.slice(0, IMPORT_PROBLEMS_SHOWN),
    problemCount: analysis.problems.length,
    badRows: analysis.badRows.size,
  };
}

const KIND_LABEL: Record<ImportKind, string> = {
  customers: 'kontrahentów',
  INTERNAL: 'maszyn',
  EXTERNAL: 'maszyn zewnętrznych',
};

/**
 * All rows in one transaction, or none: any bad row throws ImportFailed before a write, and a
 * failure while writing rolls everything back. One audit entry names the file and the counts.
 * Imports run one at a time (in this process's queue, then under `takeImportLock` across processes),
 * each reading what the one before it wrote.
 */
export async function runImport(
  db: Db,
  actor: SessionUser,
  kind: ImportKind,
  fileName: string,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress = noProgress,
): Promise<ImportResult> {
  requireAdmin(actor);
  refuseMachineExport(kind, sheet);
  // The transaction, once this process's imports before it have ended (imports.queue.ts).
  const importRows = async (tx: Tx): Promise<ImportResult> => {
    // Read the register only once the import before this one (of another process) has written
    // (or given up).
    await takeImportLock(tx, () => report('waiting', 0, 0));
    const analysis = await analyse(tx, kind, sheet, options, report);
    if (analysis.problems.length) {
      throw new ImportFailed(analysis.problems, analysis.badRows.size, analysis.total);
    }
    const counts = await analysis.write(tx, report);
    const created = [
      counts.createdCustomers ? `, nowi kontrahenci ${counts.createdCustomers}` : '',
      counts.createdCategories ? `, nowe kategorie ${counts.createdCategories}` : '',
    ].join('');
    await audit(
      tx,
      actor,
      `import ${KIND_LABEL[kind]} z pliku ${fileName}: wierszy ${analysis.total}, dodano ${counts.added}, zaktualizowano ${counts.updated}${counts.unchanged ? `, bez zmian ${counts.unchanged}` : ''}${created}`,
      `import:${kind}`,
    );
    return {
      message: IMPORT_MSG.done(counts.added, counts.updated, counts.unchanged),
      fileName,
      total: analysis.total,
      ...counts,
    };
  };
  try {
    return await inImportQueue(
      () => inTransaction(db, importRows),
      () => report('waiting', 0, 0),
    );
  } catch (error) {
    if (error instanceof ImportFailed || error instanceof AppError) throw error;
    // Someone added the same customer or category, or deleted one a row names, meanwhile; or a hand
    // edit and the import each waited for the other: nothing was written; try again.
    if ([UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, DEADLOCK_DETECTED].some((code) => hasPgCode(error, code))) {
      throw conflict(IMPORT_MSG.changedMeanwhile, 'IMPORT_CONFLICT');
    }
    throw error;
  }
}
