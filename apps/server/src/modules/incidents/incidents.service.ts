import {
  INCIDENT_AUDIT_FIELDS,
  MSG,
  employeeName,
  mayChangeOwnRecord,
  wallClockExists,
  type Incident,
  type IncidentInsert,
  type IncidentQuery,
  type SessionUser,
} from '@serwis/domain';
import type { Db, DbOrTx } from '../../db/database.js';
import { badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { auditChanges, bare, fieldsNamed, filledFields, quotedText } from '../../lib/audit-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { fullNumberOf, toServiceSummary } from '../services/services.mapper.js';
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

/** An incident as its entries show it: each value in words, the date in company time. */
interface IncidentInLog {
  machine: string;
  date: string;
  text: string;
  service: string;
}

/** In the log's order, named as the incident form names them. */
const INCIDENT_FIELDS = fieldsNamed<IncidentInLog>(INCIDENT_AUDIT_FIELDS, {
  machine: bare,
  date: bare,
  text: quotedText,
  service: bare,
});

/** "2026-03-10 14:30", with the seconds when there are any ("2026-03-10 09:15:30"). */
const dateInLog = (localDate: string) => localDate.replace('T', ' ').replace(/:00$/, '');

/** The incident as it is now in the transaction (`view` read by findIncidentView), for its entry. */
async function incidentInLog(tx: DbOrTx, view: IncidentView): Promise<IncidentInLog> {
  const { incident, service } = view;
  return {
    machine: await machineInLog(tx, incident.deviceId),
    date: dateInLog(view.localDate),
    text: incident.text,
    service: service ? `${fullNumberOf(service)} (id ${service.id})` : '',
  };
}

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
      // Read under the row's lock taken above: the values this edit replaces.
      const before = await incidentInLog(tx, (await findIncidentView(tx, input.id, timeZone))!);
      await updateIncident(tx, input.id, values);
      const after = await incidentInLog(tx, (await findIncidentView(tx, input.id, timeZone))!);
      // What changed, the old text and date among it; the same values saved again: no entry.
      const changes = auditChanges(before, after, INCIDENT_FIELDS);
      if (changes.length) {
        await audit(
          tx,
          actor,
          `edycja zdarzenia nr ${input.id} maszyny ${after.machine}: ${changes.join(', ')}`,
          `incident:${input.id}`,
        );
      }
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

/**
 * DELETE /api/incident/delete/{id}: admins only. The entry keeps what the delete takes away: the
 * date (in `timeZone`, the company's, as the incident lists show it), the text and the linked event.
 */
export async function removeIncident(db: Db, actor: SessionUser, id: number, timeZone: string) {
  if (!actor.isAdmin) throw forbidden(MSG.forbiddenBang);
  await inTransaction(db, async (tx) => {
    const existing = await findIncidentRow(tx, id, true);
    if (!existing) throw notFound(MSG.incidentNotFound);
    const gone = await incidentInLog(tx, (await findIncidentView(tx, id, timeZone))!);
    await deleteIncident(tx, id);
    const content = filledFields(gone, INCIDENT_FIELDS, ['machine']);
    await audit(
      tx,
      actor,
      `usunięcie zdarzenia nr ${id} maszyny ${gone.machine}: ${content.join(', ')}`,
      `incident:${id}`,
    );
  });
}
