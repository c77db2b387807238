import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { LocalDateTime } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { devices } from '../devices/devices.table.js';
import { services } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { incidents } from './incidents.table.js';
import { likeContains, textMatches, trimmedTerm } from '../../lib/text-search.js';

export type IncidentRow = typeof incidents.$inferSelect;

/**
 * A wall-clock date-time as a timestamptz: in the zone the client named, else in the company's
 * zone, so "23:59:59" means 23:59:59 in Poland whatever the server's own zone.
 */
export function timestampOf(value: LocalDateTime, timeZone: string): SQL {
  return value.zone
    ? sql`(${`${value.local}${value.zone}`})::timestamptz`
    : sql`((${value.local})::timestamp AT TIME ZONE ${timeZone})`;
}

/** A bare day ends at its last microsecond (spec §5: 23:59:59.999999). */
export function endOfDay(value: LocalDateTime): LocalDateTime {
  return value.dateOnly ? { ...value, local: `${value.local.slice(0, 10)} 23:59:59.999999` } : value;
}

export interface IncidentFilter {
  deviceId?: number;
  text?: string;
  from?: LocalDateTime | null;
  to?: LocalDateTime | null;
}

/** Incidents with their author and (left-joined) linked event, newest first. */
export function findIncidents(db: DbOrTx, filter: IncidentFilter, timeZone: string) {
  const conditions: (SQL | undefined)[] = [];
  if (filter.deviceId !== undefined) conditions.push(eq(incidents.deviceId, filter.deviceId));
  const term = trimmedTerm(filter.text);
  // One machine's incidents are few: any term matches anywhere in their text. Across every machine
  // the text search goes through an index (lib/text-search.ts: a short term matches the start).
  if (term) {
    conditions.push(
      filter.deviceId !== undefined
        ? sql`${incidents.text} ILIKE ${likeContains(term)}`
        : textMatches(incidents.text, term),
    );
  }
  if (filter.from) conditions.push(sql`${incidents.date} >= ${timestampOf(filter.from, timeZone)}`);
  if (filter.to) conditions.push(sql`${incidents.date} <= ${timestampOf(endOfDay(filter.to), timeZone)}`);
  return selectIncidents(db, timeZone)
    .where(and(...conditions))
    .orderBy(desc(incidents.date), desc(incidents.id));
}

function selectIncidents(db: DbOrTx, timeZone: string) {
  return db
    .select({
      incident: incidents,
      localDate: sql<string>`to_char(${incidents.date} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD"T"HH24:MI:SS')`,
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email },
      service: services,
    })
    .from(incidents)
    .innerJoin(users, eq(users.id, incidents.userCreatedId))
    .leftJoin(services, eq(services.id, incidents.serviceId));
}

export async function findIncidentView(db: DbOrTx, id: number, timeZone: string) {
  const rows = await selectIncidents(db, timeZone).where(eq(incidents.id, id)).limit(1);
  return rows[0];
}
export type IncidentView = NonNullable<Awaited<ReturnType<typeof findIncidentView>>>;

export async function findIncidentRow(db: DbOrTx, id: number, forUpdate = false) {
  const query = db.select().from(incidents).where(eq(incidents.id, id)).limit(1);
  const rows = forUpdate ? await query.for('update') : await query;
  return rows[0];
}

export async function deviceExists(db: DbOrTx, id: number) {
  const rows = await db.select({ id: devices.id }).from(devices).where(eq(devices.id, id)).limit(1);
  return rows.length > 0;
}

export async function insertIncident(
  tx: DbOrTx,
  values: { deviceId: number; date: SQL; text: string; serviceId: number | null; userCreatedId: number },
) {
  const [row] = await tx
    .insert(incidents)
    .values({ ...values, date: values.date as unknown as string })
    .returning();
  return row;
}

export async function updateIncident(
  tx: DbOrTx,
  id: number,
  values: { deviceId: number; date: SQL; text: string; serviceId: number | null },
) {
  const [row] = await tx
    .update(incidents)
    .set({ ...values, date: values.date as unknown as string })
    .where(eq(incidents.id, id))
    .returning();
  return row;
}

export async function deleteIncident(tx: DbOrTx, id: number) {
  await tx.delete(incidents).where(eq(incidents.id, id));
}
