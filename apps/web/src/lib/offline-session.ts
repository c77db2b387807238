import type { SessionUser } from '@serwis/domain';

/*
 * Issue 8: the field protocol opens while the network is away (a reload on a tablet that lost its
 * connection; the service worker serves the app). The session cannot be checked then, so on the
 * screens that work offline the last employee this device saw signed in is taken as he was, until
 * the network is back and the session is checked again. Everywhere else a failed check still leads
 * to the login screen.
 */

/** The screens that work without the network (the service worker precaches their code). */
export const OFFLINE_SCREENS = ['/serviceProtocol'] as const;

const LAST_USER_KEY = 'serwis:last-user';

export const isOfflineScreen = (pathname: string) =>
  (OFFLINE_SCREENS as readonly string[]).includes(pathname);

/** Storage can be missing or full (private mode): then there is no offline session, nothing worse. */
export function rememberUser(user: SessionUser | null) {
  try {
    if (user) localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
    else localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // nothing remembered
  }
}

export function lastKnownUser(): SessionUser | null {
  try {
    const text = localStorage.getItem(LAST_USER_KEY);
    return text ? (JSON.parse(text) as SessionUser) : null;
  } catch {
    return null;
  }
}
