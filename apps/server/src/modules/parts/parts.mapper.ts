import type { Part } from '@serwis/domain';
import type { PartRow } from './parts.repository.js';

export function toPart(row: PartRow): Part {
  return {
    id: row.id,
    name: row.name,
    serialNumber: row.serialNumber,
    producer: row.producer,
    decsription: row.description,
    device: { id: row.deviceId },
  };
}
