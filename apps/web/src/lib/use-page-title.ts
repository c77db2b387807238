import { useEffect } from 'react';

/** The application's name, the browser tab's title of a screen without its own. */
export const APP_NAME = 'Serwis';

/**
 * Names the browser tab after the screen, its own title first ("Lista maszyn – Serwis"), so that
 * open tabs, the history and a screen reader tell screens apart (WCAG 2.4.2); back to the app's
 * name when the screen goes.
 */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} – ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
