/** Protocol (service event) numbers: "25", "25A"; domain.md "Service events". */

export const PROTOCOL_NUMBER_ERROR = 'Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)';
/** Shown instead of a number while the event is not numbered yet. */
export const AUTO_NUMBER_LABEL = '(auto)';
/**
 * Upper bound of a number typed anew: keeps typed numbers away from absurd values. A number an
 * event already holds may be higher (up to 7 digits, still an int): the next automatic number is
 * the year's highest + 1, so one typed 999999 made the following ones 1000000 and up, which the
 * event's own form then refused to save again.
 */
export const MAX_PROTOCOL_NUMBER = 999_999;

export interface ProtocolNumber {
  number: number;
  /** '' or one letter A–Z. */
  extension: string;
}

export type ProtocolNumberResult = ({ ok: true } & ProtocolNumber) | { ok: false; error: string };

const PATTERN = /^(\d{1,7})([A-Za-z])?$/;

/**
 * Reads what the user typed in the number field. Empty means "no number" (0) and is not an error;
 * a letter alone, a zero with a letter or anything else is. Above MAX_PROTOCOL_NUMBER only the
 * number the event already holds (`held`) is taken; the server, which knows it, checks a number
 * assigned anew (`protocolNumberTooHigh`).
 */
export function parseProtocolNumber(
  input: string | number | null | undefined,
  held: ProtocolNumber | 'unknown' = { number: 0, extension: '' },
): ProtocolNumberResult {
  const raw = input === null || input === undefined ? '' : String(input).trim();
  if (raw === '') return { ok: true, number: 0, extension: '' };
  const match = PATTERN.exec(raw);
  if (!match) return { ok: false, error: PROTOCOL_NUMBER_ERROR };
  const number = Number(match[1]);
  const extension = (match[2] ?? '').toUpperCase();
  if (number === 0 && extension) return { ok: false, error: PROTOCOL_NUMBER_ERROR };
  if (held !== 'unknown' && protocolNumberTooHigh({ number, extension }, held)) {
    return { ok: false, error: PROTOCOL_NUMBER_ERROR };
  }
  return { ok: true, number, extension };
}

/** A number typed anew above MAX_PROTOCOL_NUMBER; the one the event holds is never too high. */
export function protocolNumberTooHigh(typed: ProtocolNumber, held?: ProtocolNumber): boolean {
  const same = held !== undefined && typed.number === held.number && typed.extension === held.extension;
  return typed.number > MAX_PROTOCOL_NUMBER && !same;
}

/** An extension as sent separately: '' or one letter, uppercased; null when invalid. */
export function normalizeExtension(value: string | null | undefined): string | null {
  const letter = (value ?? '').trim().toUpperCase();
  return letter === '' || /^[A-Z]$/.test(letter) ? letter : null;
}

/** "25A/03/2026"; "(auto)" while not numbered. */
export function formatFullNumber(number: number, extension: string, month: number, year: number): string {
  if (!number) return AUTO_NUMBER_LABEL;
  return `${number}${extension ?? ''}/${String(month).padStart(2, '0')}/${year}`;
}

/**
 * The name of an event's protocol PDF: "Protokół 25A-03-2026.pdf" (a file name holds no slashes);
 * before the event is numbered, "Protokół do skanu, zdarzenie 812.pdf" (two printouts of one day
 * were both "Protokół (auto).pdf").
 */
export const protocolPdfFileName = (fullNumber: string, serviceId?: number) =>
  fullNumber === AUTO_NUMBER_LABEL
    ? `Protokół do skanu${serviceId ? `, zdarzenie ${serviceId}` : ''}.pdf`
    : `Protokół ${fullNumber.replace(/\//g, '-')}.pdf`;

/** The typed part alone, as the number field shows it: "25A"; '' while not numbered. */
export function formatNumberWithExtension(number: number, extension: string): string {
  return number ? `${number}${extension ?? ''}` : '';
}

export interface FullNumberParts {
  year: number;
  month: number;
  number: number;
  numberExtension: string;
}

/**
 * Ascending order of full numbers: year, month, number, extension letter ('' before 'A').
 * Unnumbered events (number 0) sort before the numbered ones of the same month, the same
 * tuple order the server uses in SQL.
 */
export function compareFullNumbers(a: FullNumberParts, b: FullNumberParts): number {
  return (
    a.year - b.year ||
    a.month - b.month ||
    a.number - b.number ||
    (a.numberExtension < b.numberExtension ? -1 : a.numberExtension > b.numberExtension ? 1 : 0)
  );
}
