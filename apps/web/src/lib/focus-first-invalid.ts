import type { SyntheticEvent } from 'react';

/** A field marked invalid, or a message under a group of fields (ticks, radios) that are not. */
const FIRST_PROBLEM = '[aria-invalid="true"], .mantine-InputWrapper-error';
const CONTROL = 'input:not([type="hidden"]):not(:disabled), textarea:not(:disabled), button:not(:disabled)';

/** The control to mend for `problem`: the invalid field itself, or the first of the message's group. */
const controlOf = (problem: HTMLElement | null) =>
  problem?.matches('[aria-invalid="true"]')
    ? problem
    : problem?.closest('.mantine-InputWrapper-root')?.querySelector<HTMLElement>(CONTROL);

/**
 * A form's `onSubmit` failure handler (Mantine's second argument): once the messages are drawn
 * under their fields, the first field with one takes the focus, so that the keyboard and a screen
 * reader start where the form needs mending instead of staying on "Zapisz".
 */
export function focusFirstInvalid(
  _errors: unknown,
  _values: unknown,
  event: SyntheticEvent<HTMLFormElement> | undefined,
) {
  const form = event?.currentTarget;
  if (!form) return;
  // The messages are drawn on the render after this call. A group of ticks ("Typ serwisu") marks
  // none of its boxes invalid: its message was shown while the focus stayed on "Zapisz", unheard.
  setTimeout(() => controlOf(form.querySelector<HTMLElement>(FIRST_PROBLEM))?.focus());
}
