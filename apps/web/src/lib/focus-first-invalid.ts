import type { SyntheticEvent } from 'react';

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
  // The messages are drawn on the render after this call.
  setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
