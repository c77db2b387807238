import { Alert, FileInput, Modal, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import { MSG, PROTOCOL_MSG, fileUploadFormSchema, type Service } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ModalActions } from '../../../components/modal-actions';
import { UploadProgressBar } from '../../../components/upload-progress-bar';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { errorMessage } from '../../../lib/api-client';
import { useAbortable } from '../../../lib/use-abortable';
import { useUploadSizeCheck } from '../../../lib/upload-size-check';
import { useAddServiceFile } from '../api/services';
import { focusFirstInvalid } from '../../../lib/focus-first-invalid';

const schema = fileUploadFormSchema.pick({ file: true });
type FileValues = { file: File | null };

/**
 * Adds a file to an event; the scan of an event waiting for it (Dodaj skan) signs it on the server,
 * which the dialog says first (`signs`): a photo added there signed and locked the event unasked.
 */
export function AddServiceFileModal({
  service,
  signs = false,
  onClose,
}: {
  service: Service | null;
  signs?: boolean;
  onClose: () => void;
}) {
  const upload = useAddServiceFile();
  const tooLarge = useUploadSizeCheck();
  const sending = useAbortable();
  const sent = useUploadProgress();
  const form = useForm<FileValues>({ initialValues: { file: null }, validate: zod4Resolver(schema) });

  const close = () => {
    // Cancelled while sending: the request stops; the server keeps nothing of a request cut before
    // its last byte.
    sending.abort();
    sent.clear();
    form.reset();
    upload.reset();
    onClose();
  };
  const submit = form.onSubmit(({ file }) => {
    if (!service || !file) return;
    if (sending.busy()) return;
    const refusal = tooLarge(file);
    if (refusal) {
      form.setFieldError('file', refusal);
      return;
    }
    sent.clear();
    upload.mutate(
      { serviceId: service.id, file, signal: sending.start(), onProgress: sent.report },
      {
        onSettled: () => sending.done(),
        onSuccess: () => {
          notifications.show({ color: 'green', message: MSG.fileAdded });
          close();
        },
      },
    );
  }, focusFirstInvalid);

  return (
    <Modal
      opened={service !== null}
      onClose={close}
      title={service ? `Dodawanie pliku do zdarzenia ${service.fullNumber}` : ''}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner
            message={upload.isError ? errorMessage(upload.error, { 403: MSG.forbiddenBang }) : null}
          />
          {signs && <Alert color="yellow">{PROTOCOL_MSG.serviceFileSigns}</Alert>}
          <FileInput
            label="Plik"
            placeholder="Wybierz plik…"
            withAsterisk
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
            {...form.getInputProps('file')}
          />
          <ModalActions onCancel={close} saving={upload.isPending} submitLabel="Dodaj" />
          {upload.isPending && <UploadProgressBar progress={sent.progress} />}
        </Stack>
      </form>
    </Modal>
  );
}
