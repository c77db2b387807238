import {
  IMPORT_MSG,
  IMPORT_PREVIEW_ROWS,
  IMPORT_PROBLEMS_SHOWN,
  MSG,
  importFields,
  isMachineExport,
  shownCell,
  spreadsheetColumn,
  type ImportKind,
  type ImportOptions,
  type ImportPreview,
  type ImportResult,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx, Tx } from '../../db/database.js';
import { AppError, badRequest, conflict, forbidden } from '../../lib/app-error.js';
import { DEADLOCK_DETECTED, FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { analyseCustomers } from './imports.customers.js';
import { ImportFailed } from './imports.failed.js';
import { analyseMachines } from './imports.machines.js';
import { mapColumns } from './imports.mapping.js';
import { registerNames } from './imports.names.repository.js';
import { IMPORT_ABANDONED, noProgress, type ReportProgress } from './imports.progress.js';
import { inImportQueue } from './imports.queue.js';
import { takeImportLock } from './imports.repository.js';
import type { Sheet } from './imports.sheet.js';
import { importTemplateXlsx } from './imports.template.js';

export { ImportFailed } from './imports.failed.js';
export { mapColumns, resolveMapping } from './imports.mapping.js';

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
      rowUnchanged: sheet.rowNumbers.slice(0, IMPORT_PREVIEW_ROWS).map(() => false),
      total: sheet.rows.length,
      added: 0,
      updated: 0,
      unchanged: 0,
      cleared: [],
      missingCustomers: [],
      missingCategories: [],
      problems: [],
      problemCount: 0,
      badRows: 0,
    };
  }
  const analysis = await analyse(db, kind, sheet, options, report);
  const unchangedIds = await analysis.unchanged(db);
  const unchanged = unchangedIds.length;
  const same = new Set(unchangedIds);
  const cleared = await analysis.cleared(db);
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
    rowUnchanged: sheet.rowNumbers.slice(0, IMPORT_PREVIEW_ROWS).map((line) => {
      const target = analysis.targets.get(line);
      return target !== undefined && same.has(target);
    }),
    total: analysis.total,
    added: analysis.added,
    updated: analysis.updated - unchanged,
    unchanged,
    cleared,
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
 * failure while writing rolls everything back. One audit entry names the file and the counts, for a
 * refused file too.
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
    if (error instanceof ImportFailed) {
      // Nothing was written, but the attempt is on record, as a failed login is (domain.md).
      await audit(
        db,
        actor,
        `import ${KIND_LABEL[kind]} z pliku ${fileName} przerwany: wierszy ${error.total}, z błędami ${error.badRows}, nie zapisano żadnego`,
        `import:${kind}`,
      );
      throw error;
    }
    if (error instanceof AppError && error.code === IMPORT_ABANDONED) {
      // The tab closed or the network dropped mid-import: rolled back, and on record as the refused.
      await audit(
        db,
        actor,
        `import ${KIND_LABEL[kind]} z pliku ${fileName} przerwany: połączenie zamknięte przed końcem, wierszy ${sheet.rows.length}, nie zapisano żadnego`,
        `import:${kind}`,
      );
    }
    if (error instanceof AppError) throw error;
    // Someone added the same customer or category, or deleted one a row names, meanwhile; or a hand
    // edit and the import each waited for the other: nothing was written; try again.
    if ([UNIQUE_VIOLATION, FOREIGN_KEY_VIOLATION, DEADLOCK_DETECTED].some((code) => hasPgCode(error, code))) {
      throw conflict(IMPORT_MSG.changedMeanwhile, 'IMPORT_CONFLICT');
    }
    throw error;
  }
}
