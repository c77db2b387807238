import { IMPORT_MSG, importGivenFields, type MachineType } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { conflict } from '../../lib/app-error.js';
import { refreshInspectionSummariesOfMany } from '../inspections/inspection-summaries.js';
import type { WriteCounts } from './imports.analysis.js';
import {
  clearedDeviceFields,
  insertDevices,
  unchangedDevices,
  updateDevices,
  type DeviceImportRow,
} from './imports.devices.repository.js';
import type { MachineNames } from './imports.machine-names.js';
import type { PlannedMachine } from './imports.machine-plan.js';
import { insertCategoriesNamed, insertCustomersNamed } from './imports.names.repository.js';
import type { ReportProgress } from './imports.progress.js';
import { lockDevices } from './imports.repository.js';
import { rowsWritten } from './imports.rows.js';

/** Of the planned updates, how many would leave their machine as it is (the preview's "bez zmian"). */
export function unchangedMachines(
  db: DbOrTx,
  planned: PlannedMachine[],
  { customers, categories }: MachineNames,
  mapping: (string | null)[],
) {
  // A row naming a customer or category still to be created changes its machine anyway.
  const comparable = planned.flatMap((p) => {
    const customerId = customers.get(p.customer);
    const categoryId = categories.get(p.category);
    if (!p.data.id || customerId === undefined || categoryId === undefined) return [];
    return [{ ...p.data, customer_id: customerId, category_id: categoryId }];
  });
  return unchangedDevices(db, comparable, importGivenFields(mapping));
}

/**
 * Of the planned updates, how many machines each field would empty (the preview's warning). The
 * customer and the category are never empty (a row without them is refused), so they are not asked.
 */
export function clearedMachineFields(planned: PlannedMachine[], mapping: (string | null)[]) {
  const updates = planned.flatMap((p) => (p.data.id ? [p.data] : []));
  const fields = [...importGivenFields(mapping)].filter(
    (field) => field !== 'customer' && field !== 'category',
  );
  return (db: DbOrTx) => clearedDeviceFields(db, updates, fields);
}

/**
 * Writes the planned machines, creating the missing customers and categories first, and refreshes
 * the inspection summaries of every machine written.
 */
export async function writeMachines(
  tx: DbOrTx,
  report: ReportProgress,
  family: MachineType,
  planned: PlannedMachine[],
  names: MachineNames,
  mapping: (string | null)[],
): Promise<WriteCounts> {
  const { customers, categories } = names;
  await lockPlannedUpdates(tx, family, planned);
  const newCustomers = await insertCustomersNamed(tx, names.missingCustomers);
  const newCategories = await insertCategoriesNamed(tx, names.missingCategories);
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
}

/** Refuses the write when a machine to update is gone, or no longer has the serial number it was found by. */
async function lockPlannedUpdates(tx: DbOrTx, family: MachineType, planned: PlannedMachine[]) {
  // Before anything is written: the machines to update, locked, still those the rows found.
  const updates = planned.filter((p) => p.data.id);
  const now = await lockDevices(
    tx,
    family,
    updates.map((p) => p.data.id!),
  );
  const changed = (p: PlannedMachine) =>
    !now.has(p.data.id!) || (p.serial !== undefined && now.get(p.data.id!) !== p.serial);
  if (updates.some(changed)) throw conflict(IMPORT_MSG.changedMeanwhile, 'IMPORT_CONFLICT');
}
