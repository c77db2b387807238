import { useState, type FocusEvent } from 'react';

/** What a Mantine field's `getInputProps` hands over that a warning needs to chain. */
interface FocusProps {
  onFocus?: (event: FocusEvent<HTMLInputElement>) => void;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
}

type WrapperPart = 'label' | 'input' | 'description' | 'error';

/** Whether a mouse button (or a tap's mouse events) is down, seen before any field's blur. */
let pressed = false;
let watchingPresses = false;
function watchPresses() {
  if (watchingPresses) return;
  watchingPresses = true;
  document.addEventListener('mousedown', () => (pressed = true), true);
  document.addEventListener('mouseup', () => (pressed = false), true);
}

/** The longest a warning waits for the press that left its field to end (a release off the page). */
const PRESS_WAIT_MS = 2000;

/**
 * Runs `show` now, or, when a press left the field (a click on "Zapisz"), once that click is over: a
 * warning shown between the press and the release pushed the button from under the pointer, and the
 * click was lost.
 */
function afterThePress(show: () => void) {
  if (!pressed) {
    show();
    return;
  }
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    show();
  };
  document.addEventListener('mouseup', () => setTimeout(once), { capture: true, once: true });
  setTimeout(once, PRESS_WAIT_MS);
}

/**
 * Warnings under text fields that never refuse the save (a NIP whose check digit does not hold):
 * shown under the field, in the warning colour, once the field has been left, so that a number being
 * typed is not called wrong at its first digit. A record opened with such a value shows it at once.
 */
export function useFieldWarnings<F extends string>() {
  const [typingIn, setTypingIn] = useState<F | null>(null);
  watchPresses();
  return <P extends FocusProps>(field: F, warning: string | null, inputProps: P, hint?: string) => ({
    ...inputProps,
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      setTypingIn(field);
      inputProps.onFocus?.(event);
    },
    onBlur: (event: FocusEvent<HTMLInputElement>) => {
      afterThePress(() => setTypingIn((current) => (current === field ? null : current)));
      inputProps.onBlur?.(event);
    },
    ...warningBelow(typingIn !== field ? warning : null, hint),
  });
}

/**
 * A warning under a field, in the warning colour, shown at once: for a field nothing is typed into
 * (a date picked from the calendar), where waiting for it to be left hid it until after "Zapisz".
 * Without a warning the field's own `hint`, if any, is its description, in the usual colour.
 */
export const warningBelow = (warning: string | null, hint?: string) => ({
  description: warning ?? hint,
  inputWrapperOrder: ['label', 'input', 'description', 'error'] as WrapperPart[],
  styles: warning ? { description: { color: 'var(--mantine-color-orange-text)' } } : {},
});
