import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-client';
import {
  endServerSession,
  isLogoutPending,
  isOfflineScreen,
  lastKnownUser,
  rememberUser,
} from '../../../lib/offline-session';
import { isSessionEnded } from '../../../lib/session-ended';

export const sessionQueryKey = SESSION_QUERY_KEY;

/** The logged-in employee, or null when the session check fails. */
export function useSession() {
  const client = useQueryClient();
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      // Logged out here without the network: nobody is signed in on this device, whatever the
      // server still keeps; the session is ended there first when it can be reached.
      if (isLogoutPending()) {
        await endServerSession();
        return null;
      }
      try {
        const user = await api.get<SessionUser>('/api/user/check-auth');
        rememberUser(user);
        return user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          // Ended under an employee on screen: he stays, asked to log in again (sessionRefused).
          const onScreen = client.getQueryData<SessionUser | null>(sessionQueryKey);
          if (onScreen && isSessionEnded()) return onScreen;
          rememberUser(null);
          return null;
        }
        // No network on a screen that works offline (issue 8): the last employee seen here.
        const offline = error instanceof ApiError && error.code === 'NETWORK';
        const last = offline && isOfflineScreen(window.location.pathname) ? lastKnownUser() : null;
        if (last) return last;
        throw error;
      }
    },
    staleTime: 60_000,
    // Coming back to the tab re-checks: the session may have ended meanwhile (logout elsewhere).
    refetchOnWindowFocus: true,
  });
}

export function useCurrentUser(): SessionUser {
  const { data } = useSession();
  if (!data) throw new Error('useCurrentUser outside a logged-in screen');
  return data;
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: SessionUser | null) => {
    rememberUser(user);
    client.setQueryData(sessionQueryKey, user);
  };
}
