import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { devices } from './devices.table.js';

/** A machine as the log names it: "Żuraw wieżowy (id 2001)". */
export const machineLogLabel = (device: { name: string; id: number }) => `${device.name} (id ${device.id})`;

/**
 * The machine of a note, part, file or incident as the log names it, read in the transaction that
 * writes the entry: a search of the log for the machine's name finds them too (their entries gave
 * its id alone).
 */
export async function machineInLog(db: DbOrTx, deviceId: number): Promise<string> {
  const [row] = await db.select({ name: devices.name }).from(devices).where(eq(devices.id, deviceId));
  return row ? machineLogLabel({ name: row.name, id: deviceId }) : `(id ${deviceId})`;
}
