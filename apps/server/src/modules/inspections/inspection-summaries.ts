import { eq, sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/database.js';
import { inTransaction } from '../../lib/transaction.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { inspectionSummaries } from './inspection-summaries.table.js';
import { countedInspection } from './inspections.repository.js';
import { bulkStatementRows } from '../../db/bulk-statement-rows.js';

/**
 * Writes the summary rows of the machines `scope` selects, recomputed from the source tables with
 * the shared rule's arithmetic (rules/inspections.ts; PostgreSQL's month arithmetic clamps month
 * ends like addMonths). `scope` is a condition on a machine id column, applied both to the machines
 * and to the aggregated events so a few machines cost a few index look-ups. Unchanged rows are not
 * rewritten.
 */
async function upsertSummaries(db: DbOrTx, scope: (deviceId: SQL) => SQL) {
  const deviceId = sql`${devices.id}`;
  const eventDeviceId = sql`${serviceDevices.deviceId}`;
  await db.execute(sql`
    INSERT INTO ${inspectionSummaries} AS s
      (device_id, last_period, last_inspection, next_inspection, listed, actual)
    SELECT m.id, m.last_period, m.last_inspection,
           (m.transfer_date + make_interval(months => greatest(m.last_period, 0) + 6))::date,
           m.listed,
           m.listed AND m.transfer_date IS NOT NULL
             AND NOT (m.warranty_length > 0 AND m.last_period >= m.warranty_length)
    FROM (
      SELECT ${devices.id} AS id, ${devices.transferDate} AS transfer_date,
             ${devices.warrantyLength} AS warranty_length,
             (${devices.type} = 'INTERNAL' AND ${devices.isPeriodicInspectionEnabled}) AS listed,
             coalesce(agg.last_period, -1) AS last_period, agg.last_inspection
      FROM ${devices}
      LEFT JOIN (
        SELECT ${serviceDevices.deviceId} AS device_id,
               greatest(max(${services.period}), -1) AS last_period,
               max(${services.date}) AS last_inspection
        FROM ${serviceDevices}
        JOIN ${services} ON ${services.id} = ${serviceDevices.serviceId}
        WHERE ${countedInspection} AND ${scope(eventDeviceId)}
        GROUP BY ${serviceDevices.deviceId}
      ) agg ON agg.device_id = ${devices.id}
      WHERE ${scope(deviceId)}
    ) m
    ON CONFLICT (device_id) DO UPDATE SET
      last_period = excluded.last_period,
      last_inspection = excluded.last_inspection,
      next_inspection = excluded.next_inspection,
      listed = excluded.listed,
      actual = excluded.actual
    WHERE (s.last_period, s.last_inspection, s.next_inspection, s.listed, s.actual)
      IS DISTINCT FROM (excluded.last_period, excluded.last_inspection, excluded.next_inspection,
                        excluded.listed, excluded.actual)`);
}

/**
 * Recomputes the summaries of these machines. Call it in the transaction of every write that can
 * change them (a service event's types, state, period, date or machines; a machine's handover date,
 * warranty or inspection switch), after the write, with the machines before AND after the change.
 *
 * Each machine is locked first, in a statement of its own: the recomputing statement then sees every
 * transaction that refreshed the machine before us as committed, and one that changed its events but
 * has not refreshed yet will wait for us and see our change. Without it, two concurrent writes to
 * one machine's events could each leave a summary missing the other's change.
 */
export async function refreshInspectionSummaries(tx: DbOrTx, deviceIds: readonly number[]) {
  const array = await lockInspectionSummaries(tx, deviceIds);
  if (array) await upsertSummaries(tx, (deviceId) => sql`${deviceId} = ANY(${array})`);
}

/**
 * Takes the summaries' locks of these machines (refreshInspectionSummaries takes them anyway; held
 * to the transaction's end, taken again at no cost) and answers their ids as an SQL array. A save of
 * a machine takes them before it writes the machine: its row's trigger
 * (devices_follow_inspection_keys) writes the summary row, which a signing holding the lock was
 * about to write (a deadlock, found in a morning rush on PostgreSQL).
 */
export async function lockInspectionSummaries(tx: DbOrTx, deviceIds: readonly number[]) {
  const ids = [...new Set(deviceIds)].sort((a, b) => a - b);
  if (!ids.length) return null;
  // Ids are integers (zod-coerced or from the database), so the array literal is safe; ascending
  // order means two transactions never wait for each other in a circle.
  const array = sql`${`{${ids.join(',')}}`}::int[]`;
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('inspection-summary'), id) FROM unnest(${array}) AS id`,
  );
  return array;
}

/**
 * Many machines at once (a bulk import): one table lock, as the bulk recomputation below takes,
 * instead of an advisory lock per machine (100,000 of those exhaust the lock table).
 */
export async function refreshInspectionSummariesOfMany(
  tx: DbOrTx,
  deviceIds: readonly number[],
  onChunk: (machines: number) => Promise<void> = async () => undefined,
) {
  if (!deviceIds.length) return;
  await tx.execute(sql`LOCK TABLE ${inspectionSummaries} IN SHARE ROW EXCLUSIVE MODE`);
  const ids = [...new Set(deviceIds)];
  // 5,000 machines a statement on PostgreSQL (new ones: 0.9 s at 100,000 machines), often enough
  // for the progress; 1,000 on PGlite, which holds the server while it runs one.
  const size = bulkStatementRows();
  for (let start = 0; start < ids.length; start += size) {
    const chunk = ids.slice(start, start + size);
    const array = sql`${`{${chunk.join(',')}}`}::int[]`;
    await upsertSummaries(tx, (deviceId) => sql`${deviceId} = ANY(${array})`);
    await onChunk(chunk.length);
  }
}

/** The machines a service event covers now; read before a change of its machines or its delete. */
export async function machinesOfService(tx: DbOrTx, serviceId: number): Promise<number[]> {
  const rows = await tx
    .select({ deviceId: serviceDevices.deviceId })
    .from(serviceDevices)
    .where(eq(serviceDevices.serviceId, serviceId));
  return rows.map((r) => r.deviceId);
}

/** For writes that keep the event's machines (state changes, a scan that signs). */
export async function refreshInspectionSummariesOfService(tx: DbOrTx, serviceId: number) {
  await refreshInspectionSummaries(tx, await machinesOfService(tx, serviceId));
}

/**
 * Bulk (re)computation under a table lock: it waits for the transactions that already refreshed a
 * machine, and keeps new refreshes waiting until it commits, so no row is written from stale data.
 */
async function refreshInBulk(db: Db, scope: (deviceId: SQL) => SQL) {
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`LOCK TABLE ${inspectionSummaries} IN SHARE ROW EXCLUSIVE MODE`);
    await upsertSummaries(tx, scope);
  });
}

/** Recomputes every machine's summary (repairs, tests that write rows directly). */
export async function refreshAllInspectionSummaries(db: Db) {
  await refreshInBulk(db, () => sql`TRUE`);
}

const missingSummary = (deviceId: SQL) =>
  sql`${deviceId} NOT IN (SELECT ${inspectionSummaries.deviceId} FROM ${inspectionSummaries})`;

/**
 * On start, after the migrations: creates the summaries of machines that have none, so a database
 * from before the table existed (or machines written around the application) upgrade themselves.
 * The check is one anti-join over the two id columns; when nothing is missing nothing is written.
 * Answers how many machines were filled in.
 */
export async function backfillInspectionSummaries(db: Db): Promise<number> {
  const [{ missing }] = await db
    .select({ missing: sql<number>`count(*)::int` })
    .from(devices)
    .where(missingSummary(sql`${devices.id}`));
  if (missing > 0) await refreshInBulk(db, missingSummary);
  return missing;
}
