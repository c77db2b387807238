import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  daysBetween,
  daysInMonth,
  isZoneOffset,
  isCalendarDateString,
  parseCalendarDate,
  todayInZone,
  monthOf,
  wallClockInZone,
  isKnownTimeZone,
  wallClockExists,
} from './calendar-date.js';

const originalTz = process.env.TZ;
afterEach(() => {
  if (originalTz === undefined) delete process.env.TZ;
  else process.env.TZ = originalTz;
});

describe('addDays', () => {
  it('steps across month, year and leap-day ends, both ways', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2025-03-10', 0)).toBe('2025-03-10');
    expect(addDays('2025-03-10', 30)).toBe('2025-04-09');
    expect(addDays('0050-01-01', -1)).toBe('0049-12-31');
  });
});

describe('addMonths', () => {
  it('adds whole months inside a year and across years', () => {
    expect(addMonths('2025-01-15', 6)).toBe('2025-07-15');
    expect(addMonths('2025-01-15', 12)).toBe('2026-01-15');
    expect(addMonths('2025-10-10', 3)).toBe('2026-01-10');
    expect(addMonths('2025-12-01', 1)).toBe('2026-01-01');
    expect(addMonths('2025-05-20', 0)).toBe('2025-05-20');
    expect(addMonths('2025-05-20', 120)).toBe('2035-05-20');
  });

  it('clamps a day past the end of the target month to its last day', () => {
    expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    expect(addMonths('2025-03-31', 6)).toBe('2025-09-30');
    expect(addMonths('2023-12-31', 6)).toBe('2024-06-30');
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2025-05-31', 1)).toBe('2025-06-30');
  });

  it('knows leap years', () => {
    expect(addMonths('2023-08-31', 6)).toBe('2024-02-29');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 48)).toBe('2028-02-29');
    expect(addMonths('2099-08-31', 6)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(addMonths('1999-08-31', 6)).toBe('2000-02-29'); // 2000 is
  });

  it('goes backwards with negative months', () => {
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-15', -13)).toBe('2024-12-15');
  });

  it('rejects fractions and non-dates', () => {
    expect(() => addMonths('2025-01-15', 1.5)).toThrow(RangeError);
    expect(() => addMonths('2025-02-30', 1)).toThrow(RangeError);
    expect(() => addMonths('15.01.2025', 1)).toThrow(RangeError);
  });
});

describe('daysBetween', () => {
  it('counts whole days, negative into the past', () => {
    expect(daysBetween('2026-03-15', '2026-01-15')).toBe(-59);
    expect(daysBetween('2026-03-15', '2027-01-15')).toBe(306);
    expect(daysBetween('2026-03-15', '2026-03-15')).toBe(0);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
    expect(daysBetween('2025-02-28', '2025-03-01')).toBe(1);
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1);
  });

  it('is not bent by daylight-saving changes of any host zone', () => {
    for (const tz of ['Europe/Warsaw', 'America/New_York', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      process.env.TZ = tz;
      expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
      expect(daysBetween('2026-10-24', '2026-10-26')).toBe(2);
      expect(addMonths('2025-08-31', 6)).toBe('2026-02-28');
    }
  });
});

describe('calendar date parsing', () => {
  it('reads a date and the date part of a date-time', () => {
    expect(parseCalendarDate('2026-03-05')).toEqual({ year: 2026, month: 3, day: 5 });
    expect(parseCalendarDate('2026-03-05T00:00')).toEqual({ year: 2026, month: 3, day: 5 });
  });

  it('refuses impossible dates', () => {
    expect(isCalendarDateString('2025-02-29')).toBe(false);
    expect(isCalendarDateString('2024-02-29')).toBe(true);
    expect(isCalendarDateString('2026-13-01')).toBe(false);
    expect(isCalendarDateString('2026-00-10')).toBe(false);
    expect(isCalendarDateString('')).toBe(false);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2026, 4)).toBe(30);
  });
});

