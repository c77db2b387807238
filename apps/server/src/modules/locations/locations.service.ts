import { MSG, type GpsUpdate, type SessionUser } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { machineLogLabel } from '../devices/devices.log-label.js';
import { lockDevice } from '../devices/devices.repository.js';
import { setDevicePosition } from './locations.repository.js';

/** Sets (or, with two nulls, clears) a machine's position; any family, any employee (domain.md). */
export async function updateGpsLocation(db: Db, actor: SessionUser, input: GpsUpdate) {
  await inTransaction(db, async (tx) => {
    const current = await lockDevice(tx, input.deviceId);
    if (!current) throw notFound(MSG.machineNotFound);
    // The position it already has: nothing is written, nothing logged.
    if (current.gpsLatitude === input.latitude && current.gpsLongitude === input.longitude) return;
    const row = await setDevicePosition(tx, input.deviceId, input.latitude, input.longitude);
    if (!row) throw notFound(MSG.machineNotFound);
    const where = input.latitude === null ? 'usunięta' : `${input.latitude}, ${input.longitude}`;
    await audit(tx, actor, `lokalizacja maszyny ${machineLogLabel(current)}: ${where}`, `device:${row.id}`);
  });
}
