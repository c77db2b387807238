import { sql } from 'drizzle-orm';
import type { InspectionCycle } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { intArray } from '../../lib/id-arrays.js';
import { rowsOf } from '../../lib/result-rows.js';
import { devices } from '../devices/devices.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { countedInspection } from './inspections.repository.js';

/**
 * The inspection cycle of each of these machines (a service form's), for the warning under "Okres":
 * the largest counted period is read from the events themselves, leaving out the event being edited
 * (whose own period would otherwise be its machines' last) and, given the event's date, those after
 * it (an older inspection corrected is weighed against the ones before it). Machines that are gone
 * are left out.
 */
export async function inspectionCycles(
  db: DbOrTx,
  ids: number[],
  options: { exceptService?: number; before?: string },
): Promise<InspectionCycle[]> {
  if (!ids.length) return [];
  const { exceptService, before } = options;
  const notEdited = exceptService === undefined ? sql`` : sql`AND ${services.id} <> ${exceptService}`;
  const upTo = before === undefined ? sql`` : sql`AND ${services.date} <= ${before}::date`;
  const result = await db.execute(sql`
    SELECT ${devices.id} AS id, ${devices.name} AS name,
           to_char(${devices.transferDate}, 'YYYY-MM-DD') AS "transferDate",
           ${devices.isPeriodicInspectionEnabled} AS "isPeriodicInspectionEnabled",
           coalesce((
             SELECT greatest(max(${services.period}), -1)
             FROM ${serviceDevices} JOIN ${services} ON ${services.id} = ${serviceDevices.serviceId}
             WHERE ${serviceDevices.deviceId} = ${devices.id} AND ${countedInspection} ${notEdited} ${upTo}
           ), -1)::int AS "lastPeriod"
    FROM ${devices}
    WHERE ${devices.id} = ANY(${intArray(ids)})
    ORDER BY ${devices.id}`);
  return rowsOf<InspectionCycle>(result).map((row) => ({ ...row, id: Number(row.id) }));
}
