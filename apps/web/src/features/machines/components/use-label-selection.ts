import { useCallback, useMemo } from 'react';
import { useSessionStorage } from '@mantine/hooks';

/**
 * The machines ticked for QR labels, across pages and kept for this browser tab (as the list's own
 * filters are): a clerk who opens a card to check a machine finds the ticks as he left them.
 */
export function useLabelSelection(persistKey: string) {
  const [ids, setIds] = useSessionStorage<number[]>({
    key: `qr-labels:${persistKey}`,
    defaultValue: [],
    getInitialValueInEffect: false,
  });
  const selected = useMemo<ReadonlySet<number>>(() => new Set(ids), [ids]);

  /** Ticks or unticks the given machines (one row, or every row of the page). */
  const tick = useCallback(
    (changed: number[], on: boolean) =>
      setIds((current) => {
        const next = new Set(current);
        for (const id of changed) {
          if (on) next.add(id);
          else next.delete(id);
        }
        return [...next];
      }),
    [setIds],
  );
  const clear = useCallback(() => setIds([]), [setIds]);
  return { selected, tick, clear };
}
