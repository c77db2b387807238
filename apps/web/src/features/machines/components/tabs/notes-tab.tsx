import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ActionIcon, Button, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import {
  LIST_MSG,
  MSG,
  mayChangeOwnRecord,
  shortenText,
  singleSpaced,
  type DeviceNote,
} from '@serwis/domain';
import { confirmDelete } from '../../../../components/confirm-delete';
import { ErrorBanner } from '../../../../components/error-banner';
import { formatDateTime } from '../../../../lib/dayjs';
import { useSession } from '../../../auth/api/session';
import { useDeleteNote, useMachineNotes } from '../../api/machine-notes';
import { NoteModal } from './note-modal';
import { TabToolbar } from './tab-toolbar';
import { forbiddenOrError } from './tab-errors';
import { orConnectionError } from '../../../../lib/failure-text';

/**
 * Notes drawn at first and added by "Pokaż starsze notatki": a machine with 150 notes held a tablet
 * for about a second when its tab opened.
 */
const NOTES_STEP = 20;

/** "Notatki": newest first, each with its last editor; own notes (admins: all) can be changed. */
export function NotesTab({ deviceId }: { deviceId: number }) {
  const notes = useMachineNotes(deviceId);
  const remove = useDeleteNote(deviceId);
  const session = useSession();
  const [editing, setEditing] = useState<DeviceNote | 'new' | null>(null);
  const [shown, setShown] = useState(NOTES_STEP);
  const me = session.data;
  const mayChange = (note: DeviceNote) => mayChangeOwnRecord(me, note.userCreated.id);
  const older = Math.max(0, (notes.data?.length ?? 0) - shown);

  return (
    <>
      <TabToolbar addLabel="Dodaj notatkę" onAdd={() => setEditing('new')} />
      <ErrorBanner
        message={remove.isError ? forbiddenOrError(remove.error) : null}
        onClose={() => remove.reset()}
      />
      <ErrorBanner message={notes.isError ? orConnectionError(MSG.error, notes.error) : null} />
      {notes.isPending ? (
        <Center py="lg" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{MSG.loading}</Text>
          </Group>
        </Center>
      ) : notes.data?.length ? (
        <Stack gap="sm">
          {notes.data.slice(0, shown).map((note) => (
            <Paper key={note.id} withBorder p="sm" component="article" aria-label={`Notatka ${note.id}`}>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{note.text}</Text>
              <Group justify="space-between" mt="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {`${note.userUpdated.firstName} ${note.userUpdated.lastName}`.trim()}
                  {' · '}
                  {formatDateTime(note.updatedAt)}
                </Text>
                {mayChange(note) && (
                  <Group gap={0} wrap="nowrap">
                    <ActionIcon aria-label="Edytuj notatkę" onClick={() => setEditing(note)}>
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      color="red"
                      aria-label="Usuń notatkę"
                      onClick={() =>
                        confirmDelete({
                          // The day alone did not say which of a day's notes goes: its start too.
                          what: `notatkę z dnia ${formatDateTime(note.createdAt).slice(0, 10)}: „${shortenText(singleSpaced(note.text).trim(), 60)}”`,
                          onConfirm: () =>
                            remove.mutate(note.id, {
                              onSuccess: () =>
                                notifications.show({ color: 'green', message: MSG.noteDeleted }),
                            }),
                        })
                      }
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
          {older > 0 && (
            <Button variant="default" onClick={() => setShown((n) => n + NOTES_STEP)}>
              {MSG.olderNotes(older)}
            </Button>
          )}
        </Stack>
      ) : notes.isError ? (
        // Not "Brak danych": the notes could not be read (as a failed list says it).
        <Group justify="center" gap="sm" py="lg">
          <Text>{LIST_MSG.listLoadFailed}</Text>
          <Button variant="light" loading={notes.isFetching} onClick={() => void notes.refetch()}>
            {LIST_MSG.tryAgain}
          </Button>
        </Group>
      ) : (
        <Text ta="center" py="lg" c="dimmed">
          {MSG.noData}
        </Text>
      )}
      <NoteModal deviceId={deviceId} note={editing} onClose={() => setEditing(null)} />
    </>
  );
}
