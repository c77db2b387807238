import { plainText } from '@serwis/domain';

/** Keys whose text is kept byte for byte: a password is checked against what the login sends. */
const KEPT_AS_SENT = /password/i;

/**
 * Every text in a parsed JSON body made plain (the domain's `plainText`): composed (Unicode NFC),
 * its look-alike spaces plain and its invisible characters left out. "é" pasted as "e" and a
 * combining accent, or a street pasted with non-breaking spaces, looked like an existing record but
 * was not found by a search nor refused as the same name. Passwords are left as sent (the login's
 * Basic header is not a JSON body).
 */
export function plainTexts(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return KEPT_AS_SENT.test(key) ? value : plainText(value);
  if (Array.isArray(value)) return value.map((item) => plainTexts(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainTexts(v, k)]));
  }
  return value;
}
