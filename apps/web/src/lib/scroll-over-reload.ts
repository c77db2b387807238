import { useEffect } from 'react';

/*
 * A reload (F5, a tablet's pull-down) brings a screen back where it was scrolled. The browser does
 * this by itself only when the page is as tall at load as it was: a list's rows come from the
 * server a moment later, so the browser found a short page and stayed at the top. The scroll is
 * kept in the tab when it leaves, and given back once the page has grown tall enough again, unless
 * the user has scrolled, tapped or typed first, or the page never grows (a filter now matching less).
 */

const KEY = 'serwis.scrollBeforeReload';
/** How long a reloaded screen may take to grow back to the kept scroll. */
const WAIT_MS = 10_000;
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

interface KeptScroll {
  href: string;
  y: number;
}

function keptScroll(): KeptScroll | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as KeptScroll | null;
    sessionStorage.removeItem(KEY);
    return kept && typeof kept.href === 'string' && Number.isFinite(kept.y) ? kept : null;
  } catch {
    return null;
  }
}

const wasReload = () =>
  (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ===
  'reload';

/** Scrolls to `y` once the page is tall enough; stops at the user's first move or after a while. */
function scrollWhenTallEnough(y: number) {
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const move of USER_MOVES) window.removeEventListener(move, stop, true);
  };
  const tryNow = () => {
    if (document.documentElement.scrollHeight - window.innerHeight < y) return;
    window.scrollTo(0, y);
    stop();
  };
  const observer = new ResizeObserver(tryNow);
  const timer = setTimeout(stop, WAIT_MS);
  for (const move of USER_MOVES) window.addEventListener(move, stop, true);
  observer.observe(document.body);
  tryNow();
}

let restored = false;

/** Kept once, by the signed-in screens' frame. */
export function useScrollOverReload() {
  useEffect(() => {
    const keep = () =>
      sessionStorage.setItem(KEY, JSON.stringify({ href: location.href, y: Math.round(window.scrollY) }));
    window.addEventListener('pagehide', keep);
    return () => window.removeEventListener('pagehide', keep);
  }, []);
  useEffect(() => {
    if (restored) return;
    restored = true;
    const kept = keptScroll();
    if (kept && kept.y > 0 && kept.href === location.href && wasReload()) scrollWhenTallEnough(kept.y);
  }, []);
}
