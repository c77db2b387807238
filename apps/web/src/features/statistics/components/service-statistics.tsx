import { lazy, Suspense, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { notifications } from '@mantine/notifications';
import { MSG, PAGE_SIZES, isCalendarDateString, polishCount, type StatisticsRow } from '@serwis/domain';
import { DataTable, localPage, tableStateProps, useListState } from '../../../components/data-table';
import { ErrorBanner } from '../../../components/error-banner';
import { totals, useServiceCharts, useServiceStatistics } from '../api/statistics';

// The chart library loads only with the statistics screen: asked for as the screen opens, so it is
// fetched and compiled while the figures are on their way, not in the same task as the first drawing.
const loadCharts = () => import('./service-charts');
const ServiceCharts = lazy(async () => ({ default: (await loadCharts()).ServiceCharts }));

const column = createColumnHelper<StatisticsRow>();
const columns = [
  column.accessor('userId', { header: 'Id pracownika' }),
  column.accessor('lastName', {
    header: 'Nazwisko',
    // An employee who has left still has his work counted: marked, so no one looks for him on the team.
    cell: ({ row }) =>
      row.original.active ? (
        row.original.lastName
      ) : (
        <Group gap={6} wrap="nowrap">
          {row.original.lastName}
          <Badge size="xs" variant="light" color="gray">
            nieaktywny
          </Badge>
        </Group>
      ),
  }),
  column.accessor('firstName', { header: 'Imię' }),
  // Long headings over counts: on two lines, so that the table fits a 1280 px screen.
  column.accessor('countUserServices', {
    header: 'Ilość wystawionych protokołów serwisowych',
    meta: { wrapHeader: true, minWidth: 160 },
  }),
  column.accessor('countUserSignedServices', {
    header: 'Ilość podpisanych protokołów serwisowych',
    meta: { wrapHeader: true, minWidth: 160 },
  }),
];
const ACCESSORS: Record<string, (r: StatisticsRow) => unknown> = {
  userId: (r) => r.userId,
  lastName: (r) => r.lastName,
  firstName: (r) => r.firstName,
  countUserServices: (r) => r.countUserServices,
  countUserSignedServices: (r) => r.countUserSignedServices,
};

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} aria-label={label}>
        {polishCount(value)}
      </Text>
    </div>
  );
}

/** A day given in the address (YYYY-MM-DD, a real date), else none. */
const dayParam = (value: string | null) =>
  value?.length === 10 && isCalendarDateString(value) ? value : null;

/** The range from its two ends, the earlier first (days as YYYY-MM-DD compare as text). */
const dayRange = (a: string | null, b: string | null) => (a && b && a > b ? [b, a] : [a, b]);

/** "Zdarzenia serwisowe": protocols issued and signed per employee in a date range. */
export function ServiceStatistics() {
  // The range lives in the address: a link gives it (the home screen's month figures open their
  // month), and a reload, Back or a copied link shows the figures on screen, not the first ones.
  const [params, setParams] = useSearchParams();
  // A range typed backwards into the address (an edited link) is read the right way round, and
  // the address is put so too (a day picked next changes the end it names): the pickers could not
  // have made it, and an empty table would not say why.
  // A day that is not one (2026-02-31) is left out of the address too, and said: the figures
  // covered everything up to the other end while the address still named it.
  const typed = [params.get('dateFrom'), params.get('dateTo')] as const;
  const given = [dayParam(typed[0]), dayParam(typed[1])] as const;
  const [from, to] = dayRange(...given);
  const reversed = from !== given[0];
  const wrongDays = typed.filter((day, i) => day !== null && given[i] === null).join(', ');
  useEffect(() => {
    if (!reversed && !wrongDays) return;
    if (wrongDays) notifications.show({ color: 'orange', message: MSG.statisticsDaysIgnored(wrongDays) });
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        for (const [key, day] of [
          ['dateFrom', from],
          ['dateTo', to],
        ] as const) {
          if (day) next.set(key, day);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  }, [reversed, wrongDays, from, to, setParams]);
  const setDay = (key: 'dateFrom' | 'dateTo') => (day: string | null) =>
    setParams(
      (before) => {
        const next = new URLSearchParams(before);
        if (day) next.set(key, day);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const statistics = useServiceStatistics(from, to);
  const charts = useServiceCharts(from, to);
  useEffect(() => void loadCharts(), []);
  // A failed load shows the message and an empty table, not figures of an earlier range.
  const rows = statistics.isError ? [] : (statistics.data ?? []);
  const sum = totals(rows);
  const list = useListState({
    page: 1,
    size: PAGE_SIZES.other.default,
    sorting: [{ id: 'lastName', desc: false }],
    search: '',
    filters: {},
  });
  const page = localPage(rows, list.state, { accessors: ACCESSORS });

  return (
    <>
      <Group align="flex-end" mb="md">
        <DatePickerInput
          label="Data od"
          clearable
          valueFormat="YYYY-MM-DD"
          maxDate={to ?? undefined}
          value={from}
          onChange={setDay('dateFrom')}
          miw={170}
        />
        <DatePickerInput
          label="Data do"
          clearable
          valueFormat="YYYY-MM-DD"
          minDate={from ?? undefined}
          value={to}
          onChange={setDay('dateTo')}
          miw={170}
        />
      </Group>
      <ErrorBanner message={statistics.isError ? MSG.statisticsLoadFailed : null} />
      <Paper withBorder p="md" mb="md" component="section" aria-label="Podsumowanie">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Total label="Wystawione protokoły serwisowe" value={sum.issued} />
          <Total label="Podpisane protokoły serwisowe" value={sum.signed} />
        </SimpleGrid>
      </Paper>
      <DataTable
        {...tableStateProps(list, PAGE_SIZES.other.sizes)}
        columns={columns}
        data={page.items}
        total={page.total}
        loading={statistics.isPending || (statistics.isError && statistics.isFetching)}
        failed={statistics.isError}
        onRetry={() => {
          void statistics.refetch();
          if (charts.isError) void charts.refetch();
        }}
        getRowId={(r) => String(r.userId)}
        rowLabel={(r) => `${r.lastName} ${r.firstName}`}
      />
      {charts.data && !charts.isError && (
        <Suspense fallback={<Text c="dimmed">{MSG.loading}</Text>}>
          <ServiceCharts data={charts.data} />
        </Suspense>
      )}
    </>
  );
}
