import type { DeviceFilterInput } from '@serwis/domain';
import { api } from '../../../lib/api-client';
import { FAMILIES, type MachineFamily } from '../family';

/** Chosen machines (`ids`), or every machine of the list's filter, search and order. */
export type QrLabelSelection = { ids: number[] } | { filter: DeviceFilterInput; q?: string; sort?: string };

/**
 * The A4 sheet of QR nameplates as a PDF blob, from place `firstLabel` (1–24, row by row) of a
 * sheet already partly used.
 */
export async function fetchQrLabels(
  family: MachineFamily,
  selection: QrLabelSelection & { firstLabel?: number },
) {
  const response = await api.raw('POST', `${FAMILIES[family].api}/qr-labels`, { body: selection });
  // The labels printed: fewer than asked when a machine was deleted meanwhile.
  const printed = Number(response.headers.get('x-labels-count'));
  return {
    pdf: await response.blob(),
    printed: Number.isInteger(printed) && printed > 0 ? printed : undefined,
  };
}
