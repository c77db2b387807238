import { sql } from 'drizzle-orm';
import type { StatisticsCharts } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { rowsOf } from '../../lib/result-rows.js';
import { countedServices, type StatisticsRange } from './statistics.range.js';

/**
 * The statistics screen's charts for a date range (both ends inclusive, as the per-employee table):
 * issued and signed per month, and the shares per service type and per payment type. Three
 * aggregate statements over the range's counts (statistics.range.ts); a month, type or payment
 * whose count is 0 (its events deleted or moved) is left out, as it was when events were counted.
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
    months: rowsOf<StatisticsCharts['months'][number]>(months),
    serviceTypes: rowsOf<{ type: string; count: number }>(types),
    paymentTypes: rowsOf<{ type: string; count: number }>(payments),
  };
}
