import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { createColumnHelper, type SortingState } from '@tanstack/react-table';
import { PAGE_SIZES } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { DataTable, localPage } from '../../../components/data-table';
import { ErrorBanner } from '../../../components/error-banner';
import { StatusBadge } from '../../../components/status-badge';
import { useCustomerMachines, type CustomerMachine } from '../api/customers';

const column = createColumnHelper<CustomerMachine>();
const accessors: Record<string, (m: CustomerMachine) => unknown> = {
  id: (m) => m.id,
  status: (m) => m.status,
  name: (m) => m.name,
  category: (m) => m.category?.name,
  serialNumber: (m) => m.serialNumber,
  city: (m) => m.city,
};

/** The customer's machines; a row opens the machine card, whose back arrow returns to the list. */
export function CustomerMachinesTab({ customerId }: { customerId: number }) {
  const navigate = useNavigate();
  const machines = useCustomerMachines(customerId);
  const [page, setPage] = useState(1);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'id', desc: false }]);
  const size = PAGE_SIZES.other.default;
  const columns = useMemo(
    () => [
      column.accessor('id', { header: 'Id' }),
      column.accessor('status', { header: 'Status', cell: (c) => <StatusBadge status={c.getValue()} /> }),
      column.accessor('name', { header: 'Nazwa' }),
      column.accessor((m) => m.category?.name ?? '', { id: 'category', header: 'Kategoria' }),
      column.accessor('serialNumber', { header: 'S/N' }),
      column.accessor('city', { header: 'Miejscowość' }),
    ],
    [],
  );
  const { items, total } = localPage(machines.data ?? [], {
    search: '',
    searchFields: [],
    sorting,
    accessors,
    page,
    size,
  });
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
        onRowClick={(m) =>
          navigate(
            paths.machineEdit({ id: m.id, customerId: m.customer?.id ?? customerId, prev: 'customerList' }),
          )
        }
        rowLabel={(m) => `Maszyna ${m.name} (id ${m.id})`}
      />
    </>
  );
}
