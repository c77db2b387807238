import type { ProtocolData } from '../schemas/protocols.js';
import { PROTOCOL_PDF_LABELS } from '../texts/protocol-pdf.js';

/** The parts of a protocol as its PDF heads them, each with the fields it prints. */
const PROTOCOL_SECTIONS: [string, (data: ProtocolData) => unknown][] = [
  ['Czynności serwisowe', (d) => d.checklists],
  [PROTOCOL_PDF_LABELS.workDone, (d) => d.workDone],
  [PROTOCOL_PDF_LABELS.materials, (d) => d.materials],
  [PROTOCOL_PDF_LABELS.timeAndTravel, (d) => [d.arrivalTime, d.startTime, d.endTime, d.kilometers, d.nights]],
  [PROTOCOL_PDF_LABELS.recommendations, (d) => d.recommendations],
];

/** JSON with each object's keys in one order: a protocol read back from jsonb has them reordered. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );

/**
 * The parts a correction of a signed protocol changed, quoted, for its log entry: what was changed
 * after the customer signed is then read in the event's history, not found by comparing two PDFs.
 */
export function correctedSections(signed: ProtocolData, corrected: ProtocolData): string[] {
  return PROTOCOL_SECTIONS.filter(([, part]) => canonical(part(signed)) !== canonical(part(corrected))).map(
    ([label]) => `„${label}”`,
  );
}
