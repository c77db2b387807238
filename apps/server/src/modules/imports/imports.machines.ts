import type { ImportOptions, MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { turnTaker } from '../../lib/event-loop-turns.js';
import type { Analysis } from './imports.analysis.js';
import { resolveMachineNames, rowsNamingRefused } from './imports.machine-names.js';
import { planMachines } from './imports.machine-plan.js';
import { checkMachineRows } from './imports.machine-rows.js';
import { clearedMachineFields, unchangedMachines, writeMachines } from './imports.machine-write.js';
import { resolveMapping } from './imports.mapping.js';
import { withoutLostLetters } from './imports.lost-letters.js';
import { Problems } from './imports.problems.js';
import type { ReportProgress } from './imports.progress.js';
import { rowsOf } from './imports.rows.js';
import type { Sheet } from './imports.sheet.js';

/**
 * A machine file against the register: each row checked on its own, then the customers and
 * categories it names, then the machine it adds or updates.
 */
export async function analyseMachines(
  db: DbOrTx,
  family: MachineType,
  sheet: Sheet,
  options: ImportOptions,
  report: ReportProgress,
): Promise<Analysis> {
  const mapping = resolveMapping(family, sheet.headers, options);
  const problems = new Problems(sheet.headers, mapping);
  const rows = rowsOf(sheet, mapping);
  const readable = withoutLostLetters(sheet, rows, problems);
  const hasLength = mapping.includes('warrantyLength');
  const checkedRows = await checkMachineRows(readable, problems, hasLength, report);
  const names = await resolveMachineNames(db, checkedRows.customerNames, checkedRows.categoryNames, options);
  const giveTurn = turnTaker();
  const namesRefused = await rowsNamingRefused(readable, names, problems, giveTurn);
  const { planned, updated, targets } = await planMachines(
    db,
    family,
    checkedRows,
    namesRefused,
    problems,
    hasLength,
    giveTurn,
  );
  return {
    mapping,
    problems: problems.list.sort((a, b) => a.row - b.row),
    badRows: problems.rows,
    total: rows.length,
    added: planned.length - updated,
    updated,
    missingCustomers: names.missingCustomers,
    missingCategories: names.missingCategories,
    targets,
    unchanged: (db) => unchangedMachines(db, planned, names, mapping),
    cleared: clearedMachineFields(planned, mapping),
    write: (tx, report) => writeMachines(tx, report, family, planned, names, mapping),
  };
}
