/** One e-mail address, as every form and the server check it. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const isEmailAddress = (value: string) => EMAIL_PATTERN.test(value.trim());

/**
 * The first thing that looks like an address in a customer's e-mail field, which is not checked as
 * an address (staff keep two addresses or a note there): what a reminder or a protocol goes to.
 */
export function firstEmailAddress(value: string): string | null {
  const match = /[^\s,;<>"]+@[^\s,;<>"]+\.[^\s,;<>"]+/.exec(value);
  return match ? match[0] : null;
}
