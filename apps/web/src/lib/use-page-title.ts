import { useEffect } from 'react';
import { APP_NAME } from '@serwis/domain';

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
