import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { PAGE_SIZES } from '@serwis/domain';
import { errorMessage } from '../lib/api-client';
import { DataTable, localPage } from './data-table';
import { ErrorBanner } from './error-banner';
import { StatusBadge } from './status-badge';

/** What a "machines of …" card lists of each machine; the machine module owns the full shape. */
export interface MachineOfRow {
  id: number;
  name: string;
  serialNumber?: string;
  status?: string;
  city?: string;
}

/** The one column that differs by owner: a category lists each machine's customer, a customer its category. */
export interface OwnerColumn<T> {
  id: string;
  header: string;
  value: (machine: T) => string | undefined;
}

interface MachinesOfTableProps<T extends MachineOfRow> {
  /** The owner's machines as loaded (a TanStack query result). */
  machines: { data?: T[]; isPending: boolean; isError: boolean; error: unknown };
  /** Keep it a module constant: the columns are rebuilt when it changes. */
  ownerColumn: OwnerColumn<T>;
  /** Where a row leads: the machine card, with the way back to the owner. */
  rowPath: (machine: T) => string;
}

/** The machines tab of a category or customer card: sorted and paged in the browser, a row opens the machine. */
export function MachinesOfTable<T extends MachineOfRow>({
  machines,
  ownerColumn,
  rowPath,
}: MachinesOfTableProps<T>) {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: false }]);
  const size = PAGE_SIZES.other.default;
  const columns = useMemo<ColumnDef<T>[]>(
    () => [
      { id: 'id', header: 'Id', accessorFn: (m) => m.id },
      {
        id: 'status',
        header: 'Status',
        accessorFn: (m) => m.status,
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
      },
      { id: 'name', header: 'Nazwa', accessorFn: (m) => m.name },
      { id: ownerColumn.id, header: ownerColumn.header, accessorFn: (m) => ownerColumn.value(m) ?? '' },
      { id: 'serialNumber', header: 'S/N', accessorFn: (m) => m.serialNumber },
      { id: 'city', header: 'Miejscowość', accessorFn: (m) => m.city },
    ],
    [ownerColumn],
  );
  const accessors = useMemo<Record<string, (m: T) => unknown>>(
    () => ({
      id: (m) => m.id,
      status: (m) => m.status,
      name: (m) => m.name,
      [ownerColumn.id]: ownerColumn.value,
      serialNumber: (m) => m.serialNumber,
      city: (m) => m.city,
    }),
    [ownerColumn],
  );
  const { items, total } = localPage(machines.data ?? [], { page, size, sorting }, { accessors });
  return (
    <>
      <ErrorBanner message={machines.isError ? errorMessage(machines.error) : null} />
      <DataTable
        columns={columns}
        data={items}
        total={total}
        loading={machines.isPending}
        page={page}
        pageSize={size}
        onPageChange={setPage}
        sorting={sorting}
        onSortingChange={setSorting}
        onRowClick={(m) => navigate(rowPath(m))}
        rowLabel={(m) => `Maszyna ${m.name} (id ${m.id})`}
      />
    </>
  );
}
