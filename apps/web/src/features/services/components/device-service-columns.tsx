import type { ColumnDef } from '@tanstack/react-table';
import { Text } from '@mantine/core';
import { shortenText, type Service, type ServiceFile } from '@serwis/domain';
import { formatDate } from '../../../lib/dayjs';
import { numberLabel, serviceTypesLabel } from '../service-display';
import type { ServiceActions } from '../service-permissions';
import { serviceDateColumn, serviceNumberColumn, serviceWorkColumns } from './service-columns';
import { ServiceFilesCell } from './service-files-cell';
import { ServiceRowActions, type ServiceRowAction } from './service-row-actions';

/** An event's open to-do under its type: "Zadanie do wykonania: Wymienić pasek…" (60 characters). */
export const openTodoLine = (todo: string) =>
  `Zadanie do wykonania: ${shortenText(todo.replace(/\s+/g, ' '), 60)}`;

export interface DeviceServiceColumnsOptions {
  allowed: (service: Service) => ServiceActions;
  onAction: (service: Service, action: ServiceRowAction) => void;
  onOpenFile: (file: ServiceFile) => void;
  onDeleteFile: (service: Service, file: ServiceFile) => void;
}

/** The machine card's service table (spec §2 "Service tab"). */
export function deviceServiceColumns(options: DeviceServiceColumnsOptions): ColumnDef<Service>[] {
  return [
    serviceNumberColumn,
    serviceDateColumn,
    {
      id: 'type',
      header: 'Typ',
      enableSorting: false,
      cell: ({ row }) => (
        <>
          <Text size="sm">{serviceTypesLabel(row.original.type)}</Text>
          {/* An open to-do of the event, on the card where a caller's machine is looked at. */}
          {row.original.todo !== null && row.original.toDoStatus === 'TODO' && (
            <Text size="xs" c="var(--mantine-color-orange-text)">
              {openTodoLine(row.original.todo)}
            </Text>
          )}
        </>
      ),
    },
    ...serviceWorkColumns,
    {
      id: 'files',
      header: 'Pliki',
      enableSorting: false,
      cell: ({ row }) => {
        const service = row.original;
        return (
          <ServiceFilesCell
            files={service.files}
            signed={service.state === 'PODPISANY'}
            onOpen={options.onOpenFile}
            onDelete={
              options.allowed(service).removeFile ? (file) => options.onDeleteFile(service, file) : undefined
            }
          />
        );
      },
    },
    {
      id: 'actions',
      header: '',
      enableSorting: false,
      meta: { stickyEnd: true },
      cell: ({ row }) => (
        <ServiceRowActions
          label={`zdarzenie ${numberLabel(row.original)} z ${formatDate(row.original.date)}`}
          allowed={options.allowed(row.original)}
          onAction={(action) => options.onAction(row.original, action)}
        />
      ),
    },
  ];
}
