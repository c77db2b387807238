import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_SIZES, type Device } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { PageHeader } from '../../../components/page-header';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useMachinePage } from '../api/machines';
import { ImportButton } from '../../imports/components/import-button';
import { FAMILIES, type MachineFamily } from '../family';
import { EMPTY_FILTERS, toFilterBody, type MachineFilters } from '../machine-filters';
import { machineColumnVisibility, machineColumns } from './machine-columns';
import { MachineFilterPanel } from './machine-filter-panel';
import { CsvButton } from './csv-button';

/** The machine list of either family: filters, free-text search, server paging and sorting. */
export function MachineList({ family }: { family: MachineFamily }) {
  const config = FAMILIES[family];
  const navigate = useNavigate();
  const list = useListState<MachineFilters>(
    {
      page: 1,
      size: PAGE_SIZES.machines.default,
      sorting: [{ id: 'statusWeight', desc: false }],
      search: '',
      filters: EMPTY_FILTERS,
    },
    config.persistKey,
  );
  // A state saved by an older version may lack newer filter fields.
  const filters = useMemo(() => ({ ...EMPTY_FILTERS, ...list.state.filters }), [list.state.filters]);
  const body = useMemo(() => toFilterBody(filters), [filters]);
  const q = list.debouncedSearch.trim();
  const { data, isFetching } = useMachinePage(family, body, {
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam,
    q,
  });
  const total = data?.total ?? 0;
  useClampPage(list, data);

  const open = (device: Device) =>
    navigate(config.editPath({ id: device.id, customerId: device.customer?.id, prev: config.listRouteName }));

  return (
    <>
      <PageHeader
        title={config.listTitle}
        backTo={paths.home}
        addTo={config.addPath}
        addLabel={config.addLabel}
        actions={<ImportButton kind={family} />}
      />
      <SearchBox value={list.state.search} onChange={list.setSearch} />
      <MachineFilterPanel
        applied={filters}
        onApply={list.setFilters}
        csvButton={(current) => <CsvButton family={family} filters={current} sort={list.sortParam} q={q} />}
      />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.machines.sizes)}
        columns={machineColumns}
        columnVisibility={machineColumnVisibility}
        data={data?.items ?? []}
        total={total}
        loading={isFetching}
        onRowClick={open}
        rowLabel={(d) => `${d.name} (id ${d.id}), ${d.customer?.shortName ?? ''}`}
        getRowId={(d) => String(d.id)}
      />
    </>
  );
}
