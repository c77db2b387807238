import { MSG, mayChangeOwnRecord, type NoteInsert, type NoteUpdate, type SessionUser } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { forbidden, notFound } from '../../lib/app-error.js';
import { fieldChange, quotedText } from '../../lib/audit-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { deviceExists } from '../files/files.repository.js';
import { toDeviceNote } from './notes.mapper.js';
import { deleteNote, findNote, findNoteWithPeople, insertNote, updateNote } from './notes.repository.js';
import { machineInLog } from '../devices/devices.log-label.js';

/** Own notes (by author) are the employee's to change; admins may change any (domain.md). */
async function loadEditable(db: Db, actor: SessionUser, id: number) {
  const note = await findNote(db, id);
  if (!note) throw notFound(MSG.noteNotFound);
  if (!mayChangeOwnRecord(actor, note.userCreatedId)) throw forbidden(MSG.forbidden);
  return note;
}

export async function createNote(db: Db, actor: SessionUser, input: NoteInsert) {
  if (!(await deviceExists(db, input.device.id))) throw notFound(MSG.machineNotFound);
  return inTransaction(db, async (tx) => {
    const row = await insertNote(tx, {
      deviceId: input.device.id,
      text: input.text,
      userCreatedId: actor.id,
      userUpdatedId: actor.id,
    });
    await audit(
      tx,
      actor,
      `dodanie notatki nr ${row.id} do maszyny ${await machineInLog(tx, row.deviceId)}`,
      `deviceNote:${row.id}`,
    );
    return toDeviceNote((await findNoteWithPeople(tx, row.id))!);
  });
}

export async function editNote(db: Db, actor: SessionUser, input: NoteUpdate) {
  const note = await loadEditable(db, actor, input.id);
  return inTransaction(db, async (tx) => {
    // Read again in the writing transaction: the entry keeps the text this edit replaces.
    const before = (await findNote(tx, note.id)) ?? note;
    await updateNote(tx, note.id, input.text, actor.id);
    // The same text saved again: the row is written (its last editor), nothing is logged.
    const changes = fieldChange('treść', before.text, input.text, quotedText);
    if (changes.length) {
      await audit(
        tx,
        actor,
        `edycja notatki nr ${note.id} maszyny ${await machineInLog(tx, note.deviceId)}: ${changes.join(', ')}`,
        `deviceNote:${note.id}`,
      );
    }
    return toDeviceNote((await findNoteWithPeople(tx, note.id))!);
  });
}

export async function removeNote(db: Db, actor: SessionUser, id: number) {
  const note = await loadEditable(db, actor, id);
  await inTransaction(db, async (tx) => {
    // The text as it is when deleted (an edit may have come since it was checked), kept in the entry.
    const text = (await findNote(tx, id))?.text ?? note.text;
    await deleteNote(tx, id);
    await audit(
      tx,
      actor,
      `usunięcie notatki nr ${id} maszyny ${await machineInLog(tx, note.deviceId)}: treść: ${quotedText(text)}`,
      `deviceNote:${id}`,
    );
  });
}
