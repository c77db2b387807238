/**
 * What an edit changed, as its audit entry lists it: "pole: stara → nowa" for each field whose value
 * differs, nothing for a field that kept its value. The caller writes no entry when the list is empty.
 */

import { shortenText } from '@serwis/domain';

/** How a value is shown in the log. */
export type ShowValue = (value: unknown) => string;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** Free text in „quotes” (a comma or an arrow inside stays inside), a number bare, no value as "—". */
export const quoted: ShowValue = (value) =>
  isEmpty(value) ? '—' : typeof value === 'number' ? String(value) : `„${String(value)}”`;

/**
 * The most characters of a free text (a note, a description) an entry keeps: enough for an
 * administrator to type back what an edit or a delete took away, short enough to read.
 */
export const LOGGED_TEXT_MAX = 1000;

/** Free text in „quotes”, cut at LOGGED_TEXT_MAX with "…". */
export const quotedText: ShowValue = (value) =>
  quoted(typeof value === 'string' ? shortenText(value, LOGGED_TEXT_MAX) : value);

/** A date, a number or a label as it is ("2026-03-01", "Awaria"), no value as "—". */
export const bare: ShowValue = (value) => (isEmpty(value) ? '—' : String(value));

/** A switch: "tak" / "nie". */
export const yesNo: ShowValue = (value) => (value ? 'tak' : 'nie');

/** A value shown by its label ("BROKEN" → "Awaria"); a list's labels joined in „quotes”. */
export const labelled =
  (label: (name: string) => string): ShowValue =>
  (value) =>
    Array.isArray(value)
      ? quoted(value.map((v) => label(String(v))).join(', '))
      : bare(isEmpty(value) ? '' : label(String(value)));

/**
 * Compared as the log would show them: null, undefined and '' are the same (no value); a list is a
 * set of choices, its order not a change (service types are stored in the order they were ticked).
 */
function sameValue(before: unknown, after: unknown): boolean {
  if (Array.isArray(before) || Array.isArray(after)) {
    const a = Array.isArray(before) ? before.map(String).sort() : [];
    const b = Array.isArray(after) ? after.map(String).sort() : [];
    return a.length === b.length && a.every((value, i) => value === b[i]);
  }
  return String(before ?? '') === String(after ?? '');
}

/** One field's change ("status: Ok → Awaria"), or none when it kept its value. */
export function fieldChange(
  name: string,
  before: unknown,
  after: unknown,
  show: ShowValue = quoted,
): string[] {
  return sameValue(before, after) ? [] : [`${name}: ${show(before)} → ${show(after)}`];
}

export interface AuditField<T> {
  key: keyof T & string;
  /** As the log names it ("numer seryjny"). */
  name: string;
  /** Defaults to `quoted`. */
  show?: ShowValue;
  /**
   * Long free text is named without its values: this is the whole phrase ("opis usterki
   * zmieniony"), and `name` is not used.
   */
  changed?: string;
}

/**
 * The fields of a list of log names (`{ serialNumber: 'numer seryjny', … }`, the domain's
 * `*_AUDIT_FIELDS`), in its order, each shown `quoted` unless `shows` says otherwise.
 */
export function fieldsNamed<T>(
  names: Partial<Record<keyof T & string, string>>,
  shows: Partial<Record<keyof T & string, ShowValue>> = {},
): AuditField<T>[] {
  return (Object.entries(names) as [keyof T & string, string][]).map(([key, name]) => ({
    key,
    name,
    show: shows[key],
  }));
}

/** The changes of the listed fields from `before` to `after`, in the list's order. */
export function auditChanges<T>(before: T, after: T, fields: readonly AuditField<T>[]): string[] {
  return fields.flatMap(({ key, name, show, changed }) => {
    if (sameValue(before[key], after[key])) return [];
    return changed ? [changed] : fieldChange(name, before[key], after[key], show);
  });
}

/**
 * What a delete took away, for its entry: each listed field that had a value ("numer seryjny: „F-1”",
 * in the list's order), `except` those the entry names already (a part's name).
 */
export function filledFields<T>(row: T, fields: readonly AuditField<T>[], except: readonly string[] = []) {
  return fields
    .filter(({ key }) => !except.includes(key) && !isEmpty(row[key]))
    .map(({ key, name, show = quoted }) => `${name}: ${show(row[key])}`);
}
