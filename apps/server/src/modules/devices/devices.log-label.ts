import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.js';
import { devices } from './devices.table.js';

/**
 * A machine as the log names it: "Żuraw wieżowy S/N TO-1 (id 2001)", or without "S/N" when it has
 * none. Every entry about a machine (its own, its events', notes', parts', files' and incidents')
 * names it so: a search of the log for its name or serial number finds them all.
 */
export const machineLogLabel = (device: { name: string; id: number; serialNumber?: string | null }) =>
  `${device.name}${device.serialNumber ? ` S/N ${device.serialNumber}` : ''} (id ${device.id})`;

/**
 * The machine of a note, part, file or incident as the log names it, read in the transaction that
 * writes the entry: a search of the log for the machine's name finds them too (their entries gave
 * its id alone).
 */
export async function machineInLog(db: DbOrTx, deviceId: number): Promise<string> {
  const [row] = await db
    .select({ id: devices.id, name: devices.name, serialNumber: devices.serialNumber })
    .from(devices)
    .where(eq(devices.id, deviceId));
  return row ? machineLogLabel(row) : `(id ${deviceId})`;
}
