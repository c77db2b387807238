/** Keys whose text is kept byte for byte: a password is checked against what the login sends. */
const KEPT_AS_SENT = /password/i;

/**
 * Every text in a parsed JSON body in its composed form (Unicode NFC): "é" pasted from a Mac or a
 * PDF as "e" and a combining accent looked like an existing customer's name but was not found by
 * a search nor refused as the same name, and counted two characters towards a limit. Passwords are
 * left as sent (the login's Basic header is not a JSON body).
 */
export function composeTexts(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return KEPT_AS_SENT.test(key) ? value : value.normalize('NFC');
  if (Array.isArray(value)) return value.map((item) => composeTexts(item, key));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, composeTexts(v, k)]));
  }
  return value;
}
