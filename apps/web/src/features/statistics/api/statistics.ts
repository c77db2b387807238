import { useQuery } from '@tanstack/react-query';
import type { StatisticsCharts, StatisticsRow } from '@serwis/domain';
import { api } from '../../../lib/api-client';

/** Spec §5: statistics send a picked day as midnight without seconds; an empty bound is sent empty. */
export const statisticsBound = (day: string | null) => (day ? `${day.slice(0, 10)}T00:00` : '');

export function useServiceStatistics(from: string | null, to: string | null) {
  const dateFrom = statisticsBound(from);
  const dateTo = statisticsBound(to);
  return useQuery({
    queryKey: ['statistics', 'servicesUsers', dateFrom, dateTo],
    queryFn: () => api.get<StatisticsRow[]>('/api/statistics/servicesUsers', { query: { dateFrom, dateTo } }),
  });
}

export function totals(rows: readonly StatisticsRow[]) {
  return rows.reduce(
    (sum, row) => ({
      issued: sum.issued + row.countUserServices,
      signed: sum.signed + row.countUserSignedServices,
    }),
    { issued: 0, signed: 0 },
  );
}

export function useServiceCharts(from: string | null, to: string | null) {
  const dateFrom = statisticsBound(from);
  const dateTo = statisticsBound(to);
  return useQuery({
    queryKey: ['statistics', 'servicesCharts', dateFrom, dateTo],
    queryFn: () =>
      api.get<StatisticsCharts>('/api/statistics/servicesCharts', { query: { dateFrom, dateTo } }),
  });
}
