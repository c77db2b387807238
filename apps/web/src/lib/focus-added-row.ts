import { useCallback, useRef } from 'react';

/**
 * A list of rows of fields with an "add" button below them (materials, an operation's fields):
 * the new row is drawn above the button, so the focus left on the button made the keyboard go back
 * to reach it. Call `adding()` as the row is added, and give the last row's first field `lastRowRef`:
 * it takes the focus once drawn. Rows drawn otherwise (opening, deleting) keep it where it is.
 */
export function useFocusAddedRow() {
  const pending = useRef(false);
  const lastRowRef = useCallback((input: HTMLInputElement | null) => {
    if (!input || !pending.current) return;
    pending.current = false;
    input.focus();
  }, []);
  const adding = useCallback(() => {
    pending.current = true;
  }, []);
  return { adding, lastRowRef };
}
