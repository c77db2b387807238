import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { OPERATION_LIMITS, serviceOperationFormSchema, type ServiceOperation } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ModalActions } from '../../../components/modal-actions';
import { useModalLeave } from '../../../lib/unsaved-changes';
import { useFocusAddedRow } from '../../../lib/focus-added-row';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

interface FieldRow {
  key: string;
  name: string;
  unit: string;
}

interface OperationModalProps {
  /** The operation being edited; a new one when absent. */
  operation?: ServiceOperation;
  saving: boolean;
  error?: string | null;
  onSave: (operation: ServiceOperation) => void;
  onClose: () => void;
}

const toRows = (operation?: ServiceOperation): FieldRow[] =>
  (operation?.fields ?? []).map((f) => ({ key: randomId(), name: f.name, unit: f.unit }));

/** Add or edit one service operation: its name and its measurement fields (name and unit). */
export function OperationModal({ operation, saving, error, onSave, onClose }: OperationModalProps) {
  const form = useForm({
    initialValues: { name: operation?.name ?? '', fields: toRows(operation) },
    validate: zod4Resolver(serviceOperationFormSchema),
  });
  const fields = form.values.fields;
  const leave = useModalLeave(form.isDirty(), onClose);
  const { adding, lastRowRef } = useFocusAddedRow();

  const submit = form.onSubmit(
    (values) =>
      onSave({
        name: values.name,
        fields: values.fields.map((f) => ({ name: f.name.trim(), unit: f.unit.trim() })),
      }),
    focusFirstInvalid,
  );

  return (
    <Modal
      opened
      onClose={leave}
      title={operation ? 'Edycja czynności serwisowej' : 'Nowa czynność serwisowa'}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={error} />
          <TextInput
            label="Nazwa czynności"
            required
            data-autofocus
            maxLength={OPERATION_LIMITS.name}
            {...form.getInputProps('name')}
          />
          <Text fw={600} size="sm">
            Pola pomiarowe
          </Text>
          {fields.length === 0 ? (
            <Text size="sm" c="dimmed">
              Czynność bez pól pomiarowych.
            </Text>
          ) : (
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {fields.map((row, index) => (
                  <Table.Tr key={row.key}>
                    <Table.Td>
                      <TextInput
                        label="Nazwa pola"
                        ref={index === fields.length - 1 ? lastRowRef : undefined}
                        maxLength={OPERATION_LIMITS.fieldName}
                        {...form.getInputProps(`fields.${index}.name`)}
                      />
                    </Table.Td>
                    <Table.Td w="30%">
                      <TextInput
                        label="Jednostka"
                        maxLength={OPERATION_LIMITS.fieldUnit}
                        {...form.getInputProps(`fields.${index}.unit`)}
                      />
                    </Table.Td>
                    <Table.Td w={52} style={{ verticalAlign: 'bottom' }}>
                      <ActionIcon
                        size={40}
                        variant="subtle"
                        color="red"
                        aria-label={`Usuń pole ${index + 1}`}
                        onClick={() => form.removeListItem('fields', index)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group>
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={fields.length >= OPERATION_LIMITS.fieldsPerOperation}
              onClick={() => {
                adding();
                form.insertListItem('fields', { key: randomId(), name: '', unit: '' });
              }}
            >
              Dodaj pole
            </Button>
          </Group>
          <ModalActions onCancel={leave} saving={saving} />
        </Stack>
      </form>
    </Modal>
  );
}
