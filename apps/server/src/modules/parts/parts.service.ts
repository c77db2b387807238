import { MSG, type PartSave, type SessionUser } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { deviceExists } from '../files/files.repository.js';
import { toPart } from './parts.mapper.js';
import { deletePart, findPart, insertPart, updatePart } from './parts.repository.js';
import { machineInLog } from '../devices/devices.log-label.js';

/**
 * Insert without id, update with one. A part stays with the machine it was added to: on update
 * `device` is not changed (the card edits parts of one machine only).
 */
export async function savePart(db: Db, actor: SessionUser, input: PartSave) {
  const values = {
    name: input.name,
    serialNumber: input.serialNumber,
    producer: input.producer,
    description: input.decsription,
  };
  if (input.id) {
    const existing = await findPart(db, input.id);
    if (!existing) throw notFound(MSG.partNotFound);
    const part = await inTransaction(db, async (tx) => {
      const row = await updatePart(tx, existing.id, values);
      await audit(
        tx,
        actor,
        `edycja części nr ${row.id} „${row.name}” maszyny ${await machineInLog(tx, row.deviceId)}`,
        `part:${row.id}`,
      );
      return toPart(row);
    });
    return { created: false, part };
  }
  if (!(await deviceExists(db, input.device.id))) throw notFound(MSG.machineNotFound);
  const part = await inTransaction(db, async (tx) => {
    const row = await insertPart(tx, { ...values, deviceId: input.device.id });
    await audit(
      tx,
      actor,
      `dodanie części nr ${row.id} „${row.name}” do maszyny ${await machineInLog(tx, row.deviceId)}`,
      `part:${row.id}`,
    );
    return toPart(row);
  });
  return { created: true, part };
}

export async function removePart(db: Db, actor: SessionUser, id: number) {
  const existing = await findPart(db, id);
  if (!existing) throw notFound(MSG.partNotFound);
  await inTransaction(db, async (tx) => {
    await deletePart(tx, id);
    await audit(
      tx,
      actor,
      `usunięcie części nr ${id} „${existing.name}” maszyny ${await machineInLog(tx, existing.deviceId)}`,
      `part:${id}`,
    );
  });
}
