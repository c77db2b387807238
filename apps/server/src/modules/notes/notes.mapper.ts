import type { DeviceNote } from '@serwis/domain';
import type { NoteWithPeople } from './notes.repository.js';

export function toDeviceNote({ note, author, editor }: NoteWithPeople): DeviceNote {
  return {
    id: note.id,
    text: note.text,
    device: { id: note.deviceId },
    userCreated: author,
    userUpdated: editor,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}
