import { matchPath } from 'react-router';
import { protectedRoutes, type ScreenRoute } from './routes';

/** The screen behind the login that `address` (a path, with its query string) opens, if any. */
export function screenRouteFor(address: string): ScreenRoute | undefined {
  const { pathname } = new URL(address, 'http://serwis.local');
  return protectedRoutes.find((route) => matchPath(route.path, pathname));
}

/** What every screen behind the login shows first: the signed-in frame, the bar's menus, the drawer. */
const SIGNED_IN_FRAME: (() => Promise<unknown>)[] = [
  () => import('./signed-in-area'),
  () => import('./layout/signed-in-bar'),
  () => import('./layout/navigation-drawer'),
];

/**
 * While the login form waits for the e-mail and password, fetches the code the login leads to: the
 * signed-in frame and the screen asked for (`target`). Each loads when first shown, one after the
 * other, which on a tablet's mobile connection was most of the wait after "Zaloguj"
 * (bench/first-load.ts). It starts when the browser is idle, after the form is drawn, and not at
 * all on a connection that asks to save data. A download that fails here is tried again when the
 * screen opens, and said there if it fails again (ScreenErrorBoundary). Answers the cancel.
 */
export function preloadAfterLogin(target: string): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  const loads = [...SIGNED_IN_FRAME, screenRouteFor(target)?.load];
  const start = () => {
    for (const load of loads) load?.().catch(() => undefined);
  };
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(start, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(start, 500);
  return () => window.clearTimeout(id);
}
