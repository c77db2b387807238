import type { ColumnDef } from '@tanstack/react-table';
import type { Service } from '@serwis/domain';
import { formatDate } from '../../../lib/dayjs';
import { numberLabel, paymentTypeLabel } from '../service-display';
import { LongTextCell } from '../../../components/long-text-cell';
import { ServiceStateCell } from './service-state-badge';

/**
 * The columns the service lists and the machine card's service table show alike. Their ids are the
 * server's sort fields (services.list.ts); each has an accessor, without which TanStack Table offers
 * no sorting by its header (the order itself is the server's).
 */
export const serviceNumberColumn: ColumnDef<Service> = {
  id: 'fullNumber',
  header: 'Numer',
  accessorFn: (s) => s.fullNumber,
  meta: { nowrap: true },
  cell: ({ row }) => numberLabel(row.original),
};

export const serviceDateColumn: ColumnDef<Service> = {
  id: 'date',
  header: 'Data',
  accessorFn: (s) => s.date,
  meta: { nowrap: true },
  cell: ({ row }) => formatDate(row.original.date),
};

/** Koszt, Opis usterki, Pracownik, Stan. */
export const serviceWorkColumns: ColumnDef<Service>[] = [
  {
    id: 'paymentType',
    header: 'Koszt',
    accessorFn: (s) => s.paymentType,
    cell: ({ row }) => paymentTypeLabel(row.original.paymentType),
  },
  {
    id: 'faultDescription',
    header: 'Opis usterki',
    accessorFn: (s) => s.faultDescription,
    meta: { minWidth: 220 },
    cell: ({ row }) => <LongTextCell text={row.original.faultDescription} />,
  },
  { id: 'user', header: 'Pracownik', accessorFn: (s) => s.user, cell: ({ row }) => row.original.user },
  {
    id: 'state',
    header: 'Stan',
    accessorFn: (s) => s.state,
    cell: ({ row }) => <ServiceStateCell service={row.original} />,
  },
];
