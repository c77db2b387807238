import {
  MSG,
  employeeName,
  mayChangeOwnRecord,
  wallClockExists,
  type Incident,
  type IncidentInsert,
  type IncidentQuery,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { toServiceSummary } from '../services/services.mapper.js';
import { findServiceRow, serviceCoversDevice } from '../services/services.repository.js';
import {
  deleteIncident,
  deviceExists,
  findIncidentRow,
  findIncidentView,
  findIncidents,
  insertIncident,
  timestampOf,
  updateIncident,
  type IncidentView,
} from './incidents.repository.js';
import { machineInLog } from '../devices/devices.log-label.js';

function toIncident(view: IncidentView, withService: boolean): Incident {
  const { incident, service } = view;
  return {
    id: incident.id,
    date: view.localDate,
    text: incident.text,
    device: { id: incident.deviceId },
    serviceId: incident.serviceId,
    service: withService && service ? toServiceSummary(service) : null,
    userCreated: { id: view.creator.id, fullName: employeeName(view.creator) },
  };
}

/** GET /api/incident/findByParameters; `showService` decides whether rows carry their event. */
export async function searchIncidents(db: Db, query: IncidentQuery, timeZone: string): Promise<Incident[]> {
  const rows = await findIncidents(
    db,
    { deviceId: query.deviceId, text: query.text, from: query.dateFrom, to: query.dateTo },
    timeZone,
  );
  return rows.map((row) => toIncident(row, query.showService));
}

/**
 * POST /api/incident/insert: id 0 creates (anyone), id above 0 edits (the author or an admin).
 * A linked service event must cover the incident's machine.
 */
export async function saveIncident(db: Db, actor: SessionUser, input: IncidentInsert, timeZone: string) {
  // A time the clocks skipped (spring's change) would be moved an hour on without a word.
  // A bare day is that day (in zones whose clocks skip midnight, its first hour that exists).
  if (!input.date!.zone && !input.date!.dateOnly && !wallClockExists(timeZone, input.date!.local))
    throw badRequest(MSG.incidentTimeSkipped, 'TIME_SKIPPED', 'date');
  const date = timestampOf(input.date!, timeZone);
  const id = await inTransaction(db, async (tx) => {
    if (input.id > 0) {
      const existing = await findIncidentRow(tx, input.id, true);
      if (!existing) throw notFound(MSG.incidentNotFound);
      if (!mayChangeOwnRecord(actor, existing.userCreatedId)) throw forbidden(MSG.forbiddenIncident);
    }
    if (!(await deviceExists(tx, input.device.id)))
      throw badRequest(MSG.machineNotFound, 'DEVICE_NOT_FOUND', 'device.id');
    if (input.service !== null) {
      if (!(await findServiceRow(tx, input.service)))
        throw badRequest(MSG.serviceNotFound, 'SERVICE_NOT_FOUND', 'service.id');
      if (!(await serviceCoversDevice(tx, input.service, input.device.id))) {
        throw badRequest(MSG.incidentServiceOtherDevice, 'SERVICE_OTHER_DEVICE', 'service.id');
      }
    }
    const values = { deviceId: input.device.id, date, text: input.text, serviceId: input.service };
    if (input.id > 0) {
      await updateIncident(tx, input.id, values);
      await audit(
        tx,
        actor,
        `edycja zdarzenia nr ${input.id} maszyny ${await machineInLog(tx, input.device.id)}`,
        `incident:${input.id}`,
      );
      return input.id;
    }
    const row = await insertIncident(tx, { ...values, userCreatedId: actor.id });
    await audit(
      tx,
      actor,
      `dodanie zdarzenia nr ${row.id} maszyny ${await machineInLog(tx, input.device.id)}`,
      `incident:${row.id}`,
    );
    return row.id;
  });
  const view = await findIncidentView(db, id, timeZone);
  return { incident: toIncident(view!, true), created: input.id === 0 };
}

/** DELETE /api/incident/delete/{id}: admins only. */
export async function removeIncident(db: Db, actor: SessionUser, id: number) {
  if (!actor.isAdmin) throw forbidden(MSG.forbiddenBang);
  await inTransaction(db, async (tx) => {
    const existing = await findIncidentRow(tx, id, true);
    if (!existing) throw notFound(MSG.incidentNotFound);
    await deleteIncident(tx, id);
    await audit(
      tx,
      actor,
      `usunięcie zdarzenia nr ${id} maszyny ${await machineInLog(tx, existing.deviceId)}`,
      `incident:${id}`,
    );
  });
}
