import { useCallback, useRef } from 'react';

/**
 * A write sent once at a time: a second press before the button shows it is saving (a double click,
 * a double Enter, a slow tablet's render) is ignored instead of sent again. `send` calls `done` when
 * the answer has come, whatever it is.
 */
export function useOneAtATime() {
  const running = useRef(false);
  return useCallback((send: (done: () => void) => void) => {
    if (running.current) return;
    running.current = true;
    send(() => {
      running.current = false;
    });
  }, []);
}
