import { inArray } from 'drizzle-orm';
import {
  SERVICE_AUDIT_FIELDS,
  SERVICE_TODO_AUDIT,
  paymentTypeLabel,
  serviceTypeLabel,
  todoStatusLabel,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { bare, fieldChange, labelled, type AuditField } from '../../lib/audit-changes.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { machinesOfService } from '../inspections/inspection-summaries.js';
import { fullNumberOf } from './services.mapper.js';
import { machineLogLabel } from '../devices/devices.log-label.js';
import { findServiceRow, findServiceTodo, type ServiceRow } from './services.repository.js';

// How the audit log names a service event and lists what its edit changed (services.service.ts,
// services.actions.ts, a file's entries).

/**
 * The machines ("Żuraw wieżowy S/N TO-1 (id 2001)") and customers an event's entries name, read in
 * the transaction that writes the entry: a search of the log for a machine's name or serial number
 * finds its events.
 */
export async function namesInLog(tx: DbOrTx, deviceIds: readonly number[], customerIds: readonly number[]) {
  const machines = deviceIds.length
    ? await tx
        .select({ id: devices.id, name: devices.name, serialNumber: devices.serialNumber })
        .from(devices)
        .where(inArray(devices.id, [...deviceIds]))
    : [];
  const owners = await tx
    .select({ id: customers.id, shortName: customers.shortName })
    .from(customers)
    .where(inArray(customers.id, [...customerIds]));
  return {
    machine: new Map(machines.map((m) => [m.id, machineLogLabel(m)])),
    customer: new Map(owners.map((c) => [c.id, c.shortName])),
  };
}
export type NamesInLog = Awaited<ReturnType<typeof namesInLog>>;

const machinesText = (deviceIds: readonly number[], names: NamesInLog) =>
  [...deviceIds]
    .sort((a, b) => a - b)
    .map((id) => names.machine.get(id) ?? `(id ${id})`)
    .join(', ');

/** "5/03/2026 (id 10009) [Naprawa] maszyny Żuraw wieżowy S/N TO-1 (id 2001), kontrahent ACME". */
export function eventText(row: ServiceRow, deviceIds: readonly number[], names: NamesInLog) {
  const types = row.types.map(serviceTypeLabel).join(', ');
  const machines = deviceIds.length
    ? ` ${deviceIds.length === 1 ? 'maszyny' : 'maszyn'} ${machinesText(deviceIds, names)}`
    : '';
  const customer = names.customer.get(row.customerId);
  return `${fullNumberOf(row)} (id ${row.id})${types ? ` [${types}]` : ''}${machines}${customer ? `, kontrahent ${customer}` : ''}`;
}

/**
 * The event as its entries name it: number, id, types, machines and customer. `deviceIds` when the
 * caller has them (before a delete takes them away); else they are read.
 */
export async function serviceInLog(tx: DbOrTx, row: ServiceRow, deviceIds?: readonly number[]) {
  const ids = deviceIds ?? (await machinesOfService(tx, row.id));
  return eventText(row, ids, await namesInLog(tx, ids, [row.customerId]));
}

/** An event known by its id alone (a file's owner), named as its own entries name it. */
export async function serviceInLogById(tx: DbOrTx, id: number) {
  const row = await findServiceRow(tx, id);
  return row ? serviceInLog(tx, row) : `(id ${id})`;
}

export const F = SERVICE_AUDIT_FIELDS;
/** An event as its edit's entry compares it: each value as the log shows it. */
interface EventView {
  number: string;
  date: string;
  types: string[];
  paymentType: string;
  period: number | null;
  customer: string;
  machines: string;
  faultDescription: string;
}
export const EDITED_FIELDS: AuditField<EventView>[] = [
  { key: 'number', name: F.number, show: bare },
  { key: 'date', name: F.date, show: bare },
  { key: 'types', name: F.types, show: labelled(serviceTypeLabel) },
  { key: 'paymentType', name: F.paymentType, show: labelled(paymentTypeLabel) },
  { key: 'period', name: F.period, show: bare },
  { key: 'customer', name: F.customer },
  { key: 'machines', name: F.machines },
  { key: 'faultDescription', name: '', changed: F.faultDescription },
];

export function eventView(
  row: ServiceRow,
  deviceIds: readonly number[],
  names: NamesInLog,
  number: string,
): EventView {
  return {
    number,
    date: row.date,
    types: row.types,
    paymentType: row.paymentType,
    period: row.period < 0 ? null : row.period,
    customer: names.customer.get(row.customerId) ?? `(id ${row.customerId})`,
    machines: machinesText(deviceIds, names),
    faultDescription: row.faultDescription,
  };
}

type TodoRow = Awaited<ReturnType<typeof findServiceTodo>>;

/** The to-do's change made with the event's form: added, removed, rewritten, its state. */
export function todoChanges(before: TodoRow, after: TodoRow): string[] {
  if (!before && !after) return [];
  if (!before) return [SERVICE_TODO_AUDIT.added];
  if (!after) return [SERVICE_TODO_AUDIT.removed];
  return [
    ...(before.description !== after.description ? [SERVICE_TODO_AUDIT.changed] : []),
    ...fieldChange(F.todo, before.toDoStatus, after.toDoStatus, labelled(todoStatusLabel)),
  ];
}
