import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { id, ref } from './common.js';

const noteText = z
  .string({ error: MSG.noteTextRequired })
  .trim()
  .min(1, MSG.noteTextRequired)
  .max(MAX.text, validationMessage.tooLong(MAX.text));

export const noteFormSchema = z.object({ text: noteText });

/** Columns a machine's note list may sort by (`sort=<field>,asc|desc`); default newest first. */
export const noteSortFields = ['id', 'text', 'createdAt', 'updatedAt'] as const;
export type NoteSortField = (typeof noteSortFields)[number];

export const noteInsertSchema = z.object({ device: ref, text: noteText });
export type NoteInsert = z.infer<typeof noteInsertSchema>;

/** A note stays with its machine: `device` is accepted (spec) but not changed. */
export const noteUpdateSchema = z.object({ id, device: ref.optional(), text: noteText });
export type NoteUpdate = z.infer<typeof noteUpdateSchema>;

const person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() });

export const noteSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  device: z.object({ id: z.number().int() }),
  /** The author: the one (besides admins) who may edit and delete the note. */
  userCreated: person,
  /** The last editor, shown under the note. */
  userUpdated: person,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DeviceNote = z.infer<typeof noteSchema>;
