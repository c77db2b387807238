import { and, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { StatisticsCharts } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { services } from '../services/services.table.js';
import { rowsOf } from '../../lib/result-rows.js';

type Range = { dateFrom: string | null; dateTo: string | null };

const inRange = (range: Range): SQL | undefined =>
  and(
    range.dateFrom ? gte(services.date, range.dateFrom) : undefined,
    range.dateTo ? lte(services.date, range.dateTo) : undefined,
  );

/**
 * The statistics screen's charts for a date range (both ends inclusive, as the per-employee table):
 * issued and signed per month, and the shares per service type and per payment type. Three
 * aggregate statements over services_date_idx's range.
 */
export async function servicesCharts(db: DbOrTx, range: Range): Promise<StatisticsCharts> {
  const where = inRange(range) ?? sql`TRUE`;
  const [months, types, payments] = await Promise.all([
    db
      .select({
        month: sql<string>`to_char(${services.date}, 'YYYY-MM')`,
        issued: sql<number>`count(*)::int`,
        signed: sql<number>`(count(*) FILTER (WHERE ${services.state} = 'PODPISANY'))::int`,
      })
      .from(services)
      .where(where)
      .groupBy(sql`1`)
      .orderBy(sql`1`),
    db.execute(sql`
      SELECT t.type, count(*)::int AS count
      FROM ${services}, unnest(${services.types}) AS t(type)
      WHERE ${where}
      GROUP BY t.type ORDER BY count DESC, t.type`),
    db
      .select({ type: services.paymentType, count: sql<number>`count(*)::int` })
      .from(services)
      .where(where)
      .groupBy(services.paymentType)
      .orderBy(sql`2 DESC`, services.paymentType),
  ]);
  return {
    months,
    serviceTypes: rowsOf<{ type: string; count: number }>(types),
    paymentTypes: payments,
  };
}
