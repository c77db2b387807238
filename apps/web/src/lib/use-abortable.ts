import { useMemo, useRef } from 'react';

/**
 * The request a dialog has on its way, to stop when the dialog is cancelled: `start()` gives the
 * signal for a new one, `busy()` says one is still on its way (a second tap on "Dodaj" before the
 * button shows it is sending is ignored rather than sent again), `abort()` stops it, `done()`
 * forgets it once answered.
 */
export function useAbortable() {
  const controllerRef = useRef<AbortController | null>(null);
  return useMemo(
    () => ({
      start: () => {
        controllerRef.current = new AbortController();
        return controllerRef.current.signal;
      },
      busy: () => controllerRef.current !== null,
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
