import { loadAfresh } from '../../../lib/load-afresh';
import { rememberUser } from '../../../lib/offline-session';

/** Ends the session on the server, then reloads the root (spec §4 Auth). */
export async function logout() {
  rememberUser(null);
  try {
    await fetch('/logout', { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  } finally {
    loadAfresh('/');
  }
}
