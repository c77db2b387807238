import {
  formatFullNumber,
  type Service,
  type ServiceState,
  type ServiceSummary,
  type ToDoStatus,
} from '@serwis/domain';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { serviceProtocols } from '../protocols/protocols.table.js';
import {
  findServiceChildren,
  findServiceHeads,
  type ServiceChildren,
  type ServiceHead,
  type ServiceRow,
} from './services.repository.js';

export function fullNameOf(user: { firstName: string; lastName: string; email: string }) {
  return `${user.firstName} ${user.lastName}`.trim() || user.email;
}

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

interface Grouped {
  devices: Map<number, ServiceChildren['devices']>;
  files: Map<number, ServiceChildren['files']>;
  todos: Map<number, ServiceChildren['todos'][number]>;
  sent: Map<number, { to: string; at: string }>;
}

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

function toService(head: ServiceHead, children: Grouped): Service {
  const row = head.service;
  const todo = children.todos.get(row.id);
  const creatorName = fullNameOf(head.creator);
  const devices = (children.devices.get(row.id) ?? []).map((d) => ({
    id: d.id,
    name: d.name,
    type: d.type,
    customer: { id: d.customerId },
  }));
  return {
    ...toServiceSummary(row),
    customer: { ...head.customer, devices },
    isToSign: row.isToSign,
    period: row.period,
    devices,
    userCreated: { id: head.creator.id, fullName: creatorName },
    user: creatorName,
    files: (children.files.get(row.id) ?? []).map((f) => ({
      id: f.id,
      filename: f.downloadName,
      originalName: f.filename,
      description: f.description,
      type: f.type,
      contentType: f.contentType,
      size: f.size,
      createdAt: iso(f.createdAt),
    })),
    todo: todo ? todo.description : null,
    toDoStatus: todo ? (todo.toDoStatus as ToDoStatus) : null,
    createdAt: iso(row.createdAt),
    protocolSent: children.sent.get(row.id) ?? null,
  };
}

/** The events whose field protocol was sent to the customer (issue 8): where and when, last time. */
async function findSentProtocols(db: DbOrTx, ids: number[]) {
  const rows = await db
    .select({
      serviceId: serviceProtocols.serviceId,
      to: serviceProtocols.sentTo,
      at: serviceProtocols.sentAt,
    })
    .from(serviceProtocols)
    .where(and(inArray(serviceProtocols.serviceId, ids), isNotNull(serviceProtocols.sentAt)));
  return new Map(rows.map((r) => [r.serviceId, { to: r.to ?? '', at: iso(r.at!) }]));
}

/** Keeps each IN (...) list well under PostgreSQL's bind-parameter limit. */
const CHUNK = 2000;

/** Full events for the given ids, in that order: five queries per 2,000 events, never one per row. */
export async function loadServices(db: DbOrTx, ids: number[]): Promise<Service[]> {
  const result: Service[] = [];
  for (let start = 0; start < ids.length; start += CHUNK) {
    const chunk = ids.slice(start, start + CHUNK);
    const heads = await findServiceHeads(db, chunk);
    const [children, sent] = await Promise.all([
      findServiceChildren(db, chunk),
      findSentProtocols(db, chunk),
    ]);
    const grouped: Grouped = {
      sent,
      devices: groupBy(children.devices, (d) => d.serviceId),
      files: groupBy(children.files, (f) => f.serviceId as number),
      todos: new Map(children.todos.map((t) => [t.serviceId as number, t])),
    };
    for (const head of heads) result.push(toService(head, grouped));
  }
  return result;
}

export async function loadService(db: DbOrTx, id: number): Promise<Service | undefined> {
  const [service] = await loadServices(db, [id]);
  return service;
}
