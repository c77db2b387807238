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
/** "Wyloguj" tapped while the server could not hear it: its session is ended at the next chance. */
const LOGOUT_PENDING_KEY = 'serwis:logout-pending';

export const isOfflineScreen = (pathname: string) =>
  (OFFLINE_SCREENS as readonly string[]).includes(pathname);

/** Storage can be missing or full (private mode): then there is no offline session, nothing worse. */
export function rememberUser(user: SessionUser | null) {
  try {
    if (user) {
      localStorage.setItem(LAST_USER_KEY, JSON.stringify(user));
      // Signed in again: the session the pending logout was for is not this device's any more.
      localStorage.removeItem(LOGOUT_PENDING_KEY);
    } else localStorage.removeItem(LAST_USER_KEY);
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

export function setLogoutPending(pending: boolean) {
  try {
    if (pending) localStorage.setItem(LOGOUT_PENDING_KEY, '1');
    else localStorage.removeItem(LOGOUT_PENDING_KEY);
  } catch {
    // nothing kept: the logout is tried once, as before
  }
}

/**
 * Asks the server to end this device's session; false when it could not be reached, and the logout
 * stays pending: the session cookie is the server's to clear, and a tablet logged out without the
 * network kept it, signed in again for whoever opened the app next.
 */
export async function endServerSession(): Promise<boolean> {
  try {
    await fetch('/logout', { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } catch {
    return false;
  }
  setLogoutPending(false);
  return true;
}

export function isLogoutPending(): boolean {
  try {
    return localStorage.getItem(LOGOUT_PENDING_KEY) !== null;
  } catch {
    return false;
  }
}
