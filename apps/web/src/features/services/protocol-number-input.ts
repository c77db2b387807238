import { MSG, parseProtocolNumber, type ProtocolNumber } from '@serwis/domain';

export interface ProtocolNumberInput {
  /** What the field shows: the typed text with its letter uppercased. */
  text: string;
  number: number;
  numberExtension: string;
  /** The spec's message while the text is not a protocol number. */
  error: string | null;
}

/**
 * Spec §5: a whole number with an optional letter A–Z. The letter is uppercased, an empty field
 * clears the error, and anything invalid resets the number to 0 (the text stays, so it can be fixed).
 * `held`: the event's own number, taken even above the limit of a number typed anew.
 */
export function readProtocolNumberInput(raw: string, held?: ProtocolNumber): ProtocolNumberInput {
  const text = raw.toUpperCase();
  const parsed = parseProtocolNumber(text, held);
  if (!parsed.ok) return { text, number: 0, numberExtension: '', error: MSG.protocolNumberInvalid };
  return { text, number: parsed.number, numberExtension: parsed.extension, error: null };
}
