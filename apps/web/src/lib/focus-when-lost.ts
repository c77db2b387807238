import { useCallback } from 'react';

/**
 * A ref for what a step of a dialog shows in place of the button that led to it (an import's
 * progress, its outcome): the button is gone, so the focus would fall to the page, outside the
 * dialog, and a screen reader would say nothing of what came instead. Drawn while the focus is
 * lost, the element takes it; while the focus is elsewhere, it stays there.
 */
export function useFocusWhenLost<T extends HTMLElement>() {
  return useCallback((element: T | null) => {
    const active = document.activeElement;
    if (element && (active === null || active === document.body)) element.focus();
  }, []);
}
