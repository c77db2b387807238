import { useSearchParams } from 'react-router';

/**
 * A screen's open tab kept in its address (`activeTab`, as the machine card's, spec §2): a reload
 * or a link opens the same tab, and the browser's back button leaves the screen instead of
 * stepping through its tabs (the address is replaced, not pushed). Any letter case is read; a tab
 * not among `tabs` (another role's, a mistyped one) opens `fallback`.
 */
export function useTabInUrl(tabs: readonly string[], fallback: string) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('activeTab')?.toLowerCase();
  const active = tabs.find((tab) => tab.toLowerCase() === requested) ?? fallback;
  const select = (value: string | null) => {
    if (!value) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('activeTab', value);
        return next;
      },
      { replace: true },
    );
  };
  return [active, select] as const;
}
