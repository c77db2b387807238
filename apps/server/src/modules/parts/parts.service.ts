import { MSG, PART_AUDIT_FIELDS, type PartSave, type SessionUser } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { auditChanges, fieldsNamed, filledFields, quotedText } from '../../lib/audit-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { deviceExists } from '../files/files.repository.js';
import { toPart } from './parts.mapper.js';
import { deletePart, findPart, insertPart, updatePart, type PartRow } from './parts.repository.js';
import { machineInLog } from '../devices/devices.log-label.js';

/** A part's fields as the log names them (the part form's labels), in the form's order. */
const PART_FIELDS = fieldsNamed<PartRow>(PART_AUDIT_FIELDS, { description: quotedText });

/**
 * What an add wrote or a delete took away besides the name its entry gives: each field that had a value
 * (": numer seryjny: „F-1”, producent: „Bosch”"); nothing for a part with a name alone.
 */
function partContent(row: PartRow): string {
  const kept = filledFields(row, PART_FIELDS, ['name']);
  return kept.length ? `: ${kept.join(', ')}` : '';
}

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
      // Read again in the writing transaction: the entry keeps the values this edit replaces.
      const before = (await findPart(tx, existing.id)) ?? existing;
      const row = await updatePart(tx, existing.id, values);
      // What changed, the old name among it; the same values saved again: no entry.
      const changes = auditChanges(before, row, PART_FIELDS);
      if (changes.length) {
        await audit(
          tx,
          actor,
          `edycja części nr ${row.id} „${row.name}” maszyny ${await machineInLog(tx, row.deviceId)}: ${changes.join(', ')}`,
          `part:${row.id}`,
        );
      }
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
      // With its serial and producer: which part was fitted, and when (a recall asks).
      `dodanie części nr ${row.id} „${row.name}” do maszyny ${await machineInLog(tx, row.deviceId)}${partContent(row)}`,
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
    // The values as they are when deleted (an edit may have come since the check), kept in the entry.
    const gone = (await findPart(tx, id)) ?? existing;
    await deletePart(tx, id);
    await audit(
      tx,
      actor,
      `usunięcie części nr ${id} „${gone.name}” maszyny ${await machineInLog(tx, gone.deviceId)}${partContent(gone)}`,
      `part:${id}`,
    );
  });
}
