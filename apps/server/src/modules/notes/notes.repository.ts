import { and, count, eq, type AnyColumn } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { noteSortFields, type NoteSortField } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { orderByField } from '../../lib/sort-param.js';
import { containsAny } from '../../lib/text-search.js';
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

const SORT_COLUMNS: Record<NoteSortField, AnyColumn> = {
  id: deviceNotes.id,
  text: deviceNotes.text,
  createdAt: deviceNotes.createdAt,
  updatedAt: deviceNotes.updatedAt,
};

export interface NoteListOptions {
  q?: string;
  sort?: string;
  limit?: number;
  offset?: number;
}

/** A machine's notes; `q` searches the text. */
function deviceNotesWhere(deviceId: number, q?: string) {
  return and(eq(deviceNotes.deviceId, deviceId), containsAny([deviceNotes.text], q));
}

/** Newest first by creation unless another order is asked for (an unknown sort field is a 400). */
export async function listNotesOfDevice(
  db: DbOrTx,
  deviceId: number,
  options: NoteListOptions = {},
): Promise<NoteWithPeople[]> {
  const query = selectWithPeople(db)
    .where(deviceNotesWhere(deviceId, options.q))
    .orderBy(
      ...orderByField(options.sort, noteSortFields, SORT_COLUMNS, deviceNotes.id, {
        field: 'createdAt',
        direction: 'desc',
      }),
    );
  if (options.limit !== undefined) return query.limit(options.limit).offset(options.offset ?? 0);
  return query;
}

export async function countNotesOfDevice(db: DbOrTx, deviceId: number, q?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(deviceNotes).where(deviceNotesWhere(deviceId, q));
  return Number(row.n);
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
