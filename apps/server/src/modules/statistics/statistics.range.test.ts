import { describe, expect, it } from 'vitest';
import { splitByWholeMonths } from './statistics.range.js';

const split = (dateFrom: string | null, dateTo: string | null) => splitByWholeMonths({ dateFrom, dateTo });

describe('splitByWholeMonths', () => {
  it('reads an open range from the kept months alone', () => {
    expect(split(null, null)).toEqual({ months: { from: null, toExclusive: null }, days: [] });
  });

  it('reads whole months alone when the range starts on a 1st and ends on a last day', () => {
    expect(split('2025-01-01', '2025-03-31')).toEqual({
      months: { from: '2025-01-01', toExclusive: '2025-04-01' },
      days: [],
    });
    // February's last day, in a leap year and not; December into January.
    expect(split('2024-02-01', '2024-02-29').days).toEqual([]);
    expect(split('2025-02-01', '2025-02-28').days).toEqual([]);
    expect(split('2025-12-01', '2025-12-31').months).toEqual({
      from: '2025-12-01',
      toExclusive: '2026-01-01',
    });
  });

  it('counts the days before the first and after the last whole month from the events', () => {
    expect(split('2025-01-15', '2025-04-10')).toEqual({
      months: { from: '2025-02-01', toExclusive: '2025-04-01' },
      days: [
        { from: '2025-01-15', toExclusive: '2025-02-01' },
        { from: '2025-04-01', toExclusive: '2025-04-11' },
      ],
    });
    expect(split('2025-12-02', null)).toEqual({
      months: { from: '2026-01-01', toExclusive: null },
      days: [{ from: '2025-12-02', toExclusive: '2026-01-01' }],
    });
    expect(split(null, '2024-02-28')).toEqual({
      months: { from: null, toExclusive: '2024-02-01' },
      days: [{ from: '2024-02-01', toExclusive: '2024-02-29' }],
    });
  });

  it('counts a range without a whole month (or the wrong way round) from the events alone', () => {
    expect(split('2025-01-15', '2025-01-15')).toEqual({
      months: null,
      days: [{ from: '2025-01-15', toExclusive: '2025-01-16' }],
    });
    expect(split('2025-01-15', '2025-02-10')).toEqual({
      months: null,
      days: [{ from: '2025-01-15', toExclusive: '2025-02-11' }],
    });
    expect(split('2025-03-01', '2025-01-31')).toEqual({
      months: null,
      days: [{ from: '2025-03-01', toExclusive: '2025-02-01' }],
    });
  });

  it("leaves a range to the calendar's last day open, and one from its last month without whole months", () => {
    expect(split('2025-01-01', '9999-12-31')).toEqual({
      months: { from: '2025-01-01', toExclusive: null },
      days: [],
    });
    expect(split('9999-12-15', '9999-12-31')).toEqual({
      months: null,
      days: [{ from: '9999-12-15', toExclusive: null }],
    });
    expect(split('9999-12-01', null)).toEqual({
      months: { from: '9999-12-01', toExclusive: null },
      days: [],
    });
  });
});
