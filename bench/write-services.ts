/**
 * Bulk writes of the generated service events: one INSERT … SELECT FROM unnest(arrays) per batch,
 * so 10,000 rows cost one statement with 18 parameters (works the same on PostgreSQL and PGlite,
 * which has no COPY from the client).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database.js';
import { inTransaction } from '../apps/server/src/lib/transaction.js';
import { refreshAllInspectionSummaries } from '../apps/server/src/modules/inspections/inspection-summaries.js';
import { rowsOf } from '../apps/server/src/lib/result-rows.js';
import { services } from '../apps/server/src/modules/services/services.table.js';
import { random } from './fleet.js';
import { serviceEventBatches, type FleetMachine, type ServiceEventRow } from './service-events.js';

/** Rows per statement: the array literals stay around 1–2 MB. */
const BATCH = 10_000;

/** A PostgreSQL array literal of texts (each element quoted), passed as one text parameter. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
const plainArray = (values: readonly (number | boolean)[]) => `{${values.join(',')}}`;

async function insertBatch(db: Db, rows: ServiceEventRow[]) {
  const col = <K extends keyof ServiceEventRow>(key: K) => rows.map((r) => r[key]);
  const links = rows.flatMap((r) => r.deviceIds.map((deviceId) => [r.id, deviceId] as const));
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`
      INSERT INTO ${services} (id, date, number, number_extension, month, year, payment_type, types,
        customer_id, is_to_sign, fault_description, period, state, user_created_id, has_internal,
        has_external, created_at, updated_at)
      SELECT id, date, number, number_extension, month, year, payment_type, types::text[],
        customer_id, is_to_sign, fault_description, period, state, user_created_id, has_internal,
        has_external, created_at, created_at
      FROM unnest(${plainArray(col('id'))}::int[], ${textArray(col('date'))}::date[],
        ${plainArray(col('number'))}::int[], ${textArray(col('numberExtension'))}::text[],
        ${plainArray(col('month'))}::int2[], ${plainArray(col('year'))}::int2[],
        ${textArray(col('paymentType'))}::text[], ${textArray(rows.map((r) => `{${r.types.join(',')}}`))}::text[],
        ${plainArray(col('customerId'))}::int[], ${plainArray(col('isToSign'))}::bool[],
        ${textArray(col('faultDescription'))}::text[], ${plainArray(col('period'))}::int[],
        ${textArray(col('state'))}::text[], ${plainArray(col('userCreatedId'))}::int[],
        ${plainArray(col('hasInternal'))}::bool[], ${plainArray(col('hasExternal'))}::bool[],
        ${textArray(col('createdAt'))}::timestamptz[])
        AS t(id, date, number, number_extension, month, year, payment_type, types, customer_id,
          is_to_sign, fault_description, period, state, user_created_id, has_internal, has_external,
          created_at)`);
    await tx.execute(sql`
      INSERT INTO service_devices (service_id, device_id)
      SELECT * FROM unnest(${plainArray(links.map((l) => l[0]))}::int[], ${plainArray(links.map((l) => l[1]))}::int[])`);
  });
}

/**
 * Drops the indexes of a table that no constraint owns (the primary key stays) and answers their
 * CREATE INDEX statements: a million rows go in faster, and the indexes built once are compact.
 */
export async function dropIndexes(db: Db, table: string, onlyGin = false): Promise<string[]> {
  const result = await db.execute(sql`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = 'public' AND i.tablename = ${table}
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = format('%I', i.indexname)::regclass)
      AND (${!onlyGin} OR i.indexdef ILIKE '%USING gin%')`);
  const rows = rowsOf<{ indexname: string; indexdef: string }>(result);
  for (const row of rows) await db.execute(sql.raw(`DROP INDEX "${row.indexname}"`));
  return rows.map((r) => r.indexdef);
}

export interface ServiceGeneration {
  count: number;
  seed: number;
  machines: FleetMachine[];
  employeeIds: number[];
  today: Date;
}

/**
 * Writes the events and their machines, rebuilds the indexes, then computes every machine's
 * inspection summary (the inspection list reads those) and refreshes the planner's statistics.
 */
export async function writeServices(db: Db, generation: ServiceGeneration) {
  const [{ maxId }] = await db
    .select({ maxId: sql<number>`coalesce(max(${services.id}), 0)::int` })
    .from(services);
  const rebuild = [...(await dropIndexes(db, 'services')), ...(await dropIndexes(db, 'service_devices'))];
  let written = 0;
  const started = performance.now();
  for (const rows of serviceEventBatches(random(generation.seed ^ 0x5e41ce), {
    count: generation.count,
    machines: generation.machines,
    employeeIds: generation.employeeIds,
    today: generation.today,
    firstId: maxId + 1,
    batchSize: BATCH,
  })) {
    await insertBatch(db, rows);
    written += rows.length;
    if ((written / BATCH) % 10 === 0 || written === generation.count) {
      const seconds = (performance.now() - started) / 1000;
      process.stdout.write(`  zdarzenia ${written} / ${generation.count} (${seconds.toFixed(0)} s)\n`);
    }
  }
  // Ids were given here, so the sequence must continue after them.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('services', 'id'), (SELECT max(id) FROM ${services}))`,
  );
  const indexStart = performance.now();
  for (const definition of rebuild) await db.execute(sql.raw(definition));
  console.log(
    `Indeksy zdarzeń odbudowane: ${rebuild.length} w ${((performance.now() - indexStart) / 1000).toFixed(1)} s`,
  );
  const summaryStart = performance.now();
  await refreshAllInspectionSummaries(db);
  console.log(
    `Podsumowania przeglądów przeliczone w ${((performance.now() - summaryStart) / 1000).toFixed(1)} s`,
  );
}
