import { useEffect } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MAX, MSG, noteFormSchema, type DeviceNote } from '@serwis/domain';
import { ErrorBanner } from '../../../../components/error-banner';
import { ModalActions } from '../../../../components/modal-actions';
import { useSaveNote } from '../../api/machine-notes';
import { forbiddenOrError } from './tab-errors';
import { useModalLeave } from '../../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';
import { withCaretAtEnd } from '../../../../lib/caret-at-end';

interface NoteModalProps {
  deviceId: number;
  /** `'new'` adds a note; a note edits it; null keeps the modal closed. */
  note: DeviceNote | 'new' | null;
  onClose: () => void;
}

export function NoteModal({ deviceId, note, onClose }: NoteModalProps) {
  const save = useSaveNote(deviceId);
  const form = useForm({ initialValues: { text: '' }, validate: zod4Resolver(noteFormSchema) });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (note === null) return;
    const text = note === 'new' ? '' : note.text;
    setValues({ text });
    resetDirty({ text });
  }, [note, setValues, resetDirty]);

  const close = () => {
    save.reset();
    form.clearErrors();
    onClose();
  };
  const leave = useModalLeave(note !== null && form.isDirty(), close);
  const editing = note !== null && note !== 'new';

  return (
    <Modal opened={note !== null} onClose={leave} title={editing ? 'Edycja notatki' : 'Nowa notatka'}>
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ text }) =>
            save.mutate(
              { id: editing ? note.id : undefined, text },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: MSG.noteSaved });
                  close();
                },
              },
            ),
          focusFirstInvalid,
        )}
      >
        <Stack>
          <ErrorBanner message={save.isError ? forbiddenOrError(save.error) : null} />
          <Textarea
            label="Treść notatki"
            withAsterisk
            rows={4}
            resize="vertical"
            maxLength={MAX.text}
            data-autofocus
            {...withCaretAtEnd(form.getInputProps('text'))}
          />
          <ModalActions onCancel={leave} saving={save.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
