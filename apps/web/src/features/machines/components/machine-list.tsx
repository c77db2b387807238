import { useMemo } from 'react';
import { Alert, Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DEFAULT_MACHINE_ORDER, MSG, PAGE_SIZES, type Device, LIST_MSG } from '@serwis/domain';
import { paths } from '../../../config/paths';
import { ErrorBanner } from '../../../components/error-banner';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../lib/api-client';
import {
  DataTable,
  SearchBox,
  tableStateProps,
  totalLabel,
  useClampPage,
  useListState,
} from '../../../components/data-table';
import { useMachinePage } from '../api/machines';
import { ImportButton } from '../../imports/components/import-button';
import { FAMILIES, type MachineFamily } from '../family';
import {
  EMPTY_FILTERS,
  hasActiveFilters,
  toFilterBody,
  withCategoryIds,
  withCurrentCategories,
  type MachineFilters,
} from '../machine-filters';
import { useCategoryOptions } from '../api/lookups';
import { machineColumnVisibility, machineColumns } from './machine-columns';
import { MachineFilterPanel } from './machine-filter-panel';
import { CsvButton } from './csv-button';
import { QrLabelsButton } from './qr-labels-button';
import { useLabelSelection } from './use-label-selection';
import { LabelTicksProvider, labelTickColumn } from './label-ticks';
import { OtherFamilyMatches } from './other-family-matches';

const COLUMNS = [labelTickColumn, ...machineColumns];

/** The machine list of either family: filters, free-text search, server paging and sorting. */
export function MachineList({ family }: { family: MachineFamily }) {
  const config = FAMILIES[family];
  const navigate = useNavigate();
  const list = useListState<MachineFilters>(
    {
      page: 1,
      size: PAGE_SIZES.machines.default,
      sorting: [{ id: DEFAULT_MACHINE_ORDER.field, desc: false }], // the default order is ascending
      search: '',
      filters: EMPTY_FILTERS,
    },
    config.persistKey,
  );
  // A state saved by an older version may lack newer filter fields. Its categories are taken as they
  // are now (renamed or deleted since it was applied): the list waits for them, and so does the panel.
  // Asked afresh on each visit: names cached from before a rename would be applied again.
  const categoryOptions = useCategoryOptions({ fresh: true });
  const stored = list.state.filters;
  const categoriesKnown =
    stored.categories.length === 0 || categoryOptions.isFetchedAfterMount || categoryOptions.isError;
  const { filters, gone } = useMemo(() => {
    const all = { ...EMPTY_FILTERS, ...stored };
    return categoryOptions.data
      ? withCurrentCategories(all, categoryOptions.data)
      : { filters: all, gone: [] };
  }, [stored, categoryOptions.data]);
  const body = useMemo(() => toFilterBody(filters), [filters]);
  const q = list.debouncedSearch.trim();
  const { data, isFetching, isError, error, refetch } = useMachinePage(
    family,
    body,
    { page: list.state.page, size: list.state.size, sort: list.sortParam, q },
    { enabled: categoriesKnown },
  );
  const total = data?.total ?? 0;
  useClampPage(list, data);

  // Machines ticked for QR labels, across pages; none ticked prints the whole filtered list.
  const { selected, tick, clear } = useLabelSelection(config.persistKey);
  const pageIds = useMemo(() => (data?.items ?? []).map((d) => d.id), [data]);
  const ticks = useMemo(() => ({ selected, pageIds, tick }), [selected, pageIds, tick]);

  // Found by a part, a machine opens on its parts (a recall goes through them one by one).
  const cardPath = (device: Device) =>
    config.editPath({
      id: device.id,
      customerId: device.customer?.id,
      prev: config.listRouteName,
      activeTab: filters.part.trim() ? 'equipments' : undefined,
    });
  const open = (device: Device) => navigate(cardPath(device));

  return (
    <>
      <PageHeader
        title={config.listTitle}
        backTo={paths.home}
        addTo={config.addPath}
        addLabel={config.addLabel}
        actions={<ImportButton kind={family} />}
      />
      <Group justify="space-between" align="flex-end">
        <SearchBox value={list.state.search} onChange={list.setSearch} />
        <Group gap="xs">
          {selected.size > 0 && (
            <Button variant="subtle" onClick={clear}>
              Odznacz wszystkie
            </Button>
          )}
          <QrLabelsButton
            family={family}
            label={selected.size ? `Drukuj naklejki QR (${selected.size})` : 'Drukuj naklejki QR'}
            disabled={selected.size === 0 && data !== undefined && total === 0}
            selection={() =>
              selected.size ? { ids: [...selected] } : { filter: body, q, sort: list.sortParam }
            }
            confirmText={selected.size ? undefined : MSG.qrLabelsAllConfirm(totalLabel(total, data))}
            count={selected.size || (data && !data.estimated ? data.total : undefined)}
          />
        </Group>
      </Group>
      {categoriesKnown && (
        <MachineFilterPanel
          applied={filters}
          onApply={(next) => list.setFilters(withCategoryIds(next, categoryOptions.data ?? []))}
          csvButton={(current) => (
            // What is typed, also in the 300 ms before the table follows it: the file the user asked for.
            <CsvButton family={family} filters={current} sort={list.sortParam} q={list.state.search.trim()} />
          )}
        />
      )}
      {gone.length > 0 && (
        <Alert color="yellow" mb="sm">
          {LIST_MSG.filterCategoriesGone(gone)}
        </Alert>
      )}
      {/* As the customer and service lists: a failed page is told, not shown as an empty register. */}
      <ErrorBanner message={isError ? errorMessage(error) : null} />
      <LabelTicksProvider value={ticks}>
        <DataTable
          {...tableStateProps(list, PAGE_SIZES.machines.sizes)}
          columns={COLUMNS}
          columnVisibility={machineColumnVisibility}
          data={data?.items ?? []}
          total={total}
          totalEstimated={data?.estimated}
          totalLowerBound={data?.lowerBound}
          loading={isFetching || !categoriesKnown}
          failed={isError}
          onRetry={() => void refetch()}
          onRowClick={open}
          rowHref={cardPath}
          rowLabel={(d) => `${d.name} (id ${d.id}), ${d.customer?.shortName ?? ''}`}
          getRowId={(d) => String(d.id)}
        />
      </LabelTicksProvider>
      <OtherFamilyMatches
        family={family}
        foundNothing={
          data !== undefined && !isFetching && total === 0 && (q !== '' || hasActiveFilters(filters))
        }
        body={body}
        q={q}
        search={list.state.search}
        filters={stored}
      />
    </>
  );
}
