import type { Response as InjectResponse } from 'light-my-request';

/**
 * Bad input for a sweep of every route (src/modules/system/hostile-input.test.ts): values a client
 * could send by mistake or on purpose, and the check that an answer to them is a proper refusal.
 */

/** In place of a path parameter (an id, a file type, a mode); '1' reaches a row that exists. */
export const IN_PATH = ['abc', '-1', '0', '99999999999999999999', '%00', '%E0%A4%A', 'x'.repeat(300), '1'];
/** In place of a query parameter, one at a time. */
export const IN_QUERY = ['', 'abc', '-1', '99999999999999999999', '\u0000', '%'];
/** Bad values for a field, by the kind of value it takes: the wrong kind, out of range, malformed. */
const NOT_A_TEXT = [null, 1, {}];
const BAD_VALUES = {
  string: [...NOT_A_TEXT, 'x'.repeat(70_000), 'a\u0000b'],
  date: [...NOT_A_TEXT, '2024-02-30', '99999-12-31'],
  number: [null, 'x', -1, 1.5, 2_147_483_648],
  boolean: [null, 'x'],
  array: [null, 'x', {}, [null]],
  object: [null, 'x', []],
};
/** The bad values for the field at `field`, by its sample value's kind (a date by its name). */
export const badValuesFor = (sample: unknown, field: string[]): unknown[] => {
  if (Array.isArray(sample)) return BAD_VALUES.array;
  if (typeof sample === 'string') return /date/i.test(field.at(-1)!) ? BAD_VALUES.date : BAD_VALUES.string;
  if (typeof sample === 'number') return BAD_VALUES.number;
  if (typeof sample === 'boolean') return BAD_VALUES.boolean;
  return BAD_VALUES.object;
};
/** In place of a whole JSON body. */
export const WHOLE_BODY: unknown[] = [null, [], 'tekst', {}];
/** In place of a multipart body's JSON part (serviceJson, fileJson, optionsJson). */
export const IN_JSON_PART = ['', 'null', '[]', '{"a":'];
/** Files that are empty, damaged, in an unexpected encoding, or named to escape the storage. */
export const FILES: [content: string | Buffer, filename: string][] = [
  ['', 'pusty.csv'],
  ['\uFEFF', 'sam-bom.csv'],
  ['"a;b\n"c', 'cudzyslow.csv'],
  [Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), 'zepsuty.xlsx'],
  [Buffer.from([0xff, 0xfe, 0, 0x41, 0, 0x42]), 'utf16.csv'],
  [Buffer.from([0xa5, 0xb9, 0x3b, 0x0a, 0xa3]), 'cp1250.csv'],
  ['Treść', '../../etc/passwd'],
  ['Treść', 'x'.repeat(400) + '.csv'],
];
/** Raw multipart bodies a client could send by mistake: not cut into parts, or without a boundary. */
export const BROKEN_MULTIPART: [payload: string, contentType: string][] = [
  [
    '--x\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nabc',
    'multipart/form-data; boundary=x',
  ],
  ['bez części', 'multipart/form-data; boundary=x'],
  ['bez granicy', 'multipart/form-data'],
];

const ENGLISH = /\b(the|is|are|must|should|expected|invalid|required|exceeding|valid|not found)\b/i;

/** What is wrong with an answer to bad input, or undefined when it is a proper refusal or success. */
export function wrongAnswer(response: InjectResponse): string | undefined {
  if (response.statusCode >= 500) {
    // The address search has no geocoder in the tests: its own documented 503, not a failure.
    return response.json().code === 'GEOCODER_UNAVAILABLE' ? undefined : 'a 5xx answer';
  }
  if (response.statusCode < 400) return undefined;
  let body: { message?: unknown; code?: unknown; error?: unknown };
  try {
    body = response.json();
  } catch {
    return 'a refusal without a JSON body';
  }
  if (typeof body.message !== 'string' || typeof body.code !== 'string' || 'error' in body) {
    return 'a refusal not shaped { message, code }';
  }
  return ENGLISH.test(body.message) ? 'a refusal in English' : undefined;
}

/** A value as a failure report names it: short, one line. */
export const show = (value: unknown) =>
  (typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined')).slice(0, 60);
