import {
  MSG,
  SERVICE_TODO_AUDIT,
  type ChangeTodoStatus,
  type ServiceJson,
  type ServiceUpdate,
  type SessionUser,
  todoStatusLabel,
} from '@serwis/domain';
import type { Db, Tx } from '../../db/database.js';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error.js';
import { auditChanges, fieldChange, yesNo } from '../../lib/audit-changes.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { machinesOfService, refreshInspectionSummaries } from '../inspections/inspection-summaries.js';
import { fullNumberOf, loadService } from './services.mapper.js';
import {
  EDITED_FIELDS,
  F,
  eventText,
  eventView,
  namesInLog,
  serviceInLog,
  todoChanges,
} from './services.log-label.js';
import {
  deleteServiceTodo,
  findServiceTodo,
  insertService,
  replaceServiceDevices,
  updateServiceRow,
  upsertServiceTodo,
  type ServiceRow,
} from './services.repository.js';
import {
  assertCanModify,
  assertCanWriteTodo,
  assertDevicesOfCustomer,
  assignNumber,
  isOpen,
  monthYearOf,
  requireServiceForUpdate,
} from './services.rules.js';

/**
 * Work done in the saving transaction once the event row exists (e.g. recording its file). What it
 * answers is added to the event's audit entry, the request's one entry ("z plikiem „a.pdf”").
 */
export type AfterSave = (tx: Tx, service: ServiceRow) => Promise<string | void>;

const deviceIdsOf = (input: { devices: { id: number }[] }) => [...new Set(input.devices.map((d) => d.id))];

/** Writes the event's to-do as sent with the form: '' removes it, text creates or changes it. */
async function saveTodoFromForm(tx: Tx, actor: SessionUser, serviceId: number, input: ServiceJson) {
  const current = await findServiceTodo(tx, serviceId);
  assertCanWriteTodo(actor, current, input);
  if (!actor.isAdmin) return;
  if (input.todo === '') {
    if (current) await deleteServiceTodo(tx, serviceId);
  } else if (input.todo !== undefined) {
    await upsertServiceTodo(tx, serviceId, actor.id, {
      description: input.todo,
      toDoStatus: input.toDoStatus ?? current?.toDoStatus ?? 'TODO',
    });
  } else if (current && input.toDoStatus) {
    await upsertServiceTodo(tx, serviceId, actor.id, { toDoStatus: input.toDoStatus });
  }
}

/**
 * POST /api/service/add. Signed on save → PODPISANY with the typed or the next number; otherwise
 * UTWORZONY without a number (domain.md "Service events").
 */
export async function createService(db: Db, actor: SessionUser, input: ServiceJson, afterSave?: AfterSave) {
  const deviceIds = deviceIdsOf(input);
  const { year, month } = monthYearOf(input.date);
  const id = await inTransaction(db, async (tx) => {
    await assertDevicesOfCustomer(tx, input.customerId, deviceIds);
    const numbering = input.isToSign
      ? await assignNumber(tx, year, input)
      : { number: 0, numberExtension: '' };
    const row = await insertService(tx, {
      date: input.date,
      ...numbering,
      month,
      year,
      paymentType: input.paymentType,
      types: input.type,
      customerId: input.customerId,
      isToSign: input.isToSign,
      faultDescription: input.faultDescription,
      period: input.period,
      state: input.isToSign ? 'PODPISANY' : 'UTWORZONY',
      userCreatedId: actor.id,
    });
    await replaceServiceDevices(tx, row.id, deviceIds);
    await refreshInspectionSummaries(tx, deviceIds);
    await saveTodoFromForm(tx, actor, row.id, input);
    const note = afterSave ? await afterSave(tx, row) : undefined;
    await audit(
      tx,
      actor,
      // Signed on save: said, as a signing on the protocol's screen or by a scan is.
      `dodanie ${input.isToSign ? 'i podpisanie ' : ''}zdarzenia serwisowego ${await serviceInLog(tx, row, deviceIds)}${note ? `, ${note}` : ''}`,
      `service:${row.id}`,
    );
    return row.id;
  });
  return (await loadService(db, id))!;
}

/**
 * PUT /api/service/update. The number stays with its year: a numbered event may change month but
 * not year (409). Ticking "sign" on an open event signs it and numbers it if needed; a typed number
 * counts only when the event is (or becomes) signed or already numbered.
 */
