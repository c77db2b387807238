import {
  CUSTOMER_SHORT_NAME_MAX_ON_ADD,
  IMPORT_MSG,
  MSG,
  customerImportRowSchema,
  listedProvince,
  importGivenFields,
  type ImportOptions,
} from '@serwis/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import { conflict } from '../../lib/app-error.js';
import { turnTaker } from '../../lib/event-loop-turns.js';
import type { Analysis, WriteCounts } from './imports.analysis.js';
import {
  clearedCustomerFields,
  insertCustomers,
  unchangedCustomers,
  updateCustomers,
  type CustomerImportRow,
} from './imports.customers.repository.js';
import { resolveMapping } from './imports.mapping.js';
import { customerIdsByName } from './imports.names.repository.js';
import { withoutLostLetters } from './imports.lost-letters.js';
import { Problems } from './imports.problems.js';
import type { ReportProgress } from './imports.progress.js';
import { lockCustomers } from './imports.repository.js';
import { checked, nameKey, rowsOf, rowsWritten, type Row } from './imports.rows.js';
import type { Sheet } from './imports.sheet.js';

/** A row's short name as its repeats are found: its cell, compared as names are. */
const shortNameOf = (row: Row) => nameKey(row.values.shortName ?? '');

type ValidCustomerRow = { row: Row; data: z.infer<typeof customerImportRowSchema> };

/** A customer file against the register: each row checked, then added or, by short name, updated. */
export async function analyseCustomers(
  db: DbOrTx,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress,
): Promise<Analysis> {
  const mapping = resolveMapping('customers', sheet.headers, options);
  const problems = new Problems(sheet.headers, mapping);
  const rows = rowsOf(sheet, mapping);
  const readable = withoutLostLetters(sheet, rows, problems);
  const { valid, firstLine } = await checkCustomerRows(readable, problems, report);
  const { toInsert, toUpdate, targets } = await planCustomers(db, valid, firstLine, problems);
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
    cleared: (db) => clearedCustomerFields(db, toUpdate, importGivenFields(mapping)),
    write: (tx, report) => writeCustomers(tx, report, toInsert, toUpdate, mapping),
  };
}

/** Checks every row (a repeated short name, the shared schema), telling `problems`. */
async function checkCustomerRows(rows: Row[], problems: Problems, report: ReportProgress) {
  const valid: ValidCustomerRow[] = [];
  // The first row of each short name: a repeat is told on every row, also on one otherwise wrong.
  const firstLine = new Map<string, number>();
  for await (const row of checked(rows, report)) {
    const key = shortNameOf(row);
    if (key) {
      const first = firstLine.get(key);
      if (first === undefined) firstLine.set(key, row.line);
      else problems.add(row, 'shortName', IMPORT_MSG.duplicateShortName(first));
    }
    const parsed = customerImportRowSchema.safeParse({
      ...row.values,
      province: listedProvince(row.values.province ?? ''),
    });
    if (!parsed.success) problems.zod(row, parsed.error);
    else valid.push({ row, data: parsed.data });
  }
  return { valid, firstLine };
}

/** The customers the valid rows add, and those they update (found by short name). */
async function planCustomers(
  db: DbOrTx,
  valid: ValidCustomerRow[],
  firstLine: Map<string, number>,
  problems: Problems,
) {
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
    if (!record.id && data.shortName.length > CUSTOMER_SHORT_NAME_MAX_ON_ADD) {
      problems.add(row, 'shortName', MSG.customerShortNameMax);
      continue;
    }
    (record.id ? toUpdate : toInsert).push(record);
    if (record.id) targets.set(row.line, record.id);
  }
  return { toInsert, toUpdate, targets };
}

async function writeCustomers(
  tx: DbOrTx,
  report: ReportProgress,
  toInsert: CustomerImportRow[],
  toUpdate: CustomerImportRow[],
  mapping: (string | null)[],
): Promise<WriteCounts> {
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
}
