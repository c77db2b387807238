import { useMemo, useRef } from 'react';

/**
 * The request a dialog has on its way, to stop when the dialog is cancelled: `start()` gives the
 * signal for a new one, `abort()` stops it, `done()` forgets it once answered.
 */
export function useAbortable() {
  const controllerRef = useRef<AbortController | null>(null);
  return useMemo(
    () => ({
      start: () => {
        controllerRef.current?.abort();
        controllerRef.current = new AbortController();
        return controllerRef.current.signal;
      },
      abort: () => {
        controllerRef.current?.abort();
        controllerRef.current = null;
      },
      done: () => {
        controllerRef.current = null;
      },
    }),
    [],
  );
}
