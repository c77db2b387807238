/** One e-mail address, as every form and the server check it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string) => EMAIL_PATTERN.test(value.trim());

/**
 * The first thing that looks like an address in a customer's e-mail field, which is not checked as
 * an address (staff keep two addresses or a note there): what a reminder or a protocol goes to.
 */
export function firstEmailAddress(value: string): string | null {
  // Brackets, quotes and a sentence's end around it are not the address's: "(biuro@firma.pl)" and
  // "e-mail: serwis@firma.pl." went out as written, the first refused by the mail server, the
  // second to a domain that does not exist.
  // An apostrophe may be inside the name part (o'brien@firma.ie), not at its start.
  const match = /[^\s,;:<>()[\]{}"]+@[^\s,;:<>()[\]{}"'`@]+\.[^\s,;:<>()[\]{}"'`@]+/.exec(value);
  if (!match) return null;
  const address = match[0].replace(/^['`]+/, '').replace(/\.+$/, '');
  return EMAIL_PATTERN.test(address) ? address : null;
}
