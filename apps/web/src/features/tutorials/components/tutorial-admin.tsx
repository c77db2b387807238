import { useState } from 'react';
import { Button, FileInput, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFolderPlus, IconRefresh, IconUpload } from '@tabler/icons-react';
import { MSG, TUTORIAL_FOLDER_NAME_MAX, tutorialFolderNameSchema, type TutorialEntry } from '@serwis/domain';
import { ErrorBanner } from '../../../components/error-banner';
import { ModalActions } from '../../../components/modal-actions';
import { UploadProgressBar } from '../../../components/upload-progress-bar';
import { useUploadProgress } from '../../../lib/use-upload-progress';
import { errorMessage } from '../../../lib/api-client';
import { useAbortable } from '../../../lib/use-abortable';
import { useUploadSizeCheck } from '../../../lib/upload-size-check';
import { useCreateTutorialFolder, useRefreshTutorials, useUploadTutorial } from '../api/tutorials';

function NewFolderModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTutorialFolder();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = tutorialFolderNameSchema.safeParse(name);
    if (!parsed.success) return setError(MSG.tutorialFolderNameInvalid);
    create.mutate(parsed.data, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: MSG.tutorialFolderCreated });
        close();
      },
    });
  };
  return (
    <Modal opened={opened} onClose={close} title="Nowy folder">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={create.isError ? errorMessage(create.error) : null} />
          <TextInput
            label="Nazwa folderu"
            withAsterisk
            maxLength={TUTORIAL_FOLDER_NAME_MAX}
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <ModalActions onCancel={close} saving={create.isPending} submitLabel="Utwórz" />
        </Stack>
      </form>
    </Modal>
  );
}

function UploadModal({ folder, onClose }: { folder: TutorialEntry | null; onClose: () => void }) {
  const upload = useUploadTutorial();
  const tooLarge = useUploadSizeCheck();
  const sending = useAbortable();
  const sent = useUploadProgress();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    // "Anuluj" while the file is on its way stops it, as for a machine's files: the server keeps
    // nothing of a request cut before its last byte (a tutorial cannot be deleted in the app).
    sending.abort();
    sent.clear();
    setFile(null);
    setError(null);
    upload.reset();
    onClose();
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!folder) return;
    if (!file) return setError(MSG.noFileSelected);
    if (sending.busy()) return;
    // Refused before it is sent, not after 200 MB went up the wire.
    const refusal = tooLarge(file);
    if (refusal) return setError(refusal);
    sent.clear();
    upload.mutate(
      { folderId: folder.id, file, signal: sending.start(), onProgress: sent.report },
      {
        onSettled: () => sending.done(),
        onSuccess: () => {
          notifications.show({ color: 'green', message: MSG.fileAdded });
          close();
        },
      },
    );
  };
  return (
    <Modal opened={folder !== null} onClose={close} title={`Dodaj plik do folderu ${folder?.name ?? ''}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorBanner message={upload.isError ? errorMessage(upload.error, { 403: MSG.forbidden }) : null} />
          <FileInput
            label="Plik"
            placeholder="Wybierz plik…"
            withAsterisk
            clearable
            leftSection={<IconUpload size={16} aria-hidden />}
            value={file}
            onChange={(next) => {
              setFile(next);
              setError(null);
            }}
            error={error}
          />
          <ModalActions onCancel={close} saving={upload.isPending} submitLabel="Dodaj" />
          {upload.isPending && <UploadProgressBar progress={sent.progress} />}
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Admin tools: list the source again; for a local source also a new folder and an upload into
 * the chosen folder (Drive stays read-only). A failed refresh is shown above the list, unless the
 * page already shows the same failure of the tree (one red banner, not two alike); a tree read
 * since then puts it away.
 */
export function TutorialAdminActions({
  writable,
  folder,
  treeError = null,
  treeUpdatedAt = 0,
}: {
  writable: boolean;
  folder: TutorialEntry | null;
  /** The tree's failure as the page shows it. */
  treeError?: string | null;
  /** When the tree was last read. */
  treeUpdatedAt?: number;
}) {
  const refresh = useRefreshTutorials();
  const refreshError =
    refresh.isError && refresh.submittedAt >= treeUpdatedAt ? errorMessage(refresh.error) : null;
  const [folderModal, setFolderModal] = useState(false);
  const [uploadTo, setUploadTo] = useState<TutorialEntry | null>(null);
  return (
    <>
      <Group gap="xs" mb="sm">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={refresh.isPending}
          onClick={() => refresh.mutate()}
        >
          Odśwież
        </Button>
        {writable && (
          <>
            <Button
              variant="default"
              leftSection={<IconFolderPlus size={16} aria-hidden />}
              onClick={() => setFolderModal(true)}
            >
              Nowy folder
            </Button>
            <Button
              leftSection={<IconUpload size={16} aria-hidden />}
              disabled={!folder}
              title={folder ? undefined : 'Wybierz folder po lewej'}
              onClick={() => setUploadTo(folder)}
            >
              Dodaj plik
            </Button>
          </>
        )}
      </Group>
      <ErrorBanner message={refreshError === treeError ? null : refreshError} />
      <NewFolderModal opened={folderModal} onClose={() => setFolderModal(false)} />
      <UploadModal folder={uploadTo} onClose={() => setUploadTo(null)} />
    </>
  );
}
