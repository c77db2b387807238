import { useCallback, useEffect, useState } from 'react';

const storageKey = (key: string) => `qr-labels:${key}`;

function restored(key: string | undefined): ReadonlySet<number> {
  if (!key) return new Set();
  try {
    const ids: unknown = JSON.parse(sessionStorage.getItem(storageKey(key)) ?? '[]');
    return new Set(Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []);
  } catch {
    return new Set();
  }
}

/**
 * The machines ticked for QR labels, across pages and kept for this browser tab (as the list's own
 * filters are): a clerk who opens a card to check a machine finds the ticks as he left them.
 */
export function useLabelSelection(persistKey?: string) {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => restored(persistKey));
  useEffect(() => {
    if (!persistKey) return;
    try {
      if (selected.size) sessionStorage.setItem(storageKey(persistKey), JSON.stringify([...selected]));
      else sessionStorage.removeItem(storageKey(persistKey));
    } catch {
      // Storage full or switched off: the ticks live as long as the screen.
    }
  }, [persistKey, selected]);

  /** Ticks or unticks the given machines (one row, or every row of the page). */
  const tick = useCallback((ids: number[], on: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, tick, clear };
}
