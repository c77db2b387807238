import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconDownload, IconEye, IconPencil, IconTrash } from '@tabler/icons-react';
import { MSG, PAGE_SIZES, fileKind, type StoredFile } from '@serwis/domain';
import { confirmDelete } from '../../../../components/confirm-delete';
import {
  DataTable,
  localPage,
  SearchBox,
  tableStateProps,
  useListState,
} from '../../../../components/data-table';
import { ErrorBanner } from '../../../../components/error-banner';
import { formatFileSize, storageFileUrl, useFilePreview } from '../../../../components/file-preview';
import { formatMomentDate } from '../../../../lib/dayjs';
import { errorMessage } from '../../../../lib/api-client';
import { useSession } from '../../../auth/api/session';
import { useDeleteMachineFile, useMachineFiles } from '../../api/machine-files';
import { DescriptionModal } from './description-modal';
import { FileUploadModal } from './file-upload-modal';
import { TabToolbar } from './tab-toolbar';

/** A name or description without spaces wraps too, so the date and size keep room beside them. */
const BREAK_ANYWHERE = { overflowWrap: 'anywhere' } as const;

type MachineFileType = 'MACHINE_FILE' | 'MACHINE_PARAMETER';

const TEXTS: Record<MachineFileType, { add: string; modal: string; what: string }> = {
  MACHINE_FILE: { add: 'Dodaj plik', modal: 'Dodawanie pliku', what: 'plik' },
  MACHINE_PARAMETER: { add: 'Dodaj parametr', modal: 'Dodawanie parametru', what: 'parametr' },
};

const stop = (action: () => void) => (event: React.MouseEvent) => {
  event.stopPropagation();
  action();
};

/** "Pliki" and "Parametry" of the machine card: list, upload, preview, description, delete (admin). */
export function FilesTab({ deviceId, fileType }: { deviceId: number; fileType: MachineFileType }) {
  const files = useMachineFiles(deviceId, fileType);
  const remove = useDeleteMachineFile();
  // Deleting a file is the admins' (domain.md "Permissions"); its description is everyone's.
  const isAdmin = Boolean(useSession().data?.isAdmin);
  const { open, download, preview } = useFilePreview();
  const [adding, setAdding] = useState(false);
  const [describing, setDescribing] = useState<StoredFile | null>(null);
  const list = useListState({
    page: 1,
    size: PAGE_SIZES.other.default,
    sorting: [{ id: 'createdAt', desc: true }],
    search: '',
    filters: {},
  });
  const texts = TEXTS[fileType];
  const show = (file: StoredFile) =>
    open({ filename: file.originalName, url: storageFileUrl(file.filename) });

  const columns: ColumnDef<StoredFile>[] = [
    {
      // The name as uploaded (the stored name may carry a " (2)" that makes it unique).
      id: 'filename',
      header: 'Nazwa',
      accessorKey: 'originalName',
      cell: ({ row }) => (
        <Text size="sm" style={BREAK_ANYWHERE}>
          {row.original.originalName}
        </Text>
      ),
    },
    {
      id: 'description',
      header: 'Opis',
      accessorKey: 'description',
      cell: ({ row }) => (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', ...BREAK_ANYWHERE }}>
          {row.original.description}
        </Text>
      ),
    },
    {
      id: 'createdAt',
      header: 'Data',
      meta: { nowrap: true },
      accessorKey: 'createdAt',
      cell: ({ row }) => formatMomentDate(row.original.createdAt),
    },
    {
      id: 'size',
      header: 'Rozmiar',
      accessorKey: 'size',
      cell: ({ row }) => formatFileSize(row.original.size),
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { stickyEnd: true },
      cell: ({ row }) => {
        const file = row.original;
        const previewable = fileKind(file.originalName) !== 'other';
        return (
          <Group gap={4} wrap="nowrap" justify="flex-end">
            {previewable && (
              <ActionIcon aria-label={`Podgląd: ${file.originalName}`} onClick={stop(() => show(file))}>
                <IconEye size={18} />
              </ActionIcon>
            )}
            <ActionIcon
              aria-label={`Pobierz: ${file.originalName}`}
              onClick={stop(() =>
                download({ url: storageFileUrl(file.filename), filename: file.originalName }),
              )}
            >
              <IconDownload size={18} />
            </ActionIcon>
            <ActionIcon
              aria-label={`Edytuj opis: ${file.originalName}`}
              onClick={stop(() => setDescribing(file))}
            >
              <IconPencil size={18} />
            </ActionIcon>
            {isAdmin && (
              <ActionIcon
                color="red"
                aria-label={`Usuń: ${file.originalName}`}
                onClick={stop(() =>
                  confirmDelete({
                    what: `${texts.what} „${file.originalName}”`,
                    onConfirm: () =>
                      remove.mutate(file.id, {
                        onSuccess: () => notifications.show({ color: 'green', message: MSG.fileDeleted }),
                      }),
                  }),
                )}
              >
                <IconTrash size={18} />
              </ActionIcon>
            )}
          </Group>
        );
      },
    },
  ];

  const name = (f: StoredFile) => f.originalName;
  const description = (f: StoredFile) => f.description;
  // Searched by name and description, as the API's `q` searches them.
  const page = localPage(files.data ?? [], list.state, {
    accessors: { filename: name, description, createdAt: (f) => f.createdAt, size: (f) => f.size },
    searchFields: [name, description],
  });

  return (
    <>
      <TabToolbar addLabel={texts.add} onAdd={() => setAdding(true)}>
        <SearchBox value={list.state.search} onChange={list.setSearch} />
      </TabToolbar>
      <ErrorBanner
        message={remove.isError ? errorMessage(remove.error, { 403: MSG.forbidden }) : null}
        onClose={() => remove.reset()}
      />
      <ErrorBanner message={files.isError ? errorMessage(files.error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={page.items}
        total={page.total}
        loading={files.isPending || (files.isError && files.isFetching)}
        failed={files.isError}
        onRetry={() => void files.refetch()}
        onRowClick={show}
        rowLabel={(file) => file.originalName}
        getRowId={(file) => String(file.id)}
      />
      <FileUploadModal
        opened={adding}
        onClose={() => setAdding(false)}
        deviceId={deviceId}
        fileType={fileType}
        title={texts.modal}
      />
      <DescriptionModal file={describing} onClose={() => setDescribing(null)} />
      {preview}
    </>
  );
}
