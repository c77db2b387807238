/**
 * To-dos, incidents and audit-log rows for the list benchmarks, generated inside the database
 * (INSERT … SELECT over generate_series): millions of rows in seconds, the same on PostgreSQL and
 * PGlite. setseed() in the same transaction makes them repeatable.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../apps/server/src/db/database.js';
import { inTransaction } from '../apps/server/src/lib/transaction.js';
import { rowsOf } from '../apps/server/src/lib/result-rows.js';

const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

const TODO_TEXTS = [
  'Zamówić uszczelki do prasy',
  'Oddzwonić do klienta w sprawie przeglądu',
  'Wysłać ofertę na części zamienne',
  'Umówić szkolenie operatorów',
  'Sprawdzić dostępność silnika',
  'Przygotować protokół montażu',
  'Wymienić filtr hydrauliczny u klienta',
  'Potwierdzić termin instalacji',
];
const INCIDENT_TEXTS = [
  'Zatrzymanie awaryjne linii',
  'Wyciek oleju pod maszyną',
  'Błąd sterownika E-17',
  'Przegrzanie silnika głównego',
  'Uszkodzona osłona ochronna',
  'Nietypowe drgania wrzeciona',
  'Brak ciśnienia w układzie pneumatycznym',
];
const LOG_ACTIONS = [
  ['edycja maszyny', 'device'],
  ['dodanie notatki do maszyny', 'device'],
  ['dodanie zdarzenia serwisowego', 'service'],
  ['podpisanie protokołu', 'service'],
  ['edycja kontrahenta', 'customer'],
  ['dodanie pliku do maszyny', 'device'],
] as const;

export interface SideRecordCounts {
  todos: number;
  incidents: number;
  logs: number;
}

/** Writes the side records; machines, services and employees must exist (ids from 1 up). */
export async function writeSideRecords(db: Db, counts: SideRecordCounts, employeeIds: number[]) {
  const employees = sql`${`{${employeeIds.join(',')}}`}::int[]`;
  await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT setseed(0.2026)`);
    const [{ maxService, maxDevice }] = rowsOf<{ maxService: number; maxDevice: number }>(
      await tx.execute(
        sql`SELECT (SELECT coalesce(max(id), 0) FROM services)::int AS "maxService", (SELECT coalesce(max(id), 0) FROM devices)::int AS "maxDevice"`,
      ),
    );
    if (counts.todos > 0) {
      // Every third to-do belongs to a service event (unique per event: spread over the ids).
      const step = Math.max(1, Math.floor(maxService / Math.max(1, Math.ceil(counts.todos / 3))));
      await tx.execute(sql`
        INSERT INTO todos (date, description, to_do_status, service_id, user_created_id)
        SELECT now() - (random() * 1095) * interval '1 day',
          (${textArray(TODO_TEXTS)})[1 + (g % ${TODO_TEXTS.length})] || ' (' || g || ')',
          CASE WHEN random() < 0.3 THEN 'TODO' ELSE 'DONE' END,
          CASE WHEN g % 3 = 0 AND ${maxService} > 0 AND (g / 3) * ${step} <= ${maxService} THEN (g / 3) * ${step} END,
          (${employees})[1 + floor(random() * ${employeeIds.length})::int]
        FROM generate_series(1, ${counts.todos}) g`);
    }
    if (counts.incidents > 0 && maxDevice > 0) {
      await tx.execute(sql`
        INSERT INTO incidents (device_id, date, text, user_created_id)
        SELECT 1 + floor(random() * ${maxDevice})::int,
          now() - (random() * 1095) * interval '1 day',
          (${textArray(INCIDENT_TEXTS)})[1 + (g % ${INCIDENT_TEXTS.length})],
          (${employees})[1 + floor(random() * ${employeeIds.length})::int]
        FROM generate_series(1, ${counts.incidents}) g`);
    }
    if (counts.logs > 0) {
      const actions = textArray(LOG_ACTIONS.map(([text]) => text));
      const kinds = textArray(LOG_ACTIONS.map(([, kind]) => kind));
      // Oldest first over the last three years, like a real log that only grows.
      await tx.execute(sql`
        INSERT INTO logs (timestmp, formatted_message, arg0, arg1)
        SELECT (extract(epoch FROM now() - interval '3 years') * 1000)::bigint
            + (g::bigint * (3 * 365 * 86400000::bigint / ${counts.logs})),
          u.first_name || ' ' || u.last_name || ' (' || u.email || '): ' || (${actions})[1 + a] || ' nr ' || (1 + g % 99991),
          u.email,
          (${kinds})[1 + a] || ':' || (1 + g % 99991)
        FROM generate_series(1, ${counts.logs}) g
        CROSS JOIN LATERAL (SELECT (g % ${LOG_ACTIONS.length}) AS a) pick
        JOIN users u ON u.id = (${employees})[1 + (g::bigint * 7919 % ${employeeIds.length})::int]`);
    }
  });
  for (const table of ['todos', 'incidents', 'logs']) await db.execute(sql.raw(`VACUUM ANALYZE ${table}`));
}
