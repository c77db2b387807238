import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ActionIcon, Group } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { PAGE_SIZES, SERVICE_CSV_FILE_NAMES, type MachineType, type Service } from '@serwis/domain';
import { paths } from '../../../config/paths';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { ErrorBanner } from '../../../components/error-banner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import { fetchServiceCsv, useServicePage } from '../api/services';
import { CsvDownloadButton } from '../../../components/csv-download-button';
import { SERVICE_LISTS } from '../family';
import { MACHINES_NAMED, machineLabel, machinesLabel, numberLabel } from '../service-display';
import { ChooseMachineModal } from './choose-machine-modal';
import { serviceDateColumn, serviceNumberColumn, serviceWorkColumns } from './service-columns';

/** Column ids are the server's sort fields (services.list.ts). */
const columns: ColumnDef<Service>[] = [
  { id: 'id', header: 'Id', accessorFn: (s) => s.id },
  serviceNumberColumn,
  serviceDateColumn,
  { id: 'customer', header: 'Kontrahent', accessorFn: (s) => s.customer.shortName },
  {
    id: 'devices',
    header: 'Maszyny',
    enableSorting: false,
    // The machines a long row leaves out are in its tooltip, and in the chooser the row opens.
    cell: ({ row }) => {
      const { devices } = row.original;
      const label = machinesLabel(row.original);
      return devices.length > MACHINES_NAMED ? (
        <span title={devices.map(machineLabel).join(', ')}>{label}</span>
      ) : (
        label
      );
    },
  },
  ...serviceWorkColumns,
  {
    id: 'protocol',
    header: 'Protokół',
    enableSorting: false,
    meta: { stickyEnd: true },
    cell: ({ row }) => <ProtocolLink serviceId={row.original.id} />,
  },
];

/** Opens the event's field protocol; inside a clickable row, so its click stays its own. */
function ProtocolLink({ serviceId }: { serviceId: number }) {
  const location = useLocation();
  return (
    <ActionIcon
      component={Link}
      to={paths.serviceProtocol(serviceId, location.pathname + location.search)}
      variant="subtle"
      size={40}
      aria-label={`Protokół zdarzenia ${serviceId}`}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      onKeyDown={(e: React.KeyboardEvent) => e.stopPropagation()}
    >
      <IconClipboardCheck size={20} />
    </ActionIcon>
  );
}

/** /servicesList and /servicesExternalList: server-paged, searchable, full number descending. */
export function ServicesList({ family }: { family: MachineType }) {
  const config = SERVICE_LISTS[family];
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<Service | null>(null);
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.services.default,
      sorting: [{ id: 'fullNumber', desc: true }],
      search: '',
      filters: {},
    },
    config.persistKey,
  );
  const { data, isFetching, isError, error, refetch } = useServicePage(family, {
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
    q: list.debouncedSearch.trim(),
  });
  useClampPage(list, data);

  const machinePath = (service: Service, device: Service['devices'][number]) =>
    config.machinePath({
      id: device.id,
      prev: config.routeName,
      customerId: device.customer?.id ?? service.customer.id,
      activeTab: 'service',
    });
  const openMachine = (service: Service, device: Service['devices'][number]) =>
    navigate(machinePath(service, device));
  // An event of several machines asks which one: it has no one address to open elsewhere.
  const rowHref = (service: Service) =>
    service.devices.length === 1 ? machinePath(service, service.devices[0]) : undefined;
  const openRow = (service: Service) => {
    if (service.devices.length === 1) openMachine(service, service.devices[0]);
    else if (service.devices.length > 1) setChoosing(service);
  };

  return (
    <>
      <PageHeader title={config.title} backTo={paths.home} />
      <Group justify="space-between" align="flex-end">
        <SearchBox value={list.state.search} onChange={list.setSearch} />
        {/* What is typed, also in the 300 ms before the table follows it: the file the user asked for. */}
        <CsvDownloadButton
          fileName={SERVICE_CSV_FILE_NAMES[family]}
          load={() => fetchServiceCsv(family, { sort: list.sortParam, q: list.state.search.trim() })}
        />
      </Group>
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.services.sizes)}
        columns={columns}
        data={data?.items ?? []}
        total={data?.total ?? 0}
        totalEstimated={data?.estimated}
        totalLowerBound={data?.lowerBound}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        onRowClick={openRow}
        rowHref={rowHref}
        rowLabel={(s) => `Zdarzenie serwisowe ${numberLabel(s)} (id ${s.id}), ${s.customer.shortName}`}
        getRowId={(s) => String(s.id)}
      />
      <ChooseMachineModal
        service={choosing}
        onClose={() => setChoosing(null)}
        onChoose={(device) => {
          const service = choosing!;
          setChoosing(null);
          openMachine(service, device);
        }}
      />
    </>
  );
}
