import { listedProvince, warrantyText } from '@serwis/domain';
import type { ShownDeviceValues } from './imports.devices.repository.js';
import { cleanCell } from './imports.grid.js';

const DMY = /^(\d{1,2})[./-](\d{1,2})[./-](\d{4})$/;
/**
 * "24 mies. Pełna" (the export's Gwarancja when the months are known) or months alone ("24"); a
 * text that merely starts with a number ("2 lata pełna") is the warranty's kind, as the export
 * writes it when no months are set.
 */
const WARRANTY = /^(\d+)(?:\s*(?:miesi\S*|mies\.?)(?=\s|$)\s*(.*))?$/i;

/** Spreadsheet habits made acceptable to the shared schemas: 31.12.2024, "24 mies. Pełna", case of a province. */
export function machineValues(values: Record<string, string>, hasLength: boolean) {
  const out: Record<string, unknown> = { ...values };
  const date = DMY.exec(values.transferDate ?? '');
  if (date) out.transferDate = `${date[3]}-${date[2]!.padStart(2, '0')}-${date[1]!.padStart(2, '0')}`;
  if (!hasLength && values.warranty) {
    const match = WARRANTY.exec(values.warranty);
    if (match) {
      out.warrantyLength = match[1];
      out.warranty = match[2] ?? '';
    }
  }
  if (values.status === '') delete out.status;
  out.province = listedProvince(values.province ?? '');
  return out;
}

/**
 * A row's values with the cells that read as its machine's list and export show it (`current`)
 * taken as the machine's own: the export's one "Gwarancja" cell cannot always be read back (a kind
 * "12" reads as 12 months, a kind "36 mies. rozszerzona" as 36 months and "rozszerzona"), nor a
 * line break in a name (an imported cell is one line). Imported unchanged, they leave the machine as
 * it is.
 */
export function asShown<T extends { name: string; warrantyLength: number; warranty: string }>(
  data: T,
  cells: Record<string, string>,
  current: ShownDeviceValues,
  hasLength: boolean,
): T {
  const sameWarranty = !hasLength && cells.warranty !== undefined && cells.warranty === warrantyText(current);
  const sameName = cells.name !== undefined && cells.name === cleanCell(current.name);
  return {
    ...data,
    ...(sameWarranty ? { warrantyLength: current.warrantyLength, warranty: current.warranty } : {}),
    ...(sameName ? { name: current.name } : {}),
  };
}

/** A row's machine id (the list's export has one): undefined when empty, null when no id. */
export function machineId(text: string | undefined): number | undefined | null {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return undefined;
  return /^[1-9]\d{0,8}$/.test(trimmed) ? Number(trimmed) : null;
}
