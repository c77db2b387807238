import { FileInput, Modal, Stack, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconUpload } from '@tabler/icons-react';
import { zod4Resolver } from 'mantine-form-zod-resolver';
import {
  FILE_DESCRIPTION_MAX,
  MSG,
  fileBaseName,
  fileUploadFormSchema,
  nameplateUploadFormSchema,
  type FileType,
} from '@serwis/domain';
import { ErrorBanner } from '../../../../components/error-banner';
import { ModalActions } from '../../../../components/modal-actions';
import { UploadProgressBar } from '../../../../components/upload-progress-bar';
import { useUploadProgress } from '../../../../lib/use-upload-progress';
import { errorMessage } from '../../../../lib/api-client';
import { useAbortable } from '../../../../lib/use-abortable';
import { useUploadSizeCheck } from '../../../../lib/upload-size-check';
import { useUploadMachineFile } from '../../api/machine-files';
import { useModalLeave } from '../../../../lib/unsaved-changes';
import { focusFirstInvalid } from '../../../../lib/focus-first-invalid';

interface FileUploadModalProps {
  opened: boolean;
  onClose: () => void;
  deviceId: number;
  fileType: FileType;
  title: string;
}

/** A type alias (not an interface) so that the zod resolver accepts it as a plain record. */
type UploadValues = {
  file: File | null;
  description: string;
};

/** Upload of a machine file, parameter or nameplate photo (spec §5: a file is required). */
export function FileUploadModal({ opened, onClose, deviceId, fileType, title }: FileUploadModalProps) {
  const upload = useUploadMachineFile();
  const tooLarge = useUploadSizeCheck();
  const sending = useAbortable();
  const sent = useUploadProgress();
  const nameplate = fileType === 'MACHINE_NAMEPLATE';
  const form = useForm<UploadValues>({
    initialValues: { file: null, description: '' },
    validate: zod4Resolver(nameplate ? nameplateUploadFormSchema : fileUploadFormSchema),
  });

  const close = () => {
    // "Anuluj" while the file is on its way stops it: the server keeps nothing of a request cut
    // before its last byte.
    sending.abort();
    sent.clear();
    form.reset();
    upload.reset();
    onClose();
  };
  // A chosen file or a typed description asks before Esc, ✕ or "Anuluj" drops it.
  const leave = useModalLeave(opened && form.isDirty(), close);

  /** A parameter is described by its file name until the user types something else. */
  const chooseFile = (file: File | null) => {
    if (fileType === 'MACHINE_PARAMETER' && file) {
      const previousDefault = form.values.file ? fileBaseName(form.values.file.name) : '';
      if (form.values.description === '' || form.values.description === previousDefault) {
        form.setFieldValue('description', fileBaseName(file.name));
      }
    }
    form.setFieldValue('file', file);
    form.clearFieldError('file');
  };

  const submit = form.onSubmit(({ file, description }) => {
    if (sending.busy()) return;
    const refusal = tooLarge(file!);
    if (refusal) {
      form.setFieldError('file', refusal);
      return;
    }
    sent.clear();
    upload.mutate(
      {
        deviceId,
        type: fileType,
        file: file!,
        description,
        signal: sending.start(),
        onProgress: sent.report,
      },
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
    <Modal opened={opened} onClose={leave} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={upload.isError ? errorMessage(upload.error, { 403: MSG.forbidden }) : null} />
          <FileInput
            label={nameplate ? 'Zdjęcie tabliczki' : 'Plik'}
            placeholder="Wybierz plik…"
            withAsterisk
            clearable
            accept={nameplate ? 'image/*' : undefined}
            leftSection={<IconUpload size={16} aria-hidden />}
            value={form.values.file}
            onChange={chooseFile}
            error={form.errors.file}
          />
          <Textarea
            label="Opis"
            rows={2}
            resize="vertical"
            maxLength={FILE_DESCRIPTION_MAX}
            {...form.getInputProps('description')}
          />
          <ModalActions onCancel={leave} saving={upload.isPending} submitLabel="Dodaj" />
          {upload.isPending && <UploadProgressBar progress={sent.progress} />}
        </Stack>
      </form>
    </Modal>
  );
}
