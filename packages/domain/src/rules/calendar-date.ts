/**
 * Calendar dates as plain 'YYYY-MM-DD' strings. Nothing here touches the host's time zone: a date
 * is three numbers, and day counts go through Date.UTC, which has no daylight-saving gaps.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' (a longer ISO string keeps its first 10 characters) → parts; throws on a non-date. */
export function parseCalendarDate(value: string): CalendarDate {
  const match = DATE_PATTERN.exec(value.slice(0, 10));
  if (!match) throw new RangeError(`Not a calendar date: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new RangeError(`Not a calendar date: ${value}`);
  }
  return { year, month, day };
}

export function isCalendarDateString(value: string): boolean {
  try {
    parseCalendarDate(value);
    return true;
  } catch {
    return false;
  }
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * Adds whole months; a day past the end of the target month becomes its last day
 * (2025-08-31 + 6 → 2026-02-28), the same clamping PostgreSQL's `date + interval` does.
 */
export function addMonths(date: string, months: number): string {
  if (!Number.isInteger(months)) throw new RangeError(`Months must be whole: ${months}`);
  const { year, month, day } = parseCalendarDate(date);
  const index = year * 12 + (month - 1) + months;
  const targetYear = Math.floor(index / 12);
  const targetMonth = index - targetYear * 12 + 1;
  return formatCalendarDate({
    year: targetYear,
    month: targetMonth,
    day: Math.min(day, daysInMonth(targetYear, targetMonth)),
  });
}

/** The first and the last day of the month of `date` (the dashboard's month, its statistics link). */
export function monthOf(date: string): { first: string; last: string } {
  const { year, month } = parseCalendarDate(date);
  return {
    first: formatCalendarDate({ year, month, day: 1 }),
    last: formatCalendarDate({ year, month, day: daysInMonth(year, month) }),
  };
}

/** Whole days from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  const a = parseCalendarDate(from);
  const b = parseCalendarDate(to);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / DAY_MS);
}

export const DEFAULT_COMPANY_TIME_ZONE = 'Europe/Warsaw';

/** The calendar date at `now` on the wall clocks of `timeZone` (IANA name), as 'YYYY-MM-DD'. */
export function todayInZone(timeZone: string = DEFAULT_COMPANY_TIME_ZONE, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate({ year: part('year'), month: part('month'), day: part('day') });
}
