import { useMemo } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PAGE_SIZES } from '@serwis/domain';
import { errorMessage, type Page } from '../lib/api-client';
import { useNavigateAfterAsking } from '../lib/unsaved-changes';
import { DataTable, SearchBox, tableStateProps, useClampPage, useListState } from './data-table';
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

/** The page a "machines of …" table asks the server for (spec §7 findByCategory / findByCustomer). */
export interface MachinesPageQuery {
  page: number;
  size: number;
  /** `field,asc|desc`; the fields are the machine list's sort fields. */
  sort: string;
  /** The search box's term, matched as the machine list's search (name, serial number, city…). */
  q?: string;
}

interface MachinesOfTableProps<T extends MachineOfRow> {
  /** Identifies the owner's machines in the query cache; the page query is appended. */
  queryKey: readonly unknown[];
  /** Fetches one page of the owner's machines with its total. */
  load: (query: MachinesPageQuery) => Promise<Page<T>>;
  /** Keep it a module constant: the columns are rebuilt when it changes. */
  ownerColumn: OwnerColumn<T>;
  /** Where a row leads: the machine card, with the way back to the owner. */
  rowPath: (machine: T) => string;
  /** The tab's search, page and order are kept under it for this browser tab (one per owner). */
  persistKey: string;
}

/**
 * The machines tab of a category or customer card: paged, sorted and searched on the server (a big
 * customer has thousands of machines: found by a term, or shown 100 to a page), a row opens the
 * machine.
 */
export function MachinesOfTable<T extends MachineOfRow>({
  queryKey,
  load,
  ownerColumn,
  rowPath,
  persistKey,
}: MachinesOfTableProps<T>) {
  // A row leaves the screen, whose form (a category's name, a customer's data) may hold changes.
  const navigate = useNavigateAfterAsking();
  // Kept while the user opens a machine and comes back (Back, the card's arrow), as the lists do.
  const list = useListState(
    {
      page: 1,
      size: PAGE_SIZES.other.default,
      sorting: [{ id: 'id', desc: false }],
      search: '',
      filters: {},
    },
    persistKey,
  );
  const query: MachinesPageQuery = {
    page: list.state.page,
    size: list.state.size,
    sort: list.sortParam ?? 'id,asc',
    ...(list.debouncedSearch.trim() ? { q: list.debouncedSearch.trim() } : {}),
  };
  const machines = useQuery({
    queryKey: [...queryKey, query],
    queryFn: () => load(query),
    placeholderData: keepPreviousData,
  });
  useClampPage(list, machines.data);
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
  const total = machines.data?.total ?? 0;
  return (
    <>
      <ErrorBanner message={machines.isError ? errorMessage(machines.error) : null} />
      <SearchBox value={list.state.search} onChange={list.setSearch} />
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={machines.data?.items ?? []}
        total={total}
        totalEstimated={machines.data?.estimated}
        totalLowerBound={machines.data?.lowerBound}
        loading={
          machines.isPending || machines.isPlaceholderData || (machines.isError && machines.isFetching)
        }
        failed={machines.isError}
        onRetry={() => void machines.refetch()}
        onRowClick={(m) => navigate(rowPath(m))}
        rowHref={rowPath}
        rowLabel={(m) => `Maszyna ${m.name} (id ${m.id})`}
      />
    </>
  );
}
