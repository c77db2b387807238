import { useState } from 'react';
import { ActionIcon, Button, Center, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  INSTALLATION_OPERATION_TEXT_MAX,
  MSG,
  installationOperationCreateSchema,
  type InstallationOperation,
} from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { confirmDelete } from '../../../components/confirm-delete';
import { errorMessage } from '../../../lib/api-client';
import { useModalLeave } from '../../../lib/unsaved-changes';
import { useFocusAfterChange } from '../../../lib/focus-after-change';
import {
  OPERATION_LIST_LABELS as L,
  arrowsAfterMove,
  buttonsAfterRemove,
} from '../../../components/operation-list-labels';
import { useInstallationOperationMutations, useInstallationOperations } from '../api/company';
import { LoadingSpinner } from '../../../components/loading-spinner';

/** spec §2: a new operation has id 0, an existing one its id. */
type Editing = { id: number; text: string; orderNumber: number } | null;

/** "Protokół montażu" (admin): the ordered installation operations with add, edit, reorder, delete. */
export function InstallationOperationsTab() {
  const list = useInstallationOperations();
  const { add, update, remove, move } = useInstallationOperationMutations();
  const [editing, setEditing] = useState<Editing>(null);
  // The text the modal opened with: Esc, ✕ and "Anuluj" ask when it was changed.
  const [openedWith, setOpenedWith] = useState('');
  const leave = useModalLeave(editing !== null && editing.text !== openedWith, () => setEditing(null));
  const [formError, setFormError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const focusLater = useFocusAfterChange();
  const busy = add.isPending || update.isPending || remove.isPending || move.isPending;
  const failure = [remove, move].find((m) => m.isError)?.error;

  const save = () => {
    if (!editing) return;
    // The form's own check goes under its field (ui.md); the server's refusal in the banner above.
    const checked = installationOperationCreateSchema.safeParse({ text: editing.text });
    if (!checked.success) {
      setTextError(checked.error.issues[0].message);
      return;
    }
    setFormError(null);
    const done = {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MSG.saved });
        setEditing(null);
      },
      onError: (error: unknown) => setFormError(errorMessage(error)),
    };
    if (editing.id === 0) add.mutate(editing.text, done);
    else update.mutate(editing as InstallationOperation, done);
  };

  /** Moves an operation; the keyboard stays on its arrow (the other one once it reaches an end). */
  const moveKeepingFocus = (op: InstallationOperation, direction: 'up' | 'down') => {
    focusLater(...arrowsAfterMove(op.text, direction));
    move.mutate({ id: op.id, direction });
  };

  const open = (value: Editing) => {
    setFormError(null);
    setTextError(null);
    setOpenedWith(value?.text ?? '');
    setEditing(value);
  };

  if (list.isPending) {
    return (
      <Center py="lg">
        <LoadingSpinner />
      </Center>
    );
  }
  const operations = list.data ?? [];

  return (
    <Stack maw={760}>
      <ErrorBanner message={failure ? errorMessage(failure) : null} />
      <Group>
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={busy}
          onClick={() => open({ id: 0, text: '', orderNumber: operations.length + 1 })}
        >
          {L.add}
        </Button>
      </Group>
      {operations.length === 0 ? (
        <Text c="dimmed">Brak czynności montażowych.</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {operations.map((op, index) => (
            <Paper key={op.id} withBorder p="sm" component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* A long text (an address of a manual) wraps; the buttons stay in the card. */}
                <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {`${op.orderNumber}. ${op.text}`}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    size={40}
                    variant="subtle"
                    aria-label={L.moveUp(op.text)}
                    disabled={index === 0 || busy}
                    onClick={() => moveKeepingFocus(op, 'up')}
                  >
                    <IconArrowUp size={18} />
                  </ActionIcon>
                  <ActionIcon
                    size={40}
                    variant="subtle"
                    aria-label={L.moveDown(op.text)}
                    disabled={index === operations.length - 1 || busy}
                    onClick={() => moveKeepingFocus(op, 'down')}
                  >
                    <IconArrowDown size={18} />
                  </ActionIcon>
                  <ActionIcon
                    size={40}
                    variant="subtle"
                    aria-label={L.edit(op.text)}
                    disabled={busy}
                    onClick={() => open({ ...op })}
                  >
                    <IconPencil size={18} />
                  </ActionIcon>
                  <ActionIcon
                    size={40}
                    variant="subtle"
                    color="red"
                    aria-label={L.remove(op.text)}
                    disabled={busy}
                    onClick={() =>
                      confirmDelete({
                        what: `czynność „${op.text}”`,
                        onConfirm: () => {
                          // The keyboard goes on from the next operation, not from the top of the page.
                          focusLater(
                            ...buttonsAfterRemove(
                              operations.map((o) => o.text),
                              index,
                            ),
                          );
                          remove.mutate(op.id);
                        },
                      })
                    }
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={leave}
        title={editing?.id ? 'Edycja czynności montażowej' : 'Nowa czynność montażowa'}
      >
        <Stack>
          <ErrorBanner message={formError} />
          <Textarea
            label="Treść czynności"
            withAsterisk
            error={textError}
            autosize
            minRows={2}
            maxRows={12}
            maxLength={INSTALLATION_OPERATION_TEXT_MAX}
            data-autofocus
            value={editing?.text ?? ''}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setTextError(null);
              setEditing((v) => (v ? { ...v, text } : v));
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={leave}>
              Anuluj
            </Button>
            <Button onClick={save} loading={add.isPending || update.isPending}>
              Zapisz
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
