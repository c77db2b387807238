import { useEffect } from 'react';
import { Modal, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MAX, MSG, PART_SERIAL_MAX, partFormSchema, type Part } from '@serwis/domain';
import { ErrorBanner } from '../../../../components/error-banner';
import { ModalActions } from '../../../../components/modal-actions';
import { useSavePart } from '../../api/machine-parts';
import { forbiddenOrError } from './tab-errors';
import { useModalLeave } from '../../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';

interface PartModalProps {
  deviceId: number;
  /** `'new'` adds a part; a part edits it; null keeps the modal closed. */
  part: Part | 'new' | null;
  onClose: () => void;
}

const EMPTY = { name: '', serialNumber: '', producer: '', decsription: '' };

export function PartModal({ deviceId, part, onClose }: PartModalProps) {
  const save = useSavePart(deviceId);
  const form = useForm({ initialValues: EMPTY, validate: zod4Resolver(partFormSchema) });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (part === null) return;
    const values =
      part === 'new'
        ? EMPTY
        : {
            name: part.name,
            serialNumber: part.serialNumber,
            producer: part.producer,
            decsription: part.decsription,
          };
    setValues(values);
    resetDirty(values);
  }, [part, setValues, resetDirty]);

  const close = () => {
    save.reset();
    form.clearErrors();
    onClose();
  };
  const leave = useModalLeave(part !== null && form.isDirty(), close);
  const editing = part !== null && part !== 'new';

  return (
    <Modal opened={part !== null} onClose={leave} title={editing ? 'Edycja części' : 'Nowa część'}>
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) =>
            save.mutate(
              { ...values, id: editing ? part.id : undefined },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: MSG.partSaved });
                  close();
                },
              },
            ),
          focusFirstInvalid,
        )}
      >
        <Stack>
          <ErrorBanner message={save.isError ? forbiddenOrError(save.error) : null} />
          <TextInput
            label="Nazwa"
            withAsterisk
            maxLength={MAX.name}
            data-autofocus
            {...form.getInputProps('name')}
          />
          <TextInput
            label="Numer seryjny"
            maxLength={PART_SERIAL_MAX}
            {...form.getInputProps('serialNumber')}
          />
          <TextInput label="Producent" maxLength={MAX.name} {...form.getInputProps('producer')} />
          <Textarea
            label="Opis"
            rows={2}
            resize="vertical"
            maxLength={MAX.text}
            {...form.getInputProps('decsription')}
          />
          <ModalActions onCancel={leave} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
