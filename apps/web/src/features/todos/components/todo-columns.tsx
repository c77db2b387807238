import type { ColumnDef } from '@tanstack/react-table';
import { Badge, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { TODO_STATUS_LABELS, truncateTodoDescription, type Todo } from '@serwis/domain';
import { formatMomentDate } from '../../../lib/dayjs';
import { serviceAddresses } from '../todo-mode';
import { fewNamed } from '../../services/service-display';

/** Columns of /machineTodo; sortable ones carry the server's sort field as id. */
export const todoColumns: ColumnDef<Todo>[] = [
  { id: 'id', header: 'Nr', accessorKey: 'id' },
  {
    id: 'date',
    header: 'Data',
    meta: { nowrap: true },
    accessorFn: (t) => formatMomentDate(t.date),
  },
  {
    id: 'service',
    header: 'Serwis',
    enableSorting: false,
    cell: ({ row }) => {
      const service = row.original.service;
      return service ? (
        <IconCheck color="green" aria-label={`Zdarzenie serwisowe ${service.fullNumber}`} role="img" />
      ) : null;
    },
  },
  {
    id: 'customer',
    header: 'Kontrahent / adres maszyny',
    enableSorting: false,
    cell: ({ row }) => {
      const service = row.original.service;
      if (!service) return null;
      return (
        <>
          <Text size="sm">{service.customer.shortName}</Text>
          {serviceAddresses(row.original).map((address) => (
            <Text key={address} size="xs" c="dimmed">
              {address}
            </Text>
          ))}
        </>
      );
    },
  },
  {
    id: 'machine',
    header: 'Maszyna',
    enableSorting: false,
    // An event of a whole line (30 machines) names five: its row stays on the screen.
    accessorFn: (t) => fewNamed((t.service?.devices ?? []).map((d) => d.name)),
  },
  {
    id: 'description',
    header: 'Opis',
    accessorKey: 'description',
    // The to-do itself: on a tablet the other columns give way, not its words.
    meta: { minWidth: 220 },
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} maw={480}>
        {truncateTodoDescription(row.original.description)}
      </Text>
    ),
  },
  {
    id: 'toDoStatus',
    header: 'Status',
    accessorKey: 'toDoStatus',
    cell: ({ row }) =>
      row.original.toDoStatus === 'DONE' ? (
        <Badge color="green" miw="max-content">
          {TODO_STATUS_LABELS.DONE}
        </Badge>
      ) : (
        <Badge color="gray" miw="max-content">
          {TODO_STATUS_LABELS.TODO}
        </Badge>
      ),
  },
];
