import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { OPEN_SERVICE_STATES } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { incidents } from '../incidents/incidents.table.js';
import { inspectionDueCounts } from '../inspections/inspection-due-counts.table.js';
import { inspectionSummaries } from '../inspections/inspection-summaries.table.js';
import { services } from '../services/services.table.js';
import { serviceDayCounts } from './service-day-counts.table.js';

/**
 * Each figure of the dashboard is one query that an index answers (named beside it); none of them
 * reads a whole table, so the home screen costs the same at 1,000 and 1,000,000 machines. The
 * counts that would read hundreds of thousands of index entries at that size (overdue machines,
 * waiting protocols, the month's protocols, open to-dos) read counts kept by triggers instead.
 * "Due" machines are those of the "only current" inspection list (summaries' `actual`).
 */

const actual = sql`${inspectionSummaries.actual}`;

/**
 * inspection_due_counts' primary key: the machines due per day, added up over the range (at most
 * 31 days for the next 30, one row per past day ever used for the overdue), so the figure costs the
 * same with 500 or 500,000 overdue machines. The triggers on the summaries keep it exact.
 */
export async function countDue(db: DbOrTx, from: string | null, toExclusive: string) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${inspectionDueCounts.machines}), 0)::int` })
    .from(inspectionDueCounts)
    .where(
      and(
        from === null ? undefined : gte(inspectionDueCounts.dueDate, from),
        lt(inspectionDueCounts.dueDate, toExclusive),
      ),
    );
  return row.n;
}

/** inspection_summaries_actual_idx read forwards (upcoming) or backwards (overdue): five rows. */
export function nearestDue(db: DbOrTx, range: { from: string; toExclusive: string } | { before: string }) {
  const overdue = 'before' in range;
  return db
    .select({
      id: devices.id,
      name: devices.name,
      serialNumber: devices.serialNumber,
      customerShortName: customers.shortName,
      nextInspection: sql<string>`${inspectionSummaries.nextInspection}::text`,
    })
    .from(inspectionSummaries)
    .innerJoin(devices, eq(devices.id, inspectionSummaries.deviceId))
    .innerJoin(customers, eq(customers.id, devices.customerId))
    .where(
      overdue
        ? and(actual, lt(inspectionSummaries.nextInspection, range.before))
        : and(
            actual,
            gte(inspectionSummaries.nextInspection, range.from),
            lt(inspectionSummaries.nextInspection, range.toExclusive),
          ),
    )
    .orderBy(
      overdue ? desc(inspectionSummaries.nextInspection) : asc(inspectionSummaries.nextInspection),
      overdue ? desc(inspectionSummaries.deviceId) : asc(inspectionSummaries.deviceId),
    )
    .limit(5);
}

// Literal, as the waiting states' partial index spells them (OPEN_SERVICE_STATES), for the planner.
const waiting = sql`${services.state} IN ('UTWORZONY', 'DODAJ_SKAN')`;

/**
 * service_day_counts: the events in the two waiting states, one row per date and state (a few
 * thousand rows at most, read from its primary key), whatever the number of events.
 */
export async function countWaitingProtocols(db: DbOrTx) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${serviceDayCounts.services}), 0)::int` })
    .from(serviceDayCounts)
    .where(inArray(serviceDayCounts.state, [...OPEN_SERVICE_STATES]));
  return row.n;
}

/** services_waiting_idx: the five oldest, with their customer. */
export function oldestWaitingProtocols(db: DbOrTx) {
  return db
    .select({
      id: services.id,
      number: services.number,
      numberExtension: services.numberExtension,
      month: services.month,
      year: services.year,
      state: services.state,
      date: sql<string>`${services.date}::text`,
      customerShortName: customers.shortName,
    })
    .from(services)
    .innerJoin(customers, eq(customers.id, services.customerId))
    .where(waiting)
    .orderBy(asc(services.date), asc(services.id))
    .limit(5);
}

/**
 * incidents_date_idx: incidents from midnight of `since` to the end of `today` on the company's clocks (constants for
 * the planner, so the index range applies).
 */
export async function countIncidentsSince(db: DbOrTx, since: string, today: string, timeZone: string) {
  // Up to the end of today: an incident dated ahead (a year typed wrong) is not one of the last days.
  const [row] = await db
    .select({ n: count() })
    .from(incidents)
    .where(
      sql`${incidents.date} >= (${since}::date::timestamp AT TIME ZONE ${timeZone})
        AND ${incidents.date} < ((${today}::date + 1)::timestamp AT TIME ZONE ${timeZone})`,
    );
  return row.n;
}

/** service_day_counts' primary key: one month's protocols, issued and signed, from ≤ 31 days' rows. */
export async function countMonthProtocols(db: DbOrTx, first: string, last: string) {
  const [row] = await db
    .select({
      issued: sql<number>`coalesce(sum(${serviceDayCounts.services}), 0)::int`,
      signed: sql<number>`coalesce(sum(${serviceDayCounts.services}) FILTER (WHERE ${serviceDayCounts.state} = 'PODPISANY'), 0)::int`,
    })
    .from(serviceDayCounts)
    .where(and(gte(serviceDayCounts.day, first), lte(serviceDayCounts.day, last)));
  return row;
}
