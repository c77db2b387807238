import { useEffect } from 'react';
import { Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { FILE_DESCRIPTION_MAX, MSG, fileDescriptionUpdateSchema, type StoredFile } from '@serwis/domain';
import { ErrorBanner } from '../../../../components/error-banner';
import { ModalActions } from '../../../../components/modal-actions';
import { errorMessage } from '../../../../lib/api-client';
import { useUpdateFileDescription } from '../../api/machine-files';
import { useModalLeave } from '../../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';
import { withCaretAtEnd } from '../../../../lib/caret-at-end';

/** Edits the description of one stored file; `file` null keeps the modal closed. */
export function DescriptionModal({ file, onClose }: { file: StoredFile | null; onClose: () => void }) {
  const update = useUpdateFileDescription();
  const form = useForm({
    initialValues: { description: '' },
    validate: (values) => zod4Resolver(fileDescriptionUpdateSchema)({ ...values, id: file?.id ?? 1 }),
  });
  const { setValues, resetDirty } = form;
  useEffect(() => {
    if (file) {
      setValues({ description: file.description });
      resetDirty({ description: file.description });
    }
  }, [file, setValues, resetDirty]);

  const close = () => {
    update.reset();
    onClose();
  };
  const leave = useModalLeave(file !== null && form.isDirty(), close);

  return (
    <Modal opened={file !== null} onClose={leave} title={file ? `Opis pliku ${file.originalName}` : ''}>
      <form
        noValidate
        onSubmit={form.onSubmit(
          ({ description }) =>
            update.mutate(
              { id: file!.id, description },
              {
                onSuccess: () => {
                  notifications.show({ color: 'green', message: MSG.fileDescriptionSaved });
                  close();
                },
              },
            ),
          focusFirstInvalid,
        )}
      >
        <Stack>
          <ErrorBanner message={update.isError ? errorMessage(update.error, { 403: MSG.forbidden }) : null} />
          <Textarea
            label="Opis"
            rows={2}
            resize="vertical"
            maxLength={FILE_DESCRIPTION_MAX}
            data-autofocus
            {...withCaretAtEnd(form.getInputProps('description'))}
          />
          <ModalActions onCancel={leave} saving={update.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}
