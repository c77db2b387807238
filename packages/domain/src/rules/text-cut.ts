/**
 * Cutting text to a length counted as JavaScript does (UTF-16 units, as the columns' and the
 * screens' limits are checked), without ever splitting a character written as two units (most
 * emoji, some rare letters): half of one is stored by PostgreSQL as "�", and a name cut so no
 * longer equals itself once stored.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with every half of a split character replaced by "�", as the database would store it. */
export const wellFormedText = (text: string): string => text.replace(LONE_SURROGATE, '\uFFFD');

/** At most the first `length` units of `text`; one fewer when the cut would split a character. */
export function cutText(text: string, length: number): string {
  if (text.length <= length) return text;
  const end = Math.max(0, length);
  const last = text.charCodeAt(end - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? end - 1 : end);
}

/** `text` as it is up to `max` units; longer, cut to leave room for a closing "…". */
export const shortenText = (text: string, max: number): string =>
  text.length > max ? `${cutText(text, max - 1)}…` : text;

/** Spec §9: a fault description is cut at 80 characters in tables (a tooltip shows the rest). */
export const FAULT_DESCRIPTION_CUT = 80;

/** `text` up to `max` units, with an ellipsis after it when something was cut; never half an emoji. */
export function cutWithEllipsis(text: string, max = FAULT_DESCRIPTION_CUT): { short: string; cut: boolean } {
  if (text.length <= max) return { short: text, cut: false };
  return { short: `${cutText(text, max)}…`, cut: true };
}
