import { asc, eq } from 'drizzle-orm';
import type { ProtocolData, SignedParties } from '@serwis/domain';
import type { DbOrTx } from '../../db/database.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { files } from '../files/files.table.js';
import { serviceDevices } from '../services/services.table.js';
import { users } from '../users/users.table.js';
import { serviceProtocols } from './protocols.table.js';

export type ProtocolRow = typeof serviceProtocols.$inferSelect;

export async function findProtocolRow(db: DbOrTx, serviceId: number): Promise<ProtocolRow | undefined> {
  const rows = await db.select().from(serviceProtocols).where(eq(serviceProtocols.serviceId, serviceId));
  return rows[0];
}

export async function upsertProtocolRow(
  db: DbOrTx,
  serviceId: number,
  values: {
    data: ProtocolData;
    updatedById: number;
    fileId?: number | null;
    signedAt?: Date | null;
    signedParties?: SignedParties | null;
  },
): Promise<ProtocolRow> {
  const [row] = await db
    .insert(serviceProtocols)
    .values({ serviceId, ...values })
    .onConflictDoUpdate({ target: serviceProtocols.serviceId, set: values })
    .returning();
  return row;
}

export async function markProtocolSent(db: DbOrTx, serviceId: number, sentTo: string) {
  await db
    .update(serviceProtocols)
    .set({ sentTo, sentAt: new Date() })
    .where(eq(serviceProtocols.serviceId, serviceId));
}

/** What the protocol's header needs beyond the event row: customer, machines with serials and lists. */
export async function findProtocolContext(db: DbOrTx, serviceId: number, customerId: number, userId: number) {
  // One after another: signing reads this inside its transaction, whose one connection takes one
  // query at a time anyway (pg queued the others, with a warning that version 9 drops its queue).
  const customerRows = await db.select().from(customers).where(eq(customers.id, customerId));
  const machineRows = await db
    .select({
      id: devices.id,
      name: devices.name,
      serialNumber: devices.serialNumber,
      operationsText: categories.serviceReviewOperationsList,
    })
    .from(serviceDevices)
    .innerJoin(devices, eq(devices.id, serviceDevices.deviceId))
    .leftJoin(categories, eq(categories.id, devices.categoryId))
    .where(eq(serviceDevices.serviceId, serviceId))
    .orderBy(asc(devices.id));
  const userRows = await db
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return { customer: customerRows[0], machines: machineRows, user: userRows[0] };
}

export async function findFileRow(db: DbOrTx, id: number) {
  const rows = await db.select().from(files).where(eq(files.id, id));
  return rows[0];
}
