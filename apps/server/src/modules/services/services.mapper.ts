import {
  employeeName,
  formatFullNumber,
  type Service,
  type ServiceState,
  type ServiceSummary,
  type ToDoStatus,
} from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { findServicesWhole, type ServiceRow, type ServiceWhole } from './services.repository.js';

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : String(value));

export function fullNumberOf(row: Pick<ServiceRow, 'number' | 'numberExtension' | 'month' | 'year'>) {
  return formatFullNumber(row.number, row.numberExtension, row.month, row.year);
}

export function toServiceSummary(row: ServiceRow): ServiceSummary {
  return {
    id: row.id,
    date: row.date,
    number: row.number,
    numberExtension: row.numberExtension,
    month: row.month,
    year: row.year,
    fullNumber: fullNumberOf(row),
    state: row.state as ServiceState,
    type: row.types,
    paymentType: row.paymentType,
    faultDescription: row.faultDescription,
  };
}

function toService(whole: ServiceWhole): Service {
  const row = whole.service;
  const creatorName = employeeName(whole.creator);
  const devices = whole.devices.map((d) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    customer: { id: d.customerId },
  }));
  return {
    ...toServiceSummary(row),
    customer: { ...whole.customer, devices },
    isToSign: row.isToSign,
    period: row.period,
    devices,
    userCreated: { id: whole.creator.id, fullName: creatorName },
    user: creatorName,
    files: whole.files.map((f) => ({
      id: f.id,
      filename: f.downloadName,
      originalName: f.filename,
      description: f.description,
      type: f.type,
      contentType: f.contentType,
      size: f.size,
      createdAt: iso(new Date(f.createdAt)),
      signedProtocol: f.signedProtocol,
    })),
    todo: whole.todo ? whole.todo.description : null,
    toDoStatus: whole.todo ? (whole.todo.toDoStatus as ToDoStatus) : null,
    createdAt: iso(row.createdAt),
    // The field protocol sent to the customer (issue 8): where and when, last time.
    protocolSent: whole.sent?.at ? { to: whole.sent.to ?? '', at: iso(new Date(whole.sent.at)) } : null,
  };
}

/** Keeps each IN (...) list well under PostgreSQL's bind-parameter limit. */
const CHUNK = 2000;

/** Full events for the given ids, in that order: one statement per 2,000 events, never one per row. */
export async function loadServices(db: DbOrTx, ids: number[]): Promise<Service[]> {
  const result: Service[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    for (const whole of await findServicesWhole(db, ids.slice(start, start + CHUNK))) {
      result.push(toService(whole));
    }
  }
  return result;
}

export async function loadService(db: DbOrTx, id: number): Promise<Service | undefined> {
  const [service] = await loadServices(db, [id]);
  return service;
}
