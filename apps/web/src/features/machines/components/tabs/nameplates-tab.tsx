import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ActionIcon, Card, Center, Group, Image, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MSG, type StoredFile } from '@serwis/domain';
import { confirmDelete } from '../../../../components/confirm-delete';
import { ErrorBanner } from '../../../../components/error-banner';
import { storageFileUrl, storageThumbnailUrl, useFilePreview } from '../../../../components/file-preview';
import { errorMessage } from '../../../../lib/api-client';
import { useSession } from '../../../auth/api/session';
import { useDeleteMachineFile, useMachineFiles } from '../../api/machine-files';
import { DescriptionModal } from './description-modal';
import { FileUploadModal } from './file-upload-modal';
import { TabToolbar } from './tab-toolbar';

/** Nameplate cards are 240 × 250 (spec §9). */
const CARD_WIDTH = 240;
const CARD_HEIGHT = 250;
const PHOTO_HEIGHT = 170;

function NameplateCard(props: {
  file: StoredFile;
  onOpen: () => void;
  onEdit: () => void;
  /** Absent when the user may not delete files (admins only). */
  onDelete?: () => void;
}) {
  const { file } = props;
  // The card shows a small copy; "Powiększ" opens the photo itself.
  const url = storageThumbnailUrl(file.filename);
  return (
    <Card
      withBorder
      padding="xs"
      w={CARD_WIDTH}
      h={CARD_HEIGHT}
      component="article"
      aria-label={file.originalName}
    >
      <Card.Section>
        <UnstyledButton
          onClick={props.onOpen}
          aria-label={`Powiększ: ${file.originalName}`}
          w="100%"
          // Its focus ring inside the photo: the card's clipped edge hid one drawn outside.
          style={{ outlineOffset: -3 }}
        >
          <Image
            src={url}
            alt={file.description || file.originalName}
            h={PHOTO_HEIGHT}
            fit="cover"
            loading="lazy"
          />
        </UnstyledButton>
      </Card.Section>
      <Group justify="space-between" wrap="nowrap" gap={4} mt={6} align="flex-start">
        <Text size="sm" lineClamp={2} title={file.description || file.originalName} style={{ flex: 1 }}>
          {file.description || file.originalName}
        </Text>
        <Group gap={0} wrap="nowrap">
          <ActionIcon aria-label={`Edytuj opis: ${file.originalName}`} onClick={props.onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
          {props.onDelete && (
            <ActionIcon color="red" aria-label={`Usuń: ${file.originalName}`} onClick={props.onDelete}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Group>
    </Card>
  );
}

/** "Tabliczki znamionowe": photo cards, image-only upload, editable description, delete (admin). */
export function NameplatesTab({ deviceId }: { deviceId: number }) {
  const files = useMachineFiles(deviceId, 'MACHINE_NAMEPLATE');
  const remove = useDeleteMachineFile();
  // Deleting a photo is the admins' (domain.md "Permissions"); its description is everyone's.
  const isAdmin = Boolean(useSession().data?.isAdmin);
  const { open, preview } = useFilePreview();
  const [adding, setAdding] = useState(false);
  const [describing, setDescribing] = useState<StoredFile | null>(null);

  return (
    <>
      <TabToolbar addLabel="Dodaj tabliczkę znamionową" onAdd={() => setAdding(true)} />
      <ErrorBanner
        message={remove.isError ? errorMessage(remove.error, { 403: MSG.forbidden }) : null}
        onClose={() => remove.reset()}
      />
      <ErrorBanner message={files.isError ? errorMessage(files.error) : null} />
      {files.isPending ? (
        <Center py="lg" role="status">
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{MSG.loading}</Text>
          </Group>
        </Center>
      ) : files.data?.length ? (
        // Cards of 240 px (spec §9) side by side as many as the panel holds: a grid by the screen's
        // width made columns narrower than a card beside the form, and the cards covered each other.
        <Group gap="md" align="flex-start">
          {files.data.map((file) => (
            <NameplateCard
              key={file.id}
              file={file}
              onOpen={() => open({ filename: file.originalName, url: storageFileUrl(file.filename) })}
              onEdit={() => setDescribing(file)}
              onDelete={
                isAdmin
                  ? () =>
                      confirmDelete({
                        what: `tabliczkę znamionową „${file.originalName}”`,
                        onConfirm: () =>
                          remove.mutate(file.id, {
                            onSuccess: () => notifications.show({ color: 'green', message: MSG.fileDeleted }),
                          }),
                      })
                  : undefined
              }
            />
          ))}
        </Group>
      ) : (
        <Text ta="center" py="lg" c="dimmed">
          {MSG.noData}
        </Text>
      )}
      <FileUploadModal
        opened={adding}
        onClose={() => setAdding(false)}
        deviceId={deviceId}
        fileType="MACHINE_NAMEPLATE"
        title="Dodawanie tabliczki znamionowej"
      />
      <DescriptionModal file={describing} onClose={() => setDescribing(null)} />
      {preview}
    </>
  );
}
