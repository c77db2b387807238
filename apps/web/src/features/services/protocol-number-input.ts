import { MSG, parseProtocolNumber } from '@serwis/domain';

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
 */
export function readProtocolNumberInput(raw: string): ProtocolNumberInput {
  const text = raw.toUpperCase();
  const parsed = parseProtocolNumber(text);
  if (!parsed.ok) return { text, number: 0, numberExtension: '', error: MSG.protocolNumberInvalid };
  return { text, number: parsed.number, numberExtension: parsed.extension, error: null };
}
