import { useCallback, useEffect, useRef } from 'react';

/** A button's name as a screen reader says it: its `aria-label`, or else its text. */
const nameOf = (button: HTMLButtonElement) =>
  button.getAttribute('aria-label') ?? button.textContent?.trim() ?? '';

/** The first button named one of `names` (in that order of preference) that can take the focus. */
function enabledButton(names: readonly string[]): HTMLButtonElement | null {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')];
  for (const name of names) {
    const button = buttons.find((b) => nameOf(b) === name);
    if (button) return button;
  }
  return null;
}

/**
 * Gives the keyboard's focus back to a list's button after a change redraws the list: a button
 * disabled while the change is saved, or drawn anew in its item's new place (moved up or down), or
 * a dialog closed whose button went the same way, would leave the focus on the page, and the next
 * Tab at its top. `focusLater` names the button (several: the first that can take it); the focus
 * goes there as soon as it is drawn and enabled, that is once the save is answered.
 */
export function useFocusAfterChange() {
  // A ref, not state: asking draws nothing; the change itself (saving, saved, closed) draws anew.
  const wanted = useRef<readonly string[] | null>(null);
  useEffect(() => {
    if (!wanted.current) return;
    const button = enabledButton(wanted.current);
    if (!button) return;
    button.focus();
    wanted.current = null;
  });
  return useCallback((...names: string[]) => {
    wanted.current = names;
  }, []);
}
