import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * A dialog's save button is disabled while it saves, and the browser then drops the focus to the
 * page behind the dialog: Tab went on in the top bar, outside the dialog. While `saving`, the
 * dialog itself holds the focus the button had; afterwards (a refusal keeps the dialog open) the
 * button gets it back.
 */
export function useKeepFocusWhileSaving(saving: boolean, button: RefObject<HTMLButtonElement | null>) {
  const held = useRef(false);
  useLayoutEffect(() => {
    const element = button.current;
    if (!element) return;
    const focused = document.activeElement;
    const dialog = element.closest<HTMLElement>('[role="dialog"]');
    if (saving) {
      if (focused !== element && focused !== document.body) return;
      held.current = true;
      dialog?.focus({ preventScroll: true });
    } else if (held.current) {
      held.current = false;
      if (focused === dialog || focused === document.body) element.focus({ preventScroll: true });
    }
  }, [saving, button]);
}
