import { sql } from 'drizzle-orm';
import type { StatisticsCharts } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { countedServices, type StatisticsRange } from './statistics.range.js';

/**
 * The statistics screen's charts for a date range (both ends inclusive, as the per-employee table):
 * issued and signed per month, and the shares per service type and per payment type. Three
 * aggregate statements over the range's counts (statistics.range.ts); a type or payment whose
 * count is 0 (its events deleted or moved) is left out. A month without protocols is given with 0s
 * (`withEmptyMonths`): left out, January stood beside March as if February had not been.
 */
export async function servicesCharts(db: DbOrTx, range: StatisticsRange): Promise<StatisticsCharts> {
  const counted = countedServices(range);
  const [months, types, payments] = await Promise.all([
    db.execute(sql`
      SELECT to_char(month, 'YYYY-MM') AS month, sum(services)::int AS issued,
        coalesce(sum(services) FILTER (WHERE state = 'PODPISANY'), 0)::int AS signed
      FROM (${counted}) counted
      GROUP BY 1 HAVING sum(services) > 0 ORDER BY 1`),
    db.execute(sql`
      SELECT t.type, sum(services)::int AS count
      FROM (${counted}) counted, unnest(types) AS t(type)
      GROUP BY t.type HAVING sum(services) > 0 ORDER BY count DESC, t.type`),
    db.execute(sql`
      SELECT payment_type AS type, sum(services)::int AS count
      FROM (${counted}) counted
      GROUP BY payment_type HAVING sum(services) > 0 ORDER BY count DESC, payment_type`),
  ]);
  return {
    months: withEmptyMonths(rowsOf<StatisticsCharts['months'][number]>(months), range),
    serviceTypes: rowsOf<{ type: string; count: number }>(types),
    paymentTypes: rowsOf<{ type: string; count: number }>(payments),
  };
}

type MonthRow = StatisticsCharts['months'][number];

/** A range's ends this far apart or more (in months) are not drawn whole: the data's months are. */
const LONGEST_DRAWN_RANGE = 240;

const monthIndex = (month: string) => Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
const monthOf = (index: number) =>
  `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;

/**
 * Every month from the range's first to its last (the data's first or last where the range is
 * open, or spans 20 years or more), those without protocols with 0s. No protocols at all: none.
 */
export function withEmptyMonths(rows: MonthRow[], range: StatisticsRange): MonthRow[] {
  if (rows.length === 0) return rows;
  let first = monthIndex(range.dateFrom ?? rows[0].month);
  let last = monthIndex(range.dateTo ?? rows[rows.length - 1].month);
  if (last - first >= LONGEST_DRAWN_RANGE) {
    first = Math.max(first, monthIndex(rows[0].month));
    last = Math.min(last, monthIndex(rows[rows.length - 1].month));
  }
  const kept = new Map(rows.map((row) => [row.month, row]));
  return Array.from({ length: last - first + 1 }, (_, i) => {
    const month = monthOf(first + i);
    return kept.get(month) ?? { month, issued: 0, signed: 0 };
  });
}
