import { useCallback, useEffect, useRef } from 'react';

/**
 * Where the focus should go: a control's name as a screen reader says it (a button's `aria-label`
 * or text, a table row's `aria-label`), or a function finding the element once the change is drawn.
 */
export type FocusTarget = string | (() => HTMLElement | null);

/** A control's name: its `aria-label`, or else its text. */
const nameOf = (element: HTMLElement) =>
  element.getAttribute('aria-label') ?? element.textContent?.trim() ?? '';

/** The enabled buttons and the rows that open a record (data-table's rows take the focus). */
const FOCUSABLE = 'button:not(:disabled), tr[tabindex]';

/** The first of `targets` (in that order of preference) that is drawn and can take the focus. */
function firstFocusable(targets: readonly FocusTarget[]): HTMLElement | null {
  const controls = [...document.querySelectorAll<HTMLElement>(FOCUSABLE)];
  for (const target of targets) {
    const element = typeof target === 'string' ? controls.find((c) => nameOf(c) === target) : target();
    if (element?.isConnected && !element.matches(':disabled')) return element;
  }
  return null;
}

/**
 * Gives the keyboard's focus back to a list's control after a change redraws the list: a button
 * disabled while the change is saved, or drawn anew in its item's new place (moved up or down), a
 * row gone with its record, or a dialog closed whose button went the same way, would leave the
 * focus on the page, and the next Tab at its top. `focusLater` names the target (several: the first
 * that can take it); the focus goes there as soon as it is drawn and enabled, that is once the save
 * is answered.
 */
export function useFocusAfterChange() {
  // A ref, not state: asking draws nothing; the change itself (saving, saved, closed) draws anew.
  const wanted = useRef<readonly FocusTarget[] | null>(null);
  useEffect(() => {
    if (!wanted.current) return;
    const element = firstFocusable(wanted.current);
    if (!element) return;
    element.focus();
    wanted.current = null;
  });
  return useCallback((...targets: FocusTarget[]) => {
    wanted.current = targets;
  }, []);
}
