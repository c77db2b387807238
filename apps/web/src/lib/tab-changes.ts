import { createContext, useContext, useEffect, type RefObject } from 'react';

/**
 * Changes a tab holds apart from the screen's form (the machine card's "Lokalizacja": a position
 * picked and not saved). Such changes go with their tab, which is unmounted when another is chosen,
 * so the tabs ask before switching while they are there (`MachineTabs`). A tab without its own
 * changes (the card's form stays beside it) switches at once.
 */
export const TabChangesContext = createContext<RefObject<boolean> | null>(null);

/** Tells the tabs around whether this tab holds changes not saved. */
export function useTabChanges(dirty: boolean) {
  const holderRef = useContext(TabChangesContext);
  useEffect(() => {
    if (!holderRef) return;
    holderRef.current = dirty;
    return () => {
      holderRef.current = false;
    };
  }, [holderRef, dirty]);
}