export async function updateService(db: Db, actor: SessionUser, input: ServiceUpdate) {
  const deviceIds = deviceIdsOf(input);
  const { year, month } = monthYearOf(input.date);
  await inTransaction(db, async (tx) => {
    const existing = await requireServiceForUpdate(tx, input.id);
    assertCanModify(actor, existing);
    const machinesBefore = await machinesOfService(tx, existing.id);
    const todoBefore = await findServiceTodo(tx, existing.id);
    const sameCustomer = input.customerId === existing.customerId;
    await assertDevicesOfCustomer(tx, input.customerId, deviceIds, sameCustomer ? machinesBefore : []);
    let numbering = { number: existing.number, numberExtension: existing.numberExtension };
    const signing = input.isToSign && isOpen(existing);
    if (existing.number > 0) {
      if (year !== existing.year) throw new AppError(409, MSG.serviceYearLocked, 'YEAR_LOCKED');
      const retyped =
        input.number > 0 &&
        (input.number !== existing.number || input.numberExtension !== existing.numberExtension);
      if (retyped) numbering = await assignNumber(tx, year, input, existing.id);
    } else if (signing) {
      numbering = await assignNumber(tx, year, input, existing.id);
    }
    const state = signing ? 'PODPISANY' : existing.state;
    const row = await updateServiceRow(tx, existing.id, {
      date: input.date,
      ...numbering,
      month,
      year,
      paymentType: input.paymentType,
      types: input.type,
      customerId: input.customerId,
      isToSign: state === 'PODPISANY' || input.isToSign,
      faultDescription: input.faultDescription,
      period: input.period,
      state,
    });
    await replaceServiceDevices(tx, row.id, deviceIds);
    await refreshInspectionSummaries(tx, [...machinesBefore, ...deviceIds]);
    await saveTodoFromForm(tx, actor, row.id, input);
    // Each change with its former value (a search for the old number, machine or customer finds
    // it; a month's count that moved has its reason). A number given by signing is not a change of
    // number: the signing is named. A save that changed nothing is not logged.
    const names = await namesInLog(
      tx,
      [...machinesBefore, ...deviceIds],
      [existing.customerId, row.customerId],
    );
    const newNumber = fullNumberOf(row);
    const changes = [
      ...auditChanges(
        eventView(existing, machinesBefore, names, existing.number > 0 ? fullNumberOf(existing) : newNumber),
        eventView(row, deviceIds, names, newNumber),
        EDITED_FIELDS,
      ),
      ...(signing ? ['podpisanie'] : fieldChange(F.isToSign, existing.isToSign, row.isToSign, yesNo)),
      ...todoChanges(todoBefore, await findServiceTodo(tx, row.id)),
    ];
    if (changes.length) {
      await audit(
        tx,
        actor,
        `edycja zdarzenia serwisowego ${eventText(row, deviceIds, names)}: ${changes.join(', ')}`,
        `service:${row.id}`,
      );
    }
  });
  return (await loadService(db, input.id))!;
}

/** PATCH /api/service/changeTodoStatus: admins only; creates the event's to-do if it has none. */
export async function changeTodoStatus(db: Db, actor: SessionUser, input: ChangeTodoStatus) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  await inTransaction(db, async (tx) => {
    const service = await requireServiceForUpdate(tx, input.id);
    const current = await findServiceTodo(tx, service.id);
    // An empty text is refused, as on /api/todo/save; a to-do is removed through the event's form.
    if (input.todo === '' || (!current && !input.todo)) {
      throw badRequest(MSG.serviceTodoTextRequired, 'TODO_TEXT', 'todo');
    }
    const newStatus = !current || current.toDoStatus !== input.toDoStatus;
    const newText = current !== undefined && input.todo !== undefined && input.todo !== current.description;
    // The status it already has (and the same text): nothing is written, nothing logged.
    if (!newStatus && !newText) return;
    const todo = await upsertServiceTodo(tx, service.id, actor.id, {
      toDoStatus: input.toDoStatus,
      ...(input.todo !== undefined ? { description: input.todo } : {}),
    });
    const what = [
      ...(newStatus ? [todoStatusLabel(todo.toDoStatus).toLowerCase()] : []),
      ...(newText ? [SERVICE_TODO_AUDIT.changed] : []),
    ];
    await audit(
      tx,
      actor,
      `zadanie zdarzenia serwisowego ${await serviceInLog(tx, service)}: ${what.join(', ')}`,
      `service:${service.id}`,
    );
  });
  const service = await loadService(db, input.id);
  if (!service) throw notFound(MSG.serviceNotFound);
  return service;
}
