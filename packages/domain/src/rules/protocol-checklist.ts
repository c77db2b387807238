import { PROTOCOL_MSG, protocolMissingMessage } from '../protocol-messages.js';
import type { ProtocolChecklist, ProtocolData } from '../schemas/protocols.js';
import type { ServiceOperation } from './service-operations.js';
import { INSPECTION_SERVICE_TYPE } from '../schemas/services.js';
import { PROTOCOL_PDF_LABELS } from '../texts/protocol-pdf.js';

/** Events of these types are checked against the installation-operation list (issue 8). */
export const INSTALLATION_TYPES = ['INSTALACJA', 'MONTAZ'] as const;
export const isInstallationEvent = (types: readonly string[]) =>
  types.some((t) => (INSTALLATION_TYPES as readonly string[]).includes(t));

/**
 * What a protocol's header says of a periodic inspection's period, on the screen and in the PDF:
 * "12 mies. od przekazania", a dash when none was given; null for an event that is not an inspection.
 */
export function inspectionPeriodText(header: { types: readonly string[]; period: number }): string | null {
  if (!header.types.includes(INSPECTION_SERVICE_TYPE)) return null;
  return header.period >= 0 ? PROTOCOL_PDF_LABELS.inspectionPeriodValue(header.period) : '—';
}

/** A fresh checklist for one machine: a snapshot of the operations as they are now. */
export function checklistFor(
  machine: { id: number; name: string; serialNumber: string },
  kind: ProtocolChecklist['kind'],
  operations: readonly ServiceOperation[],
): ProtocolChecklist {
  return {
    deviceId: machine.id,
    deviceName: machine.name,
    serialNumber: machine.serialNumber,
    kind,
    items: operations.map((op, i) => ({
      key: `${machine.id}:${i + 1}`,
      name: op.name,
      fields: op.fields.map((f) => ({ name: f.name, unit: f.unit, value: '' })),
      answer: '',
      remark: '',
    })),
  };
}

const blank = (text: string) => !text.trim();
/** A material row left as it was added: no name and no quantity (its unit has a default). */
const isBlankMaterial = (m: ProtocolData['materials'][number]) => blank(m.name) && blank(m.quantity);

/**
 * The protocol as it is signed and printed: material rows added and left empty are dropped, so a
 * signed PDF (never drawn again) does not carry a numbered row with nothing in it.
 */
export function withoutBlankMaterials<T extends Pick<ProtocolData, 'materials'>>(data: T): T {
  return data.materials.some(isBlankMaterial)
    ? { ...data, materials: data.materials.filter((m) => !isBlankMaterial(m)) }
    : data;
}

/** Everything a protocol still lacks before it can be signed (Polish, in the genitive). */
export function missingForSigning(data: ProtocolData): string[] {
  const missing: string[] = [];
  if (!data.technicianSignature) missing.push(PROTOCOL_MSG.protocolMissingTechnicianSignature);
  if (!data.customerSignature) missing.push(PROTOCOL_MSG.protocolMissingCustomerSignature);
  if (!data.customerSignerName.trim()) missing.push(PROTOCOL_MSG.protocolMissingSignerName);
  for (const list of data.checklists) {
    for (const item of list.items) {
      if (!item.answer) {
        missing.push(
          PROTOCOL_MSG.protocolMissingAnswer
            .replace('{operation}', item.name)
            .replace('{machine}', list.deviceName),
        );
      }
    }
  }
  // A quantity without a name cannot be read on the customer's copy; a blank row is dropped instead.
  data.materials.forEach((m, i) => {
    if (blank(m.name) && !isBlankMaterial(m)) {
      missing.push(PROTOCOL_MSG.protocolMissingMaterialName.replace('{row}', String(i + 1)));
    }
  });
  return missing;
}

export function signingProblem(data: ProtocolData, correction = false): string | undefined {
  const missing = missingForSigning(data);
  return missing.length ? protocolMissingMessage(missing, correction) : undefined;
}
