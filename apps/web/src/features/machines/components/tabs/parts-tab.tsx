import { LongTextCell } from '../../../../components/long-text-cell';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ActionIcon, Group, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { MSG, PAGE_SIZES, type Part } from '@serwis/domain';
import { confirmDelete } from '../../../../components/confirm-delete';
import {
  DataTable,
  SearchBox,
  localPage,
  tableStateProps,
  useListState,
} from '../../../../components/data-table';
import { ErrorBanner } from '../../../../components/error-banner';
import { useDeletePart, useMachineParts } from '../../api/machine-parts';
import { PartModal } from './part-modal';
import { TabToolbar } from './tab-toolbar';
import { forbiddenOrError } from './tab-errors';
import { orConnectionError } from '../../../../lib/failure-text';

const ACCESSORS: Record<string, (p: Part) => string> = {
  name: (p) => p.name,
  serialNumber: (p) => p.serialNumber,
  producer: (p) => p.producer,
  decsription: (p) => p.decsription,
};

/** "Części" (equipments): table, add and edit in a modal, delete with confirmation. */
export function PartsTab({ deviceId }: { deviceId: number }) {
  const parts = useMachineParts(deviceId);
  const remove = useDeletePart(deviceId);
  const [editing, setEditing] = useState<Part | 'new' | null>(null);
  const list = useListState({
    page: 1,
    size: PAGE_SIZES.other.default,
    sorting: [{ id: 'name', desc: false }],
    search: '',
    filters: {},
  });

  const columns: ColumnDef<Part>[] = [
    { id: 'name', header: 'Nazwa', accessorKey: 'name' },
    // A 100-character serial without a space wraps instead of pushing the rest out of the panel.
    {
      id: 'serialNumber',
      header: 'Numer seryjny',
      accessorKey: 'serialNumber',
      cell: ({ row }) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {row.original.serialNumber}
        </Text>
      ),
    },
    { id: 'producer', header: 'Producent', accessorKey: 'producer' },
    // Cut as the service tables cut a fault description: an 1,800-character one made a row 1,500 px tall.
    {
      id: 'decsription',
      header: 'Opis',
      accessorKey: 'decsription',
      cell: ({ row }) => <LongTextCell text={row.original.decsription} />,
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { stickyEnd: true },
      cell: ({ row }) => (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <ActionIcon
            aria-label={`Edytuj część: ${row.original.name}`}
            onClick={(event) => {
              event.stopPropagation();
              setEditing(row.original);
            }}
          >
            <IconPencil size={18} />
          </ActionIcon>
          <ActionIcon
            color="red"
            aria-label={`Usuń część: ${row.original.name}`}
            onClick={(event) => {
              event.stopPropagation();
              confirmDelete({
                what: `część „${row.original.name}”`,
                onConfirm: () =>
                  remove.mutate(row.original.id, {
                    onSuccess: () => notifications.show({ color: 'green', message: MSG.partDeleted }),
                  }),
              });
            }}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  const page = localPage(parts.data ?? [], list.state, {
    accessors: ACCESSORS,
    searchFields: Object.values(ACCESSORS),
  });

  return (
    <>
      <TabToolbar addLabel="Dodaj część" onAdd={() => setEditing('new')}>
        <SearchBox value={list.state.search} onChange={list.setSearch} />
      </TabToolbar>
      <ErrorBanner
        message={remove.isError ? forbiddenOrError(remove.error) : null}
        onClose={() => remove.reset()}
      />
      <ErrorBanner message={parts.isError ? orConnectionError(MSG.error, parts.error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={page.items}
        total={page.total}
        loading={parts.isPending || (parts.isError && parts.isFetching)}
        failed={parts.isError}
        onRetry={() => void parts.refetch()}
        onRowClick={(part) => setEditing(part)}
        rowLabel={(part) => part.name}
        getRowId={(part) => String(part.id)}
      />
      <PartModal deviceId={deviceId} part={editing} onClose={() => setEditing(null)} />
    </>
  );
}
