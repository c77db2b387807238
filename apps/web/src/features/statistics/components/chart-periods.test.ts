import { describe, expect, it } from 'vitest';
import { chartPeriods, MONTHS_IN_CHART } from './chart-periods';

const monthsFrom = (year: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    month: `${year + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    issued: i + 1,
    signed: 1,
  }));

describe('chartPeriods', () => {
  it('keeps one bar per month up to two years', () => {
    const months = monthsFrom(2024, MONTHS_IN_CHART);
    expect(chartPeriods(months)).toEqual({
      unit: 'month',
      bars: months.map(({ month, issued, signed }) => ({ period: month, issued, signed })),
    });
  });

  it('sums the months of each year beyond two years, a part year at either end by its months', () => {
    // 2023-01 … 2025-03: 27 months, issued 1…27.
    expect(chartPeriods(monthsFrom(2023, 27))).toEqual({
      unit: 'year',
      bars: [
        { period: '2023', issued: 78, signed: 12 },
        { period: '2024', issued: 222, signed: 12 },
        { period: '2025', issued: 25 + 26 + 27, signed: 3 },
      ],
    });
  });
});
