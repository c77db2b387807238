import {
  DEFAULT_MARKER_COLORS,
  MACHINE_STATUSES,
  MSG,
  type GpsUpdate,
  type MapPoint,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { audit } from '../../plugins/audit.js';
import { listPositionedDevices, setDevicePosition, type MapFilter } from './locations.repository.js';

const COLORS = new Map<string, { color1: string; color2: string }>(
  MACHINE_STATUSES.map((s) => [s.name, { color1: s.colorBackground, color2: s.colorText }]),
);

/** Sets (or, with two nulls, clears) a machine's position; any family, any employee (domain.md). */
export async function updateGpsLocation(db: Db, actor: SessionUser, input: GpsUpdate) {
  await inTransaction(db, async (tx) => {
    const row = await setDevicePosition(tx, input.deviceId, input.latitude, input.longitude);
    if (!row) throw notFound(MSG.machineNotFound);
    const where = input.latitude === null ? 'usunięta' : `${input.latitude}, ${input.longitude}`;
    await audit(tx, actor, `lokalizacja maszyny „${row.name}” (id ${row.id}): ${where}`, `device:${row.id}`);
  });
}

/** Map points: colour 1 is the status background, colour 2 its text colour (two greys if unknown). */
export async function mapPoints(db: Db, filter: MapFilter): Promise<MapPoint[]> {
  const rows = await listPositionedDevices(db, filter);
  return rows.map((r) => ({
    latitude: r.latitude!,
    longitude: r.longitude!,
    ...(COLORS.get(r.status) ?? DEFAULT_MARKER_COLORS),
    id: r.id,
    name: r.name,
    type: r.type as MapPoint['type'],
    status: r.status as MapPoint['status'],
    categoryId: r.categoryId,
  }));
}
