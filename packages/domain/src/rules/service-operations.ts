/**
 * The category's service-operation list (spec §3 "Category service operations").
 *
 * Stored as text: a JSON-encoded list of strings, each `Nazwa czynności\n@dodatkowePola{L1+V;L2+V}`
 * where every field is `name+unit` and fields are separated by `;`. The format comes from the
 * previous system and is kept so that stored lists and old clients stay readable.
 */
import { MSG } from '../messages.js';

export const EXTRA_FIELDS_MARKER = '@dodatkowePola';

export const OPERATION_LIMITS = {
  name: 255,
  fieldName: 100,
  fieldUnit: 50,
  fieldsPerOperation: 30,
  operations: 500,
  /** The encoded list as it travels in the request body. */
  listText: 200_000,
} as const;

export interface OperationField {
  name: string;
  unit: string;
}

export interface ServiceOperation {
  name: string;
  fields: OperationField[];
}

/** Raised by `formatOperations` for input the format cannot hold; the message is for the user. */
export class ServiceOperationsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServiceOperationsError';
  }
}

const LINE_BREAKS = /\r\n|\r|\n/g;

/** Trims the name and turns line breaks into spaces: the line break separates name from fields. */
export function normaliseOperationName(name: string): string {
  return name.replace(LINE_BREAKS, ' ').trim();
}

/** `+` and `;` delimit fields, so they cannot appear inside a field name or unit. */
export function cleanFieldPart(part: string): string {
  return part.replace(/[+;]/g, '').replace(LINE_BREAKS, ' ').trim();
}

export function containsMarker(text: string): boolean {
  return text.toLowerCase().includes(EXTRA_FIELDS_MARKER.toLowerCase());
}

/** The user-facing problem with an operation name, or undefined when it can be stored. */
export function operationNameError(name: string): string | undefined {
  const normalised = normaliseOperationName(name);
  if (!normalised) return MSG.operationNameRequired;
  if (containsMarker(normalised)) return MSG.operationMarkerInName;
  if (normalised.length > OPERATION_LIMITS.name) return MSG.operationNameTooLong;
  return undefined;
}

function parseFields(body: string): OperationField[] {
  const fields: OperationField[] = [];
  for (const raw of body.split(';')) {
    const plus = raw.indexOf('+');
    const name = cleanFieldPart(plus < 0 ? raw : raw.slice(0, plus));
    const unit = plus < 0 ? '' : cleanFieldPart(raw.slice(plus + 1));
    if (name || unit) fields.push({ name, unit });
  }
  return fields;
}

/** One stored item → operation. Items without the marker (older data) are a bare name. */
export function parseOperationItem(item: string): ServiceOperation {
  const at = item.indexOf(EXTRA_FIELDS_MARKER);
  if (at < 0) return { name: normaliseOperationName(item), fields: [] };
  const name = normaliseOperationName(item.slice(0, at));
  const rest = item.slice(at + EXTRA_FIELDS_MARKER.length);
  const open = rest.indexOf('{');
  if (open < 0) return { name, fields: [] };
  const close = rest.lastIndexOf('}');
  const body = close > open ? rest.slice(open + 1, close) : rest.slice(open + 1);
  return { name, fields: parseFields(body) };
}

function decodeJsonList(text: string | null | undefined): unknown[] | undefined {
  if (text === null || text === undefined || text.trim() === '') return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tolerant reading for display: bad JSON or a non-list gives [], non-string items are skipped,
 * items without a name are dropped.
 */
export function parseOperations(text: string | null | undefined): ServiceOperation[] {
  const items = decodeJsonList(text) ?? [];
  return items
    .filter((item): item is string => typeof item === 'string')
    .map(parseOperationItem)
    .filter((op) => op.name !== '');
}

/** One operation → its stored item. Fields without a name are dropped. */
export function formatOperation(operation: ServiceOperation): string {
  const problem = operationNameError(operation.name);
  if (problem) throw new ServiceOperationsError(problem);
  const fields = operation.fields
    .map((f) => ({ name: cleanFieldPart(f.name), unit: cleanFieldPart(f.unit) }))
    .filter((f) => f.name !== '')
    .map((f) => `${f.name}+${f.unit}`)
    .join(';');
  return `${normaliseOperationName(operation.name)}\n${EXTRA_FIELDS_MARKER}{${fields}}`;
}

/** Operations → the list text the API stores in serviceReviewOperationsList. */
export function formatOperations(operations: readonly ServiceOperation[]): string {
  return JSON.stringify(operations.map(formatOperation));
}

export type DecodeResult = { ok: true; operations: ServiceOperation[] } | { ok: false; message: string };

/**
 * Strict reading for the server: the list must be JSON of strings, within the limits, with no
 * marker inside a name (a second marker in one item means the name carried one).
 */
export function decodeOperations(text: string | null | undefined): DecodeResult {
  const fail = (message: string): DecodeResult => ({ ok: false, message });
  if (typeof text === 'string' && text.length > OPERATION_LIMITS.listText) {
    return fail(MSG.operationsListTooLong);
  }
  const items = decodeJsonList(text);
  if (!items || items.some((item) => typeof item !== 'string')) return fail(MSG.operationsListInvalid);
  if (items.length > OPERATION_LIMITS.operations) return fail(MSG.operationsListTooLong);
  const operations: ServiceOperation[] = [];
  for (const item of items as string[]) {
    const at = item.indexOf(EXTRA_FIELDS_MARKER);
    const namePart = at < 0 ? item : item.slice(0, at);
    const fieldPart = at < 0 ? '' : item.slice(at + EXTRA_FIELDS_MARKER.length);
    if (containsMarker(namePart) || containsMarker(fieldPart)) return fail(MSG.operationMarkerInName);
    const operation = parseOperationItem(item);
    const problem = operationNameError(operation.name);
    if (problem) return fail(problem);
    if (operation.fields.length > OPERATION_LIMITS.fieldsPerOperation) return fail(MSG.operationsListTooLong);
    const tooLong = operation.fields.some(
      (f) => f.name.length > OPERATION_LIMITS.fieldName || f.unit.length > OPERATION_LIMITS.fieldUnit,
    );
    if (tooLong) return fail(MSG.operationFieldTooLong);
    operations.push(operation);
  }
  return { ok: true, operations };
}

/** Same operations, same order, same fields: what the list means, whatever its spelling. */
export function sameOperations(a: readonly ServiceOperation[], b: readonly ServiceOperation[]): boolean {
  const canonical = (ops: readonly ServiceOperation[]) =>
    JSON.stringify(
      ops.map((op) => [
        normaliseOperationName(op.name),
        op.fields
          .map((f) => [cleanFieldPart(f.name), cleanFieldPart(f.unit)])
          .filter(([name]) => name !== ''),
      ]),
    );
  return canonical(a) === canonical(b);
}
