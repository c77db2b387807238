import { useMemo, useState } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import { ActionIcon, Checkbox, Group, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { MSG, PAGE_SIZES, mayChangeOwnRecord, type Incident } from '@serwis/domain';
import { confirmDelete } from '../../../components/confirm-delete';
import {
  DataTable,
  SearchBox,
  localPage,
  tableStateProps,
  useListState,
} from '../../../components/data-table';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';
import { useSession } from '../../auth/api/session';
import { useDeleteIncident, useIncidents } from '../api/incidents';
import { EMPTY_INCIDENT_FILTERS, type IncidentFilters } from '../incident-query';
import { IncidentModal } from './incident-modal';

const formatWhen = (value: string) => value.slice(0, 16).replace('T', ' ');

const ACCESSORS: Record<string, (i: Incident) => unknown> = {
  date: (i) => i.date,
  text: (i) => i.text,
  service: (i) => i.service?.fullNumber ?? '',
  author: (i) => i.userCreated.fullName,
};

/**
 * The machine card's "Zdarzenia" tab: search, range, linked services, add/edit modal, delete.
 * domain.md "Permissions": an employee edits his own incidents (others' open read-only) and deletes
 * none; admins edit and delete any. The server decides again; this only hides what it would refuse.
 */
export function IncidentsPanel({ deviceId }: { deviceId: number }) {
  const [editing, setEditing] = useState<Incident | 'new' | null>(null);
  const list = useListState<IncidentFilters>({
    page: 1,
    size: PAGE_SIZES.other.default,
    sorting: [{ id: 'date', desc: true }],
    search: '',
    filters: EMPTY_INCIDENT_FILTERS,
  });
  const filters = list.state.filters;
  const incidents = useIncidents(deviceId, list.debouncedSearch, filters);
  const remove = useDeleteIncident(deviceId);
  const me = useSession().data;
  const setFilter = (patch: Partial<IncidentFilters>) => list.setFilters({ ...filters, ...patch });

  const columns = useMemo<ColumnDef<Incident>[]>(
    () => [
      { id: 'date', header: 'Data', meta: { nowrap: true }, accessorFn: (i) => formatWhen(i.date) },
      {
        id: 'text',
        header: 'Treść',
        accessorKey: 'text',
        cell: ({ row }) => (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {row.original.text}
          </Text>
        ),
      },
      { id: 'service', header: 'Zdarzenie serwisowe', accessorFn: (i) => i.service?.fullNumber ?? '' },
      { id: 'author', header: 'Dodał', accessorFn: (i) => i.userCreated.fullName },
      {
        id: 'actions',
        header: '',
        enableSorting: false,
        meta: { stickyEnd: true },
        cell: ({ row }) => {
          const when = formatWhen(row.original.date);
          return (
            <Group gap={4} wrap="nowrap" justify="flex-end">
              {mayChangeOwnRecord(me, row.original.userCreated.id) && (
                <ActionIcon
                  size={40}
                  variant="subtle"
                  aria-label={`Edytuj zdarzenie z ${when}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    setEditing(row.original);
                  }}
                >
                  <IconPencil size={18} />
                </ActionIcon>
              )}
              {me?.isAdmin && (
                <ActionIcon
                  size={40}
                  variant="subtle"
                  color="red"
                  aria-label={`Usuń zdarzenie z ${when}`}
                  onClick={(event) => {
                    event.stopPropagation();
                    confirmDelete({
                      what: `zdarzenie z ${when}`,
                      onConfirm: () =>
                        remove.mutate(row.original.id, {
                          onSuccess: () =>
                            notifications.show({ color: 'green', message: MSG.incidentDeleted }),
                        }),
                    });
                  }}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          );
        },
      },
    ],
    [remove, me],
  );

  // The server has already filtered by text and dates; the browser only sorts and pages.
  const page = localPage(incidents.data ?? [], list.state, { accessors: ACCESSORS });

  return (
    <>
      <Group justify="space-between" align="flex-end" mb="sm" wrap="nowrap">
        <Group gap="sm" align="flex-end">
          <SearchBox value={list.state.search} onChange={list.setSearch} />
          <DatePickerInput
            label="Data od"
            clearable
            valueFormat="YYYY-MM-DD"
            maxDate={filters.to ?? undefined}
            value={filters.from}
            onChange={(from) => setFilter({ from })}
            mb="sm"
            miw={150}
          />
          <DatePickerInput
            label="Data do"
            clearable
            valueFormat="YYYY-MM-DD"
            minDate={filters.from ?? undefined}
            value={filters.to}
            onChange={(to) => setFilter({ to })}
            mb="sm"
            miw={150}
          />
          <Checkbox
            label="Pokaż serwis"
            checked={filters.showService}
            onChange={(e) => setFilter({ showService: e.currentTarget.checked })}
            mb="md"
          />
        </Group>
        <ActionIcon
          aria-label="Dodaj zdarzenie"
          title="Dodaj zdarzenie"
          radius="xl"
          variant="filled"
          size={44}
          mb="sm"
          onClick={() => setEditing('new')}
        >
          <IconPlus size={24} />
        </ActionIcon>
      </Group>
      <ErrorBanner
        message={remove.isError ? errorMessage(remove.error, { 403: MSG.forbiddenBang }) : null}
        onClose={() => remove.reset()}
      />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        columnVisibility={{ service: filters.showService }}
        data={page.items}
        total={page.total}
        loading={incidents.isFetching}
        failed={incidents.isError}
        onRetry={() => void incidents.refetch()}
        onRowClick={(incident) => setEditing(incident)}
        rowLabel={(incident) => `Zdarzenie z ${formatWhen(incident.date)}`}
        getRowId={(incident) => String(incident.id)}
      />
      <IncidentModal
        deviceId={deviceId}
        incident={editing}
        readOnly={editing !== null && editing !== 'new' && !mayChangeOwnRecord(me, editing.userCreated.id)}
        onClose={() => setEditing(null)}
      />
    </>
  );
}
