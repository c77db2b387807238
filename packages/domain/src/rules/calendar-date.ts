/**
 * Calendar dates as plain 'YYYY-MM-DD' strings. Nothing here touches the host's time zone: a date
 * is three numbers, and day counts go through Date.UTC, which has no daylight-saving gaps.
 */

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A day of 24 hours in milliseconds. */
export const DAY_MS = 86_400_000;

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

/** Whether year, month and day name a day of the calendar (not 31 April, not 29 February 2025). */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Whether a zone as an ISO time names it ('Z', '+01:00', '-0530') is one the world uses: from
 * -12:00 to +14:00. PostgreSQL refuses an offset past ±15:59 as no zone at all, and an API call
 * with "+23:59" ended in a fault instead of "Nieprawidłowa data.".
 */
export function isZoneOffset(zone: string): boolean {
  if (zone === 'Z') return true;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) return false;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return Number(match[3]) < 60 && (match[1] === '+' ? minutes <= 14 * 60 : minutes <= 12 * 60);
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

/** Whole days later (negative: earlier), across month and year ends: 2025-03-01 − 1 is 2025-02-28. */
export function addDays(date: string, days: number): string {
  if (!Number.isInteger(days)) throw new RangeError(`Days must be whole: ${days}`);
  const { year, month, day } = parseCalendarDate(date);
  // setUTCFullYear carries the overflow into months and years, and keeps years below 100 as they are.
  const moved = new Date(0);
  moved.setUTCFullYear(year, month - 1, day + days);
  return formatCalendarDate({
    year: moved.getUTCFullYear(),
    month: moved.getUTCMonth() + 1,
    day: moved.getUTCDate(),
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

/** One formatter per zone: building one costs more than formatting a list of moments with it. */
const wallClockFormats = new Map<string, Intl.DateTimeFormat>();
function wallClockFormat(timeZone: string): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The wall-clock time at `instant` in `timeZone` (IANA name), as 'YYYY-MM-DD HH:mm:ss': how the
 * screens show a moment (a log entry, a note, a file's upload), the same for every employee whatever
 * the zone of his device.
 */
export function wallClockInZone(timeZone: string, instant: Date): string {
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  const date = formatCalendarDate({
    year: Number(part('year')),
    month: Number(part('month')),
    day: Number(part('day')),
  });
  return `${date} ${part('hour')}:${part('minute')}:${part('second')}`;
}

/** The calendar date at `now` on the wall clocks of `timeZone` (IANA name), as 'YYYY-MM-DD'. */
export function todayInZone(timeZone: string = DEFAULT_COMPANY_TIME_ZONE, now: Date = new Date()): string {
  return wallClockInZone(timeZone, now).slice(0, 10);
}

/** Whether `timeZone` is an IANA zone name this runtime knows ('Europe/Warsaw'). */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    wallClockFormat(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** Milliseconds `timeZone`'s clocks are ahead of UTC at `instant` (whole seconds). */
function zoneOffsetAt(timeZone: string, instant: number): number {
  const wall = wallClockInZone(timeZone, new Date(instant));
  return Date.parse(`${wall.replace(' ', 'T')}Z`) - Math.floor(instant / 1000) * 1000;
}

/**
 * Whether the wall-clock time `local` ('YYYY-MM-DD HH:mm[:ss…]') happened in `timeZone`: false for
 * the hour the clocks skip when summer time starts (02:00–02:59 on the last Sunday of March in
 * Poland). The autumn hour that repeats exists (twice).
 */
export function wallClockExists(timeZone: string, local: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(:\d{2})?/.exec(local);
  if (!m) return false;
  const wanted = `${m[1]} ${m[2]}${m[3] ?? ':00'}`;
  const asUtc = Date.parse(`${wanted.replace(' ', 'T')}Z`);
  if (Number.isNaN(asUtc)) return false;
  const DAY = 86_400_000;
  // The zone's offsets a day either side cover both sides of any change on that day.
  return [zoneOffsetAt(timeZone, asUtc - DAY), zoneOffsetAt(timeZone, asUtc + DAY)].some(
    (offset) => wallClockInZone(timeZone, new Date(asUtc - offset)) === wanted,
  );
}
