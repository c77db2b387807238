/**
 * Whether a time field holds a time half typed: the browser's field then gives no value at all,
 * as if empty. On a tablet set to a 12-hour clock "0930" waits for AM or PM, and the incident was
 * saved at 00:00 without a word; the field says `validity.badInput` instead.
 */
export const isIncompleteTime = (input: HTMLInputElement | null | undefined): boolean =>
  Boolean(input?.validity.badInput);
