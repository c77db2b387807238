import type { ColumnDef } from '@tanstack/react-table';
import type { Service } from '@serwis/domain';
import { formatDate } from '../../../lib/dayjs';
import { numberLabel, paymentTypeLabel } from '../service-display';
import { FaultDescriptionCell } from './fault-description-cell';
import { ServiceStateCell } from './service-state-badge';

/**
 * The columns the service lists and the machine card's service table show alike. Their ids are the
 * server's sort fields (services.list.ts).
 */
export const serviceNumberColumn: ColumnDef<Service> = {
  id: 'fullNumber',
  header: 'Numer',
  meta: { nowrap: true },
  cell: ({ row }) => numberLabel(row.original),
};

export const serviceDateColumn: ColumnDef<Service> = {
  id: 'date',
  header: 'Data',
  meta: { nowrap: true },
  cell: ({ row }) => formatDate(row.original.date),
};

/** Koszt, Opis usterki, Pracownik, Stan. */
export const serviceWorkColumns: ColumnDef<Service>[] = [
  { id: 'paymentType', header: 'Koszt', cell: ({ row }) => paymentTypeLabel(row.original.paymentType) },
  {
    id: 'faultDescription',
    header: 'Opis usterki',
    meta: { minWidth: 220 },
    cell: ({ row }) => <FaultDescriptionCell text={row.original.faultDescription} />,
  },
  { id: 'user', header: 'Pracownik', cell: ({ row }) => row.original.user },
  { id: 'state', header: 'Stan', cell: ({ row }) => <ServiceStateCell service={row.original} /> },
];
