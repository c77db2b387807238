import { and, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { services } from '../services/services.table.js';
import { serviceMonthCounts } from './service-month-counts.table.js';

/** A statistics range: whole days, both ends inclusive, either open (null). */
export type StatisticsRange = { dateFrom: string | null; dateTo: string | null };

/** Days from `from` (inclusive) to `toExclusive`; null is open. */
export type Span = { from: string | null; toExclusive: string | null };

/**
 * A range cut where service_month_counts can answer: `months` are the whole months inside it (as
 * first days of months), null when it holds none; `days` the pieces left at its ends, counted from
 * the events themselves.
 */
export type RangeParts = { months: Span | null; days: Span[] };

const LAST_DAY = '9999-12-31';
const LAST_MONTH = '9999-12-01';

const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

function firstOfNextMonth(day: string): string {
  const next = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)), 1));
  return next.toISOString().slice(0, 10);
}

function nextDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

export function splitByWholeMonths({ dateFrom, dateTo }: StatisticsRange): RangeParts {
  // The first whole month starts on dateFrom when that is a 1st, else on the next 1st; the whole
  // months end (exclusive) after dateTo when that is a month's last day, else on dateTo's 1st.
  // Nothing comes after 9999-12-31, whose next day JavaScript writes "+010000-01-01" (which no
  // database reads): a range to it is open, and one from its last month has no whole month.
  const afterTo = dateTo === null || dateTo >= LAST_DAY ? null : nextDay(dateTo);
  if (dateFrom !== null && dateFrom > LAST_MONTH) {
    return { months: null, days: [{ from: dateFrom, toExclusive: afterTo }] };
  }
  const wholeFrom = dateFrom === null || dateFrom.endsWith('-01') ? dateFrom : firstOfNextMonth(dateFrom);
  const wholeTo = afterTo === null || afterTo.endsWith('-01') ? afterTo : firstOfMonth(afterTo);
  if (wholeFrom !== null && wholeTo !== null && wholeFrom >= wholeTo) {
    return { months: null, days: [{ from: dateFrom, toExclusive: afterTo }] };
  }
  const days: Span[] = [];
  if (dateFrom !== null && wholeFrom !== null && dateFrom < wholeFrom) {
    days.push({ from: dateFrom, toExclusive: wholeFrom });
  }
  if (wholeTo !== null && afterTo !== null && wholeTo < afterTo)
    days.push({ from: wholeTo, toExclusive: afterTo });
  return { months: { from: wholeFrom, toExclusive: wholeTo }, days };
}

const within = (column: AnyPgColumn, span: Span): SQL =>
  and(
    span.from ? gte(column, span.from) : undefined,
    span.toExclusive ? lt(column, span.toExclusive) : undefined,
  ) ?? sql`TRUE`;

/**
 * The range's events as rows of service_month_counts' shape (month, user_created_id, state,
 * payment_type, types, services): its whole months read from the kept counts, the days at its
 * ends counted from the events (services_date_idx, at most two months' events). Every statistic
 * adds up `services` over these rows.
 */
export function countedServices(range: StatisticsRange): SQL {
  const parts = splitByWholeMonths(range);
  const m = serviceMonthCounts;
  const pieces: SQL[] = [];
  if (parts.months) {
    const where = within(m.month, parts.months);
    pieces.push(sql`
      SELECT ${m.month} AS month, ${m.userCreatedId} AS user_created_id, ${m.state} AS state,
        ${m.paymentType} AS payment_type, ${m.types} AS types, ${m.services} AS services
      FROM ${m} WHERE ${where}`);
  }
  for (const days of parts.days) {
    const where = within(services.date, days);
    pieces.push(sql`
      SELECT date_trunc('month', ${services.date}::timestamp)::date AS month,
        ${services.userCreatedId} AS user_created_id, ${services.state} AS state,
        ${services.paymentType} AS payment_type, ${services.types} AS types, count(*)::int AS services
      FROM ${services} WHERE ${where} GROUP BY 1, 2, 3, 4, 5`);
  }
  return sql.join(pieces, sql` UNION ALL `);
}
