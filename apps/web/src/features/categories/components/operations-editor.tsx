import { useMemo, useState } from 'react';
import { ActionIcon, Button, Center, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  CATEGORY_MSG,
  MSG,
  ServiceOperationsError,
  parseOperations,
  type ServiceOperation,
} from '@serwis/domain';
import { errorMessage } from '../../../lib/api-client';
import { ErrorBanner } from '../../../components/error-banner';
import { confirmDelete } from '../../../components/confirm-delete';
import { useCategory, useSaveOperations } from '../api/categories';
import { OperationModal } from './operation-modal';
import { useFocusAfterChange } from '../../../lib/focus-after-change';
import {
  OPERATION_LIST_LABELS,
  arrowsAfterMove,
  buttonsAfterRemove,
} from '../../../components/operation-list-labels';
import { ImportOperations } from './import-operations';
import { LoadingSpinner } from '../../../components/loading-spinner';
import {
  OperationGone,
  addOperation,
  moveOperation,
  removeOperation,
  replaceList,
  replaceOperation,
  type OperationsChange,
} from '../operation-changes';

interface OperationsEditorProps {
  categoryId: number;
  /** Only admins change the list; the server refuses everyone else too. */
  canEdit: boolean;
}

/**
 * A list that cannot be encoded never leaves the browser; its reason is shown like a refusal. So is
 * an operation another administrator removed while this one changed it.
 */
const describeFailure = (error: unknown) =>
  error instanceof ServiceOperationsError || error instanceof OperationGone
    ? error.message
    : errorMessage(error, { 403: MSG.forbiddenShort });

/** Editing target of the modal: a new operation, or `original`, shown at `index`. */
type ModalState = { original?: ServiceOperation; index?: number } | null;
const L = OPERATION_LIST_LABELS;

/** The ordered service operations of a category; each action saves the whole list at once. */
export function OperationsEditor({ categoryId, canEdit }: OperationsEditorProps) {
  const category = useCategory(categoryId);
  const save = useSaveOperations(categoryId);
  const [modal, setModal] = useState<ModalState>(null);
  const [importError, setImportError] = useState<string | null>(null);
  const focusLater = useFocusAfterChange();
  const operations = useMemo(
    () => parseOperations(category.data?.serviceReviewOperationsList),
    [category.data?.serviceReviewOperationsList],
  );

  const persist = (change: OperationsChange, onDone?: () => void) => {
    setImportError(null);
    save.mutate(change, {
      onSuccess: ({ merged }) => {
        notifications.show(
          merged
            ? { color: 'yellow', message: CATEGORY_MSG.operationsMerged, autoClose: 10_000 }
            : { color: 'green', message: MSG.operationsSaved },
        );
        onDone?.();
      },
    });
  };

  const move = (index: number, delta: -1 | 1) => {
    // The keyboard stays on the moved operation's arrow (the other one once it reaches an end).
    focusLater(...arrowsAfterMove(operations[index].name, delta > 0 ? 'down' : 'up'));
    persist(moveOperation(operations[index], index, delta));
  };

  const askRemove = (index: number) =>
    confirmDelete({
      what: `czynność „${operations[index].name}”`,
      onConfirm: () => {
        // The keyboard goes on from the next operation, not from the top of the page.
        focusLater(
          ...buttonsAfterRemove(
            operations.map((op) => op.name),
            index,
          ),
        );
        persist(removeOperation(operations[index], index));
      },
    });

  const openModal = (state: NonNullable<ModalState>) => {
    save.reset();
    setModal(state);
  };

  /** The dialog's own button takes the focus back when it closes (under its new name once saved). */
  const closeModal = (name?: string) => {
    focusLater(name === undefined ? L.add : L.edit(name));
    setModal(null);
  };

  const saveFromModal = (operation: ServiceOperation) => {
    const original = modal?.original;
    const change = original
      ? replaceOperation(original, modal?.index ?? -1, operation)
      : addOperation(operation);
    persist(change, () => closeModal(original ? operation.name : undefined));
  };

  if (category.isPending) {
    return (
      <Center py="lg">
        <LoadingSpinner />
      </Center>
    );
  }

  const failure = save.isError ? describeFailure(save.error) : importError;

  return (
    <Stack>
      <ErrorBanner message={modal ? null : failure} />
      {canEdit ? (
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openModal({})}
            disabled={save.isPending}
          >
            {L.add}
          </Button>
          <ImportOperations
            categoryId={categoryId}
            currentCount={operations.length}
            disabled={save.isPending}
            onImport={(imported) => persist(replaceList(imported, operations))}
            onError={setImportError}
          />
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          Listę czynności serwisowych może zmieniać tylko administrator.
        </Text>
      )}
      {operations.length === 0 ? (
        <Text c="dimmed">Brak czynności serwisowych.</Text>
      ) : (
        <Stack gap="xs" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {operations.map((operation, index) => (
            <Paper key={`${index}-${operation.name}`} withBorder p="sm" component="li">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                {/* A long text (an address of a manual) wraps; the buttons stay in the card. */}
                <Text fw={600} miw={0} style={{ overflowWrap: 'anywhere' }}>
                  {`${index + 1}. ${operation.name}`}
                </Text>
                {canEdit && (
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      size={40}
                      variant="subtle"
                      aria-label={L.moveUp(operation.name)}
                      disabled={index === 0 || save.isPending}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={18} />
                    </ActionIcon>
                    <ActionIcon
                      size={40}
                      variant="subtle"
                      aria-label={L.moveDown(operation.name)}
                      disabled={index === operations.length - 1 || save.isPending}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={18} />
                    </ActionIcon>
                    <ActionIcon
                      size={40}
                      variant="subtle"
                      aria-label={L.edit(operation.name)}
                      disabled={save.isPending}
                      onClick={() => openModal({ original: operation, index })}
                    >
                      <IconPencil size={18} />
                    </ActionIcon>
                    <ActionIcon
                      size={40}
                      variant="subtle"
                      color="red"
                      aria-label={L.remove(operation.name)}
                      disabled={save.isPending}
                      onClick={() => askRemove(index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
              {operation.fields.length > 0 && (
                <Table
                  mt="xs"
                  maw={480}
                  withTableBorder
                  verticalSpacing={4}
                  fz="sm"
                  aria-label={`Pola pomiarowe: ${operation.name}`}
                >
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Nazwa pola</Table.Th>
                      <Table.Th>Jednostka</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {operation.fields.map((field, i) => (
                      <Table.Tr key={i}>
                        <Table.Td>{field.name}</Table.Td>
                        <Table.Td>{field.unit}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Paper>
          ))}
        </Stack>
      )}
      {modal && (
        <OperationModal
          operation={modal.original}
          saving={save.isPending}
          error={save.isError ? describeFailure(save.error) : null}
          onSave={saveFromModal}
          onClose={() => {
            save.reset();
            closeModal(modal.original?.name);
          }}
        />
      )}
    </Stack>
  );
}
