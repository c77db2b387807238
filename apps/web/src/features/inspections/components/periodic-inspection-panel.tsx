import type { ColumnDef } from '@tanstack/react-table';
import { Text, Tooltip } from '@mantine/core';
import { PAGE_SIZES, cutWithEllipsis, serviceStateLabel, type PeriodicInspectionEvent } from '@serwis/domain';
import { DataTable, localPage, tableStateProps, useListState } from '../../../components/data-table';
import { ServiceStateBadge } from '../../../components/status-badge';
import { useInspectionSummary } from '../api/inspections';
import { displayPeriod, fullNumberKey, paymentLabel } from '../inspection-format';
import { InspectionSummary } from './inspection-summary';
import { ErrorBanner } from '../../../components/error-banner';
import { errorMessage } from '../../../lib/api-client';

const ACCESSORS: Record<string, (e: PeriodicInspectionEvent) => unknown> = {
  fullNumber: fullNumberKey,
  date: (e) => e.date,
  period: (e) => displayPeriod(e.period),
  state: (e) => serviceStateLabel(e.state),
  paymentType: (e) => paymentLabel(e.paymentType),
  faultDescription: (e) => e.faultDescription,
  user: (e) => e.userCreated.fullName,
};

const columns: ColumnDef<PeriodicInspectionEvent>[] = [
  { id: 'fullNumber', header: 'Numer', meta: { nowrap: true }, accessorKey: 'fullNumber' },
  { id: 'date', header: 'Data', meta: { nowrap: true }, accessorFn: (e) => e.date.slice(0, 10) },
  { id: 'period', header: 'Okres (mies.)', accessorFn: (e) => displayPeriod(e.period) },
  {
    id: 'state',
    header: 'Stan',
    accessorFn: (e) => serviceStateLabel(e.state),
    // The state's badge, as in the service lists; one not counted says why when pointed at.
    cell: ({ row }) => (
      <ServiceStateBadge
        state={row.original.state}
        title={row.original.counted ? undefined : 'Odrzucony przegląd nie jest liczony'}
      />
    ),
  },
  { id: 'paymentType', header: 'Koszt', accessorFn: (e) => paymentLabel(e.paymentType) },
  {
    id: 'faultDescription',
    header: 'Opis usterki',
    accessorKey: 'faultDescription',
    meta: { minWidth: 220 }, // as in the service lists
    cell: ({ row }) => {
      const text = row.original.faultDescription;
      const { short, cut } = cutWithEllipsis(text);
      return cut ? (
        <Tooltip label={text} multiline maw={420}>
          <Text size="sm">{short}</Text>
        </Tooltip>
      ) : (
        text
      );
    },
  },
  { id: 'user', header: 'Pracownik', accessorFn: (e) => e.userCreated.fullName },
];

/** "Przeglądy" tab of the machine card: the summary, the on/off switch and the inspection events. */
export function PeriodicInspectionPanel({ deviceId }: { deviceId: number }) {
  const summary = useInspectionSummary(deviceId);
  const list = useListState({
    page: 1,
    size: PAGE_SIZES.inspections.default,
    sorting: [{ id: 'fullNumber', desc: true }],
    search: '',
    filters: {},
  });
  const page = localPage(summary.data?.periodicInspections ?? [], list.state, { accessors: ACCESSORS });

  return (
    <>
      <ErrorBanner message={summary.isError ? errorMessage(summary.error) : null} />
      {summary.data && <InspectionSummary summary={summary.data} />}
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.inspections.sizes)}
        columns={columns}
        data={page.items}
        total={page.total}
        loading={summary.isPending || (summary.isError && summary.isFetching)}
        failed={summary.isError}
        onRetry={() => void summary.refetch()}
        getRowId={(e) => String(e.id)}
        caption="Przeglądy okresowe maszyny"
      />
    </>
  );
}
