import type { StatisticsCharts } from '@serwis/domain';

/** More months than this in the range, and the bar chart counts by year (the table keeps the months). */
export const MONTHS_IN_CHART = 24;

export interface ChartPeriod {
  /** "2025-03" for a month, "2025" for a year. */
  period: string;
  issued: number;
  signed: number;
}

/**
 * The bars of "Protokoły wystawione i podpisane": one per month over a range of up to two years,
 * one per year beyond (ten years of months were 240 bars of a few pixels each, and their drawing
 * held a tablet's page for seconds). A year at either end of the range counts only its months in it.
 */
export function chartPeriods(months: StatisticsCharts['months']): {
  unit: 'month' | 'year';
  bars: ChartPeriod[];
} {
  if (months.length <= MONTHS_IN_CHART) {
    return {
      unit: 'month',
      bars: months.map(({ month, issued, signed }) => ({ period: month, issued, signed })),
    };
  }
  const years = new Map<string, ChartPeriod>();
  for (const { month, issued, signed } of months) {
    const period = month.slice(0, 4);
    const year = years.get(period) ?? { period, issued: 0, signed: 0 };
    year.issued += issued;
    year.signed += signed;
    years.set(period, year);
  }
  return { unit: 'year', bars: [...years.values()] };
}
