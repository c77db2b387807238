import { PNG } from '../src/modules/protocols/protocols.fixtures.js';

/**
 * Request bodies made from the API's own OpenAPI document (GET /api/docs/json), for tests that call
 * every route: a plausible value for each field, and the same body with one field replaced.
 */

/** The part of a JSON schema the samples read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minLength?: number;
  maxLength?: number;
}

export interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The 1×1 PNG of the protocol tests, without its data-URL prefix: the company logo, the map's snapshot. */
export const PNG_BASE64 = PNG.slice(PNG.indexOf(',') + 1);

/**
 * Values the schema alone cannot tell (a province from the list, a status code, a time of day): by
 * the field's name, as the product's forms fill them.
 */
const BY_NAME: [RegExp, unknown][] = [
  [/^province$/, 'mazowieckie'],
  [/^provinces$/, ['mazowieckie']],
  [/^status$/, 'OK'],
  [/^statuses$/, ['OK']],
  [/^categories$/, ['Kategoria 1']],
  [/^zipCode$/, '00-001'],
  [/^numberExtension$/, ''],
  // An inspection's period counts in steps of six months.
  [/^period$/, 12],
  [/Time$/, '08:30'],
  [/Signature$/, PNG],
  [/^mapping$/, ['name', 'serialNumber', 'customer', 'category']],
];

const SAMPLE_TEXT = 'Wartość próbna';

/** A value the schema accepts, as far as the schema says: every property filled, ids 1. */
export function sampleValue(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return SAMPLE_TEXT;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return sampleValue(alternatives.find((s) => s.type !== 'null') ?? alternatives[0], name);
  if (schema.enum) return schema.enum[0];
  const byName = BY_NAME.find(([pattern]) => pattern.test(name));
  if (byName) return structuredClone(byName[1]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleValue(property, key)]),
    );
  }
  if (type === 'array') return [sampleValue(schema.items)];
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email' || /mail/i.test(name)) return 'jan@firma.pl';
  if (/date/i.test(name)) return '2024-03-15';
  const length = Math.max(schema.minLength ?? 1, Math.min(SAMPLE_TEXT.length, schema.maxLength ?? 100));
  return SAMPLE_TEXT.padEnd(length, 'x').slice(0, length);
}

/** The path of every field of a body, nested ones and the first element of arrays included. */
export function* fieldPaths(value: unknown, path: string[] = []): Generator<string[]> {
  if (Array.isArray(value)) {
    if (!value.length) return;
    yield [...path, '0'];
    yield* fieldPaths(value[0], [...path, '0']);
  } else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      yield [...path, key];
      yield* fieldPaths(field, [...path, key]);
    }
  }
}

/** A copy of `body` with the field at `path` set to `value`. */
export function withField<T>(body: T, path: string[], value: unknown): T {
  const copy = structuredClone(body);
  let parent = copy as Record<string, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  parent[path.at(-1)!] = value;
  return copy;
}

/** The field at `path` of `body`. */
export const fieldAt = (body: unknown, path: string[]) =>
  path.reduce<unknown>((value, key) => (value as Record<string, unknown>)[key], body);
