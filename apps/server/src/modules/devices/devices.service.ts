import {
  DEVICE_AUDIT_FIELDS,
  MACHINE_STATUSES,
  MSG,
  machineStatusLabel,
  type Device,
  type DeviceInsert,
  type DeviceUpdate,
  type MachineStatus,
  type MachineType,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditChanges, bare, fieldsNamed, labelled } from '../../lib/audit-changes.js';

import { audit } from '../../plugins/audit.js';
import { deleteStoredFilesOf, type FileDeps } from '../files/files.service.js';
import { lockInspectionSummaries, refreshInspectionSummaries } from '../inspections/inspection-summaries.js';
import {
  categoryExists,
  countDeviceReferences,
  customerExists,
  deleteDevice,
  findDeviceById,
  insertDevice,
  findDeviceParents,
  lockDevice,
  lockParentsOfMove,
  updateDevice,
  type DeviceTableRow,
  type NewDeviceRow,
} from './devices.repository.js';
import { toDevice } from './devices.mapper.js';
import { FOREIGN_KEY_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import { machineLogLabel } from './devices.log-label.js';

/** Only the database is written: a save ended by a deadlock runs again. */
const RETRY = { retryOnDeadlock: true };

export const statusWeight = (status: MachineStatus) =>
  MACHINE_STATUSES.find((s) => s.name === status)!.weight;

const FAMILY_LABEL: Record<MachineType, string> = { INTERNAL: 'maszyny', EXTERNAL: 'maszyny zewnętrznej' };

/** What an edit's entry names when it changed: the form's fields, status by its label, dates as they are. */
const EDITED_FIELDS = fieldsNamed<DeviceTableRow>(DEVICE_AUDIT_FIELDS, {
  status: labelled(machineStatusLabel),
  transferDate: bare,
  warrantyLength: bare,
});

/** The category and customer must exist; checked in the transaction that writes the machine. */
async function checkReferences(tx: DbOrTx, input: DeviceInsert | DeviceUpdate) {
  if (!(await categoryExists(tx, input.category.id))) {
    throw badRequest(MSG.machineCategoryNotFound, 'CATEGORY_NOT_FOUND', 'category.id');
  }
  if (!(await customerExists(tx, input.customer.id))) {
    throw badRequest(MSG.machineCustomerNotFound, 'CUSTOMER_NOT_FOUND', 'customer.id');
  }
}

function columnsOf(input: DeviceInsert | DeviceUpdate): Omit<NewDeviceRow, 'type'> {
  return {
    name: input.name,
    categoryId: input.category.id,
    customerId: input.customer.id,
    serialNumber: input.serialNumber,
    sourcePower: input.sourcePower,
    transferDate: input.transferDate,
    warrantyLength: input.warrantyLength,
    warranty: input.warranty,
    streetAddress: input.streetAddress,
    zipCode: input.zipCode,
    city: input.city,
    province: input.province,
  };
}

/** A category or customer removed between the check and the write: same answer as the check. */
async function withReferenceGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw badRequest(MSG.machineReferenceGone, 'REFERENCE_GONE');
    throw error;
  }
}

export function createDevice(db: Db, actor: SessionUser, family: MachineType, input: DeviceInsert) {
  return withReferenceGuard(() =>
    inTransaction(
      db,
      async (tx): Promise<Device> => {
        await checkReferences(tx, input);
        const id = await insertDevice(tx, {
          ...columnsOf(input),
          type: family,
          status: input.status,
          statusWeight: statusWeight(input.status),
        });
        await refreshInspectionSummaries(tx, [id]);
        await audit(
          tx,
          actor,
          `dodanie ${FAMILY_LABEL[family]} ${machineLogLabel({ id, name: input.name, serialNumber: input.serialNumber })}`,
          `device:${id}`,
        );
        return toDevice((await findDeviceById(tx, id))!);
      },
      RETRY,
    ),
  );
}

export function editDevice(db: Db, actor: SessionUser, family: MachineType, input: DeviceUpdate) {
  return withReferenceGuard(() =>
    inTransaction(
      db,
      async (tx): Promise<Device> => {
        const parents = await findDeviceParents(tx, input.id);
        const target = { categoryId: input.category.id, customerId: input.customer.id };
        if (parents) await lockParentsOfMove(tx, parents, target);
        const existing = await lockDevice(tx, input.id);
        // A machine of the other family is not reachable through this family's update.
        if (!existing || existing.type !== family) throw notFound(MSG.machineNotFound);
        // Before the machine's row is written (its trigger writes the summary): see the lock's note.
        await lockInspectionSummaries(tx, [input.id]);
        await checkReferences(tx, input);
        const status = input.status ?? (existing.status as MachineStatus);
        await updateDevice(tx, input.id, {
          ...columnsOf(input),
          status,
          statusWeight: statusWeight(status),
        });
        await refreshInspectionSummaries(tx, [input.id]);
        // The row as saved, with the category's and customer's names the triggers copied into it.
        const saved = (await lockDevice(tx, input.id))!;
        const changes = auditChanges(existing, saved, EDITED_FIELDS);
        // A save that changed nothing is not logged; a rename names the old name too (log search).
        if (changes.length) {
          await audit(
            tx,
            actor,
            `edycja ${FAMILY_LABEL[family]} ${machineLogLabel(saved)}: ${changes.join(', ')}`,
            `device:${input.id}`,
          );
        }
        return toDevice((await findDeviceById(tx, input.id))!);
      },
      RETRY,
    ),
  );
}

/**
 * Deletes a machine of either family (admins only). Its notes, parts and file rows go by FK
 * cascade; the file bytes are removed after the commit (a failure there is logged and left for
 * the storage's orphan sweep).
 */
export async function removeDevice(deps: FileDeps, actor: SessionUser, id: number): Promise<void> {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  let removeFileBytes: () => Promise<void>;
  try {
    removeFileBytes = await inTransaction(deps.db, async (tx) => {
      // The row lock makes a concurrent new service event or incident for this machine wait for us.
      const existing = await lockDevice(tx, id);
      if (!existing) throw notFound(MSG.machineNotFound);
      if ((await countDeviceReferences(tx, id)) > 0) throw conflict(MSG.machineInUse, 'DEVICE_IN_USE');
      const removeBytes = await deleteStoredFilesOf(tx, deps.storage, { deviceId: id }, deps.log);
      await deleteDevice(tx, id);
      const family = existing.type as MachineType;
      await audit(
        tx,
        actor,
        `usunięcie ${FAMILY_LABEL[family]} ${machineLogLabel(existing)}`,
        `device:${id}`,
      );
      return removeBytes;
    });
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw conflict(MSG.machineInUse, 'DEVICE_IN_USE');
    throw error;
  }
  await removeFileBytes();
}
