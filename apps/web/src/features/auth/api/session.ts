import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@serwis/domain';
import { api, ApiError } from '../../../lib/api-client';
import { SESSION_QUERY_KEY } from '../../../lib/query-client';

export const sessionQueryKey = SESSION_QUERY_KEY;

/** The logged-in employee, or null when the session check fails. */
export function useSession() {
  return useQuery({
    queryKey: sessionQueryKey,
    queryFn: async () => {
      try {
        return await api.get<SessionUser>('/api/user/check-auth');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
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
  return (user: SessionUser | null) => client.setQueryData(sessionQueryKey, user);
}
