import type { SQL } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/database.js';
import { streamList, type StreamOptions } from '../../lib/json-stream.js';
import { findDevicesByIds } from './devices.repository.js';
import { toDevice } from './devices.mapper.js';
import type { DeviceOrder } from './devices.order.js';
import { devices } from './devices.table.js';

/** Every matching machine id in list order, as a query (a cursor reads it a batch at a time). */
export function deviceIdQuery(db: Db, where: SQL, order: DeviceOrder) {
  return db
    .select({ id: devices.id })
    .from(devices)
    .where(where)
    .orderBy(...order.by);
}

/** The unpaged machine list (both families, a category's, a customer's) as a JSON stream. */
export function streamDeviceList(
  db: Db,
  reply: FastifyReply,
  where: SQL,
  order: DeviceOrder,
  options?: StreamOptions,
) {
  const load = async (ids: number[]) => (await findDevicesByIds(db, ids)).map(toDevice);
  return streamList(reply, db, deviceIdQuery(db, where, order), load, options);
}
