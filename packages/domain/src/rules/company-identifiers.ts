import { MSG } from '../messages.js';
import { firstEmailAddress } from './email-address.js';

/*
 * Checks of what a customer's or the company's record holds that warn and never refuse (spec §5
 * names no format for them, and the old system's records and imports hold every spelling):
 * docs/decisions.md, "Warnings under NIP, REGON, postcode and e-mail".
 */

/** A number without the spaces, hyphens or dots it was written with ("725-123-45-67", "725 123 45 67"). */
const withoutSeparators = (text: string) => text.replace(/[\s.-]/g, '');

/** Whether `digits` ends with the check digit its weights give (a sum's remainder 10 counting as 0 when `tenIsZero`). */
function checkDigitHolds(digits: string, weights: readonly number[], tenIsZero: boolean) {
  const sum = weights.reduce((total, weight, i) => total + weight * Number(digits[i]), 0);
  const rest = sum % 11;
  if (rest === 10 && !tenIsZero) return false;
  return (rest === 10 ? 0 : rest) === Number(digits[weights.length]);
}

const NIP_WEIGHTS = [6, 5, 7, 2, 3, 4, 5, 6, 7] as const;
const REGON9_WEIGHTS = [8, 9, 2, 3, 4, 5, 6, 7] as const;
const REGON14_WEIGHTS = [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8] as const;

/** A NIP as compared: without separators, the word "NIP" (on letterheads: no country) and case. */
const nipText = (text: string) => withoutSeparators(text.trim().replace(/^NIP\s*:?/i, '')).toUpperCase();

/**
 * The ten digits of a Polish NIP however it is written ("PL 526-025-09-95", "5260250995"), or null
 * when the text holds no such number: two customers with the same digits are one company's.
 */
export function polishNipDigits(text: string): string | null {
  const digits = nipText(text).replace(/^PL/, '');
  return /^\d{10}$/.test(digits) ? digits : null;
}

/**
 * A Polish NIP: ten digits whose last is the check digit, written with or without separators and
 * with or without "PL" (or the word "NIP") in front. Another country's VAT number (two letters,
 * then anything) is not judged.
 */
export function nipLooksWrong(text: string): boolean {
  const value = nipText(text);
  if (value === '') return false;
  const prefix = /^[A-Z]{2}/.exec(value)?.[0];
  if (prefix && prefix !== 'PL') return false;
  const digits = prefix ? value.slice(2) : value;
  return !/^\d{10}$/.test(digits) || !checkDigitHolds(digits, NIP_WEIGHTS, false);
}

/** A REGON: nine or fourteen digits, the last the check digit. */
export function regonLooksWrong(text: string): boolean {
  const digits = withoutSeparators(text.trim());
  if (digits === '') return false;
  if (/^\d{9}$/.test(digits)) return !checkDigitHolds(digits, REGON9_WEIGHTS, true);
  if (/^\d{14}$/.test(digits)) return !checkDigitHolds(digits, REGON14_WEIGHTS, true);
  return true;
}

/**
 * A Polish postcode is "00-000"; judged only for an address known to be in Poland (a customer's or a
 * machine's with a province, the company's own).
 */
export function postcodeLooksWrong(text: string, inPoland: boolean): boolean {
  const value = text.trim();
  return inPoland && value !== '' && !/^\d{2}-\d{3}$/.test(value);
}

/** A customer's e-mail field in which no address can be found: protocols and reminders go nowhere. */
export function emailFieldHoldsNoAddress(text: string): boolean {
  return text.trim() !== '' && firstEmailAddress(text) === null;
}

/** The warning under a postcode (postcodeLooksWrong), null where it looks right. */
export const postcodeWarning = (text: string, inPoland: boolean) =>
  postcodeLooksWrong(text, inPoland) ? MSG.postcodeWarning : null;

/**
 * Whether a number of an address not known to be in Poland is judged: only one written as a Polish
 * number is (a NIP with "PL" or of ten digits, a REGON of nine or fourteen); a Czech IČO
 * ("26789012"), a Hungarian tax number ("12345678-2-08") or a German register entry ("HRB 12345 B")
 * is another country's.
 */
const judgedAbroad = {
  nip: (text: string) => /^PL|^\d{10}$/.test(nipText(text)),
  regon: (text: string) => /^(\d{9}|\d{14})$/.test(withoutSeparators(text.trim())),
};

/**
 * The warnings under a customer's or the company's NIP, REGON and postcode, null where the value
 * looks right (a customer's address is in Poland when it has a province; one without may be abroad,
 * and its numbers are judged only when written as Polish ones).
 */
export function identifierWarnings(
  values: { nip: string; regon: string; zipCode: string },
  inPoland: boolean,
) {
  const nipJudged = inPoland || judgedAbroad.nip(values.nip);
  const regonJudged = inPoland || judgedAbroad.regon(values.regon);
  return {
    nip: nipJudged && nipLooksWrong(values.nip) ? MSG.nipWarning : null,
    regon: regonJudged && regonLooksWrong(values.regon) ? MSG.regonWarning : null,
    zipCode: postcodeWarning(values.zipCode, inPoland),
  };
}