describe('todayInZone', () => {
  it('is already the next day in Warsaw before midnight UTC (CET, before the March change)', () => {
    // The 2026 change to summer time is on 29 March at 01:00 UTC; 23:30 UTC on the 28th is 00:30 CET.
    expect(todayInZone('Europe/Warsaw', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(todayInZone('Europe/Warsaw', new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(todayInZone('Europe/Warsaw', new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(todayInZone('UTC', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
  });

  it('follows summer time (UTC+2) after the change', () => {
    expect(todayInZone('Europe/Warsaw', new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(todayInZone('Europe/Warsaw', new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(todayInZone('Europe/Warsaw', new Date('2026-10-24T22:30:00Z'))).toBe('2026-10-25');
    // Back to CET on 25 October at 01:00 UTC: 22:30 UTC is 23:30 the same day.
    expect(todayInZone('Europe/Warsaw', new Date('2026-10-25T22:30:00Z'))).toBe('2026-10-25');
  });

  it('handles the turn of the year and other zones', () => {
    expect(todayInZone('Europe/Warsaw', new Date('2025-12-31T23:15:00Z'))).toBe('2026-01-01');
    expect(todayInZone('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
  });

  it('defaults to Europe/Warsaw and ignores the host zone', () => {
    const instant = new Date('2026-03-28T23:30:00Z');
    for (const tz of ['UTC', 'Pacific/Pago_Pago', 'Pacific/Kiritimati']) {
      process.env.TZ = tz;
      expect(todayInZone(undefined, instant)).toBe('2026-03-29');
    }
  });

  it('throws on an unknown zone name', () => {
    expect(() => todayInZone('Mars/Olympus', new Date())).toThrow(RangeError);
  });
});

describe('wallClockInZone', () => {
  it('shows a moment on the company clock, summer and winter time, midnight as 00', () => {
    expect(wallClockInZone('Europe/Warsaw', new Date('2026-12-03T17:48:35.309Z'))).toBe(
      '2026-12-03 18:48:35',
    );
    expect(wallClockInZone('Europe/Warsaw', new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02 00:00:00');
    expect(wallClockInZone('Europe/Warsaw', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29 00:30:00');
    expect(wallClockInZone('Asia/Tokyo', new Date('2026-12-03T17:48:35Z'))).toBe('2026-12-04 02:48:35');
    expect(wallClockInZone('America/New_York', new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31 22:00:00');
  });

  it('does not depend on the host zone', () => {
    const instant = new Date('2026-10-24T22:30:00Z');
    for (const tz of ['UTC', 'Asia/Tokyo', 'America/New_York']) {
      process.env.TZ = tz;
      expect(wallClockInZone('Europe/Warsaw', instant)).toBe('2026-10-25 00:30:00');
    }
  });

  it('tells known zone names from others', () => {
    expect(isKnownTimeZone('Europe/Warsaw')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('wallClockExists', () => {
  it('knows the hour the clocks skip in spring, and that the autumn hour happens', () => {
    expect(wallClockExists('Europe/Warsaw', '2026-03-29 02:30:00.000000')).toBe(false);
    expect(wallClockExists('Europe/Warsaw', '2026-03-29 02:00')).toBe(false);
    expect(wallClockExists('Europe/Warsaw', '2026-03-29 01:59:59')).toBe(true);
    expect(wallClockExists('Europe/Warsaw', '2026-03-29 03:00:00')).toBe(true);
    expect(wallClockExists('Europe/Warsaw', '2026-10-25 02:30:00')).toBe(true);
    expect(wallClockExists('Europe/Warsaw', '2026-03-28 02:30:00')).toBe(true);
    expect(wallClockExists('UTC', '2026-03-29 02:30:00')).toBe(true);
    // New York moves its clocks on 8 March 2026, at 02:00 as well.
    expect(wallClockExists('America/New_York', '2026-03-08 02:15')).toBe(false);
    expect(wallClockExists('America/New_York', '2026-03-29 02:15')).toBe(true);
  });
});

describe('monthOf', () => {
  it('gives the first and the last day of the month, leap years and December included', () => {
    expect(monthOf('2024-02-10')).toEqual({ first: '2024-02-01', last: '2024-02-29' });
    expect(monthOf('2025-02-28')).toEqual({ first: '2025-02-01', last: '2025-02-28' });
    expect(monthOf('2026-12-31')).toEqual({ first: '2026-12-01', last: '2026-12-31' });
  });
});

describe('isZoneOffset', () => {
  it('takes the zones the world uses, from -12:00 to +14:00, written with or without a colon', () => {
    for (const zone of ['Z', '+00:00', '+01:00', '+0530', '+14:00', '-12:00', '-0930']) {
      expect(isZoneOffset(zone), zone).toBe(true);
    }
  });

  it('refuses what no place uses or is not an offset at all', () => {
    for (const zone of ['+14:01', '-12:01', '+23:59', '+99:99', '+01:60', 'z', '+1:00', 'CET', '']) {
      expect(isZoneOffset(zone), zone).toBe(false);
    }
  });
});
