import type { ColumnDef } from '@tanstack/react-table';
import { Text } from '@mantine/core';
import type { Service, ServiceFile } from '@serwis/domain';
import { formatDate } from '../../../lib/dayjs';
import { numberLabel, paymentTypeLabel, serviceTypesLabel } from '../service-display';
import type { ServiceActions } from '../service-permissions';
import { FaultDescriptionCell } from './fault-description-cell';
import { ServiceFilesCell } from './service-files-cell';
import { ServiceRowActions, type ServiceRowAction } from './service-row-actions';
import { ServiceStateCell } from './service-state-badge';

export interface DeviceServiceColumnsOptions {
  allowed: (service: Service) => ServiceActions;
  onAction: (service: Service, action: ServiceRowAction) => void;
  onOpenFile: (file: ServiceFile) => void;
  onDeleteFile: (service: Service, file: ServiceFile) => void;
}

/** The machine card's service table (spec §2 "Service tab"). */
export function deviceServiceColumns(options: DeviceServiceColumnsOptions): ColumnDef<Service>[] {
  return [
    {
      id: 'fullNumber',
      header: 'Numer',
      meta: { nowrap: true },
      cell: ({ row }) => numberLabel(row.original),
    },
    { id: 'date', header: 'Data', meta: { nowrap: true }, cell: ({ row }) => formatDate(row.original.date) },
    {
      id: 'type',
      header: 'Typ',
      enableSorting: false,
      cell: ({ row }) => <Text size="sm">{serviceTypesLabel(row.original.type)}</Text>,
    },
    { id: 'paymentType', header: 'Koszt', cell: ({ row }) => paymentTypeLabel(row.original.paymentType) },
    {
      id: 'faultDescription',
      header: 'Opis usterki',
      meta: { minWidth: 220 },
      cell: ({ row }) => <FaultDescriptionCell text={row.original.faultDescription} />,
    },
    { id: 'user', header: 'Pracownik', cell: ({ row }) => row.original.user },
    { id: 'state', header: 'Stan', cell: ({ row }) => <ServiceStateCell service={row.original} /> },
    {
      id: 'files',
      header: 'Pliki',
      enableSorting: false,
      cell: ({ row }) => {
        const service = row.original;
        return (
          <ServiceFilesCell
            files={service.files}
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
