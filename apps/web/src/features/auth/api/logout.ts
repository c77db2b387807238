import { loadAfresh } from '../../../lib/load-afresh';
import { endServerSession, rememberUser, setLogoutPending } from '../../../lib/offline-session';

/**
 * Ends the session on the server (without the network: at the next chance, offline-session.ts), then
 * reloads the root (spec §4 Auth).
 */
export async function logout() {
  rememberUser(null);
  setLogoutPending(true);
  try {
    await endServerSession();
  } finally {
    loadAfresh('/');
  }
}
