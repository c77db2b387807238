import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/database.js';
import { users } from '../users/users.table.js';
import { deviceNotes } from './notes.table.js';

export type NoteRow = typeof deviceNotes.$inferSelect;

const author = alias(users, 'note_author');
const editor = alias(users, 'note_editor');

/** A note with the names of its author and last editor. */
export interface NoteWithPeople {
  note: NoteRow;
  author: { id: number; firstName: string; lastName: string };
  editor: { id: number; firstName: string; lastName: string };
}

function selectWithPeople(db: DbOrTx) {
  return db
    .select({
      note: deviceNotes,
      author: { id: author.id, firstName: author.firstName, lastName: author.lastName },
      editor: { id: editor.id, firstName: editor.firstName, lastName: editor.lastName },
    })
    .from(deviceNotes)
    .innerJoin(author, eq(author.id, deviceNotes.userCreatedId))
    .innerJoin(editor, eq(editor.id, deviceNotes.userUpdatedId));
}

export function listNotesOfDevice(db: DbOrTx, deviceId: number): Promise<NoteWithPeople[]> {
  return selectWithPeople(db)
    .where(eq(deviceNotes.deviceId, deviceId))
    .orderBy(desc(deviceNotes.createdAt), desc(deviceNotes.id));
}

export async function findNoteWithPeople(db: DbOrTx, id: number): Promise<NoteWithPeople | undefined> {
  const rows = await selectWithPeople(db).where(eq(deviceNotes.id, id)).limit(1);
  return rows[0];
}

export async function findNote(db: DbOrTx, id: number): Promise<NoteRow | undefined> {
  const rows = await db.select().from(deviceNotes).where(eq(deviceNotes.id, id)).limit(1);
  return rows[0];
}

export async function insertNote(db: DbOrTx, values: typeof deviceNotes.$inferInsert): Promise<NoteRow> {
  const [row] = await db.insert(deviceNotes).values(values).returning();
  return row;
}

export async function updateNote(db: DbOrTx, id: number, text: string, editorId: number) {
  await db.update(deviceNotes).set({ text, userUpdatedId: editorId }).where(eq(deviceNotes.id, id));
}

export async function deleteNote(db: DbOrTx, id: number) {
  await db.delete(deviceNotes).where(eq(deviceNotes.id, id));
}
