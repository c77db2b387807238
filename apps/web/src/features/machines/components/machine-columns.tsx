import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { warrantyText, type Device, type MachineSortField } from '@serwis/domain';
import { StatusBadge } from '../../../components/status-badge';
import { formatDate } from '../../../lib/dayjs';

const column = createColumnHelper<Device>();

/**
 * Column ids are the server's sort fields (`machineSortFields`), so a header click sorts on the
 * server by the same column.
 */
const defs: { id: MachineSortField; def: ColumnDef<Device, any> }[] = [
  { id: 'id', def: column.accessor('id', { id: 'id', header: 'Id' }) },
  {
    id: 'status',
    def: column.accessor('status', {
      id: 'status',
      header: 'Status',
      cell: (c) => <StatusBadge status={c.getValue()} />,
    }),
  },
  {
    id: 'statusWeight',
    def: column.accessor('statusWeight', { id: 'statusWeight', header: 'Waga statusu' }),
  },
  { id: 'name', def: column.accessor('name', { id: 'name', header: 'Nazwa' }) },
  {
    id: 'customer',
    def: column.accessor((d) => d.customer?.shortName ?? '', { id: 'customer', header: 'Kontrahent' }),
  },
  {
    id: 'category',
    def: column.accessor((d) => d.category?.name ?? '', { id: 'category', header: 'Kategoria' }),
  },
  {
    id: 'serialNumber',
    // A serial number is read whole: it does not break at its hyphens.
    def: column.accessor('serialNumber', { id: 'serialNumber', header: 'S/N', meta: { nowrap: true } }),
  },
  { id: 'sourcePower', def: column.accessor('sourcePower', { id: 'sourcePower', header: 'Moc' }) },
  {
    id: 'transferDate',
    def: column.accessor((d) => formatDate(d.transferDate), {
      id: 'transferDate',
      header: 'Data',
      meta: { nowrap: true },
    }),
  },
  { id: 'warranty', def: column.accessor((d) => warrantyText(d), { id: 'warranty', header: 'Gwarancja' }) },
  { id: 'streetAddress', def: column.accessor('streetAddress', { id: 'streetAddress', header: 'Ulica' }) },
  {
    id: 'zipCode',
    def: column.accessor('zipCode', { id: 'zipCode', header: 'Kod pocztowy', meta: { nowrap: true } }),
  },
  { id: 'city', def: column.accessor('city', { id: 'city', header: 'Miasto' }) },
  { id: 'province', def: column.accessor('province', { id: 'province', header: 'Województwo' }) },
];

export const machineColumns: ColumnDef<Device, any>[] = defs.map((d) => d.def);

/** The status weight column exists for sorting only (spec §2: "a hidden status weight"). */
export const machineColumnVisibility = { statusWeight: false };
