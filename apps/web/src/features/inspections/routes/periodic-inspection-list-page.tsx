import { useNavigate } from 'react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { Checkbox, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_INSPECTION_SORT, MSG, PAGE_SIZES, type PeriodicInspectionRow } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import { StatusBadge } from '../../../components/status-badge';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useInspectionPage } from '../api/inspections';
import { formatAddress } from '../inspection-format';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';

const [defaultField, defaultDirection] = DEFAULT_INSPECTION_SORT.split(',');

/** Column ids are the server's sort fields (`inspectionSortFields`). */
const columns: ColumnDef<PeriodicInspectionRow>[] = [
  { id: 'id', header: 'Id', accessorFn: (r) => r.device.id },
  {
    id: 'status',
    header: 'Status',
    accessorFn: (r) => r.device.status,
    cell: ({ row }) => <StatusBadge status={row.original.device.status} />,
  },
  {
    id: 'name',
    header: 'Nazwa / kategoria',
    accessorFn: (r) => r.device.name,
    cell: ({ row }) => (
      <>
        <Text size="sm" fw={600}>
          {row.original.device.name}
        </Text>
        <Text size="xs" c="dimmed">
          {row.original.device.category.name}
        </Text>
      </>
    ),
  },
  {
    id: 'customer',
    header: 'Kontrahent / adres maszyny',
    accessorFn: (r) => r.device.customer.shortName,
    cell: ({ row }) => (
      <>
        <Text size="sm">{row.original.device.customer.shortName}</Text>
        <Text size="xs" c="dimmed">
          {formatAddress(row.original.device)}
        </Text>
      </>
    ),
  },
  {
    id: 'transferDate',
    header: 'Data przekazania',
    meta: { nowrap: true },
    accessorFn: (r) => r.device.transferDate ?? '',
  },
  {
    id: 'lastInspection',
    header: 'Ostatni przegląd',
    meta: { nowrap: true },
    accessorFn: (r) => r.lastInspection ?? '',
  },
  {
    id: 'nextInspection',
    header: 'Następny przegląd',
    meta: { nowrap: true },
    accessorFn: (r) => r.nextInspection ?? '',
  },
  {
    id: 'daysToNextInspection',
    header: 'Dni do przeglądu',
    accessorKey: 'daysToNextInspection',
    cell: ({ row }) => {
      const days = row.original.daysToNextInspection;
      if (days === null) return '';
      // Its warranty's inspections all done (listed once "Ukryj…" is unticked): nothing is overdue, as
      // its card says.
      if (row.original.lastWarrantyInspectionDone)
        return (
          <Text size="sm" c="dimmed" title={MSG.inspectionWarrantyDone} data-overdue="false">
            {days}
            <VisuallyHidden>{` (${MSG.inspectionWarrantyDone})`}</VisuallyHidden>
          </Text>
        );
      return days < 0 ? (
        <Text size="sm" c="red" fw={700} data-overdue="true">
          {days}
        </Text>
      ) : (
        days
      );
    },
  },
  {
    id: 'daysToEndWarranty',
    header: 'Dni do końca gwarancji',
    accessorKey: 'daysToEndWarranty',
    cell: ({ row }) => row.original.daysToEndWarranty ?? '',
  },
];

/** A row's machine card, back to this list. */
const cardPath = (row: PeriodicInspectionRow) =>
  paths.machineEdit({ id: row.device.id, prev: 'machinePeriodicInspection' });

const ONLY_ACTUAL_LABEL = 'Ukryj nie przekazane maszyny oraz z wykonanym ostatnim przeglądem gwarancyjnym';

/** /machinePeriodicInspection: machines and their inspection deadlines, paged by the server. */
export function PeriodicInspectionListPage() {
  const navigate = useNavigate();
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.inspections.default,
      sorting: [{ id: defaultField, desc: defaultDirection === 'desc' }],
      search: '',
      filters: { onlyActual: true },
    },
    'periodic-inspections',
  );
  const mode = list.state.filters.onlyActual === false ? 'all' : 'onlyActual';
  const { data, isFetching, isError, error, refetch } = useInspectionPage(mode, {
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
    q: list.debouncedSearch.trim(),
  });
  useClampPage(list, data);

  return (
    <>
      <PageHeader title="Przeglądy okresowe" backTo={paths.home} />
      <SearchBox value={list.state.search} onChange={list.setSearch} />
      <Checkbox
        mb="md"
        label={ONLY_ACTUAL_LABEL}
        checked={mode === 'onlyActual'}
        onChange={(event) => list.setFilters({ onlyActual: event.currentTarget.checked })}
      />
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.inspections.sizes)}
        columns={columns}
        data={data?.items ?? []}
        total={data?.total ?? 0}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        onRowClick={(row) => navigate(cardPath(row))}
        rowHref={cardPath}
        rowLabel={(row) => `${row.device.name} (id ${row.device.id}), ${row.device.customer.shortName}`}
        getRowId={(row) => String(row.device.id)}
      />
    </>
  );
}
