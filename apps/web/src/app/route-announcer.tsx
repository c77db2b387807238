import { Fragment, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { VisuallyHidden } from '@mantine/core';
import { APP_NAME } from '@serwis/domain';

/** How long the title of the screen on view stays put before it is said (its data may rename it). */
export const TITLE_SETTLES_MS = 300;

const SUFFIX = ` – ${APP_NAME}`;

/** The screen's own name: its title without " – Serwis", else its heading; '' while it has neither. */
function screenName(): string {
  const title = document.title.trim();
  if (title.endsWith(SUFFIX)) return title.slice(0, -SUFFIX.length).trim();
  if (title && title !== APP_NAME) return title;
  return document.querySelector('main h1, main h2')?.textContent?.trim() ?? '';
}

/**
 * Tells the layout which screen is on view: put after the screen in its Suspense boundary, it is
 * drawn with the screen, not while the screen's code loads (the screen before stays, hidden, its
 * title still set, until then).
 */
export function ScreenShown({ onShown }: { onShown: (pathname: string) => void }) {
  const { pathname } = useLocation();
  useEffect(() => onShown(pathname), [pathname, onShown]);
  return null;
}

/**
 * Says the new screen's name to a screen reader when the address leads to another screen (WCAG
 * 4.1.3): a single-page app changes screens without a page load, so nothing else would be said. Not
 * for the first screen (the browser reads that page), not for another page, search or tab of the
 * same screen (?page=2). `pathname` is the screen on view (ScreenShown), and its name the page's
 * title (use-page-title.ts) once that has settled: the screen's data may rename it. The focus stays
 * where it is (a list puts it on the row last opened, reopened-row.ts).
 */
export function RouteAnnouncer({ pathname }: { pathname: string | null }) {
  const [said, setSaid] = useState({ text: '', round: 0 });
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (pathname === null || previous.current === pathname) return;
    const first = previous.current === null;
    previous.current = pathname;
    if (first) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new MutationObserver(() => wait());
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    function wait() {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const text = screenName();
        // A screen with neither title nor heading yet: awaited.
        if (!text) return;
        stop();
        setSaid((before) => ({ text, round: before.round + 1 }));
      }, TITLE_SETTLES_MS);
    }
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    wait();
    return stop;
  }, [pathname]);

  return (
    <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {/* A new text node each time, so that a screen of the same name is said again. */}
      <Fragment key={said.round}>{said.text}</Fragment>
    </VisuallyHidden>
  );
}
