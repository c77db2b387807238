import { IMPORT_MSG, MACHINE_STATUSES, type MachineType, type deviceInsertSchema } from '@serwis/domain';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.js';
import {
  deviceIdsBySerial,
  shownDevicesOf,
  type DeviceImportRow,
  type ShownDeviceValues,
} from './imports.devices.repository.js';
import { serialOf, type CheckedMachineRows } from './imports.machine-rows.js';
import { asShown } from './imports.machine-values.js';
import type { Problems } from './imports.problems.js';
import { nameKey, type Row } from './imports.rows.js';

/**
 * A machine a row will add or update, with the name keys of its customer and category (their ids
 * are set at the write). `serial`: the serial number an update found its machine by (none when the
 * row gave its id).
 */
export interface PlannedMachine {
  data: DeviceImportRow;
  customer: string;
  category: string;
  serial?: string;
}

/** The rows' machines against the register: what each row writes, and the records it updates. */
export interface MachinePlan {
  planned: PlannedMachine[];
  updated: number;
  targets: Map<number, number>;
}

/**
 * Finds the machine of each valid row (by its id, else by its serial number) and plans its write;
 * a row naming an unknown id, a repeat of its serial number or of its machine, or a refused name
 * writes nothing.
 */
export async function planMachines(
  db: DbOrTx,
  family: MachineType,
  { valid, firstLineOfSerial }: CheckedMachineRows,
  namesRefused: Set<Row>,
  problems: Problems,
  hasLength: boolean,
  giveTurn: () => Promise<void>,
): Promise<MachinePlan> {
  // A row with an id (the list's own export) is that machine; a row without one, by serial number.
  const serials = [...new Set(valid.filter((v) => !v.id).map((v) => v.data.serialNumber))].filter(Boolean);
  const existing = await deviceIdsBySerial(db, family, serials);
  // The machines the rows name by id (only the family's are known) or by serial number.
  const shown = await shownDevicesOf(db, family, [
    ...valid.flatMap((v) => (v.id ? [v.id] : [])),
    ...existing.values(),
  ]);
  const claims: MachineClaims = { shown, firstLineOfSerial, firstLineOfMachine: new Map(), problems };
  const targets = new Map<number, number>();
  const planned: PlannedMachine[] = [];
  let updated = 0;
  for (const { row, data: read, id: givenId } of valid) {
    await giveTurn();
    const customerKey = nameKey(row.values.customer!);
    const categoryKey = nameKey(row.values.category!);
    const id = givenId ?? (read.serialNumber ? existing.get(read.serialNumber) : undefined);
    const claimed = claimMachine(claims, row, givenId, id);
    if (namesRefused.has(row) || !claimed) continue;
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
      data: deviceRecord(data, id, keepStatus),
    });
  }
  return { planned, updated, targets };
}

/** What `claimMachine` checks a row's machine against, and the first row of each machine so far. */
interface MachineClaims {
  shown: Map<number, ShownDeviceValues>;
  firstLineOfSerial: Map<string, number>;
  firstLineOfMachine: Map<number, number>;
  problems: Problems;
}

/**
 * Whether a row may write its machine (`id`, found or given as `givenId`): an id the family knows,
 * the first row of its serial number, the first row of its machine. Told on the row when not.
 */
function claimMachine(claims: MachineClaims, row: Row, givenId: number | undefined, id: number | undefined) {
  const { shown, firstLineOfSerial, firstLineOfMachine, problems } = claims;
  if (givenId && !shown.has(givenId)) {
    problems.add(row, 'id', IMPORT_MSG.unknownId(givenId));
    return false;
  } else if (!givenId && serialOf(row) && firstLineOfSerial.get(serialOf(row)) !== row.line) {
    return false; // a repeat, told above
  } else if (id !== undefined && firstLineOfMachine.has(id)) {
    // One machine, one row: named by its id twice, or by its id and by its serial number.
    problems.add(row, givenId ? 'id' : 'serialNumber', IMPORT_MSG.sameMachine(firstLineOfMachine.get(id)!));
    return false;
  } else if (id !== undefined) {
    firstLineOfMachine.set(id, row.line);
  }
  return true;
}

/** The machine's record as the write gives it (its customer and category ids set at the write). */
function deviceRecord(
  data: z.infer<typeof deviceInsertSchema>,
  id: number | undefined,
  keepStatus: boolean,
): DeviceImportRow {
  return {
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
  };
}
