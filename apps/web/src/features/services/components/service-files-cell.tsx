import { ActionIcon, Anchor, Group, Stack, Text } from '@mantine/core';
import { IconDownload, IconEye, IconFileText, IconPhoto, IconTrash } from '@tabler/icons-react';
import { fileKind, type ServiceFile } from '@serwis/domain';

interface ServiceFilesCellProps {
  files: ServiceFile[];
  onOpen: (file: ServiceFile) => void;
  /** Absent when the user may not delete files (admins only). */
  onDelete?: (file: ServiceFile) => void;
  /** The event is signed: its protocol PDFs signed in the app are kept (the server refuses a delete). */
  signed?: boolean;
}

const iconOf = (name: string) => {
  const kind = fileKind(name);
  if (kind === 'image') return <IconPhoto size={16} aria-hidden />;
  if (kind === 'pdf') return <IconFileText size={16} aria-hidden />;
  if (kind === 'video') return <IconEye size={16} aria-hidden />;
  return <IconDownload size={16} aria-hidden />;
};

/** The "Pliki" column: each attachment opens in the shared preview (or downloads) by its name. */
export function ServiceFilesCell({ files, onOpen, onDelete, signed = false }: ServiceFilesCellProps) {
  if (files.length === 0) return null;
  // Clicks here must not also open the row's form.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <Stack gap={0} onClick={stop} onKeyDown={stop}>
      {files.map((file) => (
        <Group key={file.id} gap={2} wrap="nowrap">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => onOpen(file)}
            mih={40}
            aria-label={`${fileKind(file.originalName) === 'other' ? 'Pobierz' : 'Podgląd'}: ${file.originalName}`}
          >
            <Group gap={4} wrap="nowrap">
              {iconOf(file.originalName)}
              <span>
                {file.originalName}
                {/* Two PDFs of one name, the signed one and a correction, told apart by it. */}
                {file.description && (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {file.description}
                  </Text>
                )}
              </span>
            </Group>
          </Anchor>
          {onDelete && !(signed && file.signedProtocol) && (
            <ActionIcon
              color="red"
              aria-label={`Usuń plik: ${file.originalName}`}
              onClick={() => onDelete(file)}
            >
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
    </Stack>
  );
}
