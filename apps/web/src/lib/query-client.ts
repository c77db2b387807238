import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, setShownUser } from './api-client';
import { rememberUser } from './offline-session';
import { setSessionEnded } from './session-ended';

/** The logged-in employee's query (features/auth reads it); null means "no session". */
export const SESSION_QUERY_KEY = ['session'] as const;

/**
 * Forgets the employee of `client`'s session: RequireSession then sends the user to /login from
 * whatever screen is open, and the employee kept for offline screens (offline-session.ts) goes too.
 */
export function forgetSession(client: QueryClient) {
  setSessionEnded(false);
  rememberUser(null);
  client.setQueryData(SESSION_QUERY_KEY, null);
}

/**
 * A call answered 401. With an employee on screen the session ended under him: the screen stays,
 * with what was typed, and asks him to log in again (session-ended.ts); leaving it for /login lost
 * every unsaved form. Without one, the visitor goes to /login as before.
 */
export function sessionRefused(client: QueryClient, code?: string) {
  if (client.getQueryData(SESSION_QUERY_KEY)) setSessionEnded(true, code === 'ANOTHER_ACCOUNT' ? code : null);
  else forgetSession(client);
}

/**
 * Marks every cached answer a write can change as stale (on screen: asked again now); the server's
 * settings and other `meta.unchangedByWrites` answers stay.
 */
export function refreshAfterWrites(client: QueryClient) {
  void client.invalidateQueries({ predicate: (query) => query.meta?.unchangedByWrites !== true });
}

export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      // A write can change what other screens show (a service event moves the inspection dates and
      // the to-do list, a new customer belongs in the machine form): everything cached goes stale;
      // only the queries on screen refetch now, the rest when they are next shown. The server's
      // settings (meta.unchangedByWrites) change with its configuration only.
      onSuccess: () => refreshAfterWrites(client),
    }),
    defaultOptions: {
      // A save without the network fails at once with "Błąd połączenia z serwerem." and the form
      // kept, as when the server is away; held back until the network returned, it showed a
      // spinning button and nothing else, and was lost with the page.
      mutations: { networkMode: 'always' },
      queries: {
        // Likewise a list asked for without the network says "Nie udało się wczytać listy." (with
        // its retry) instead of keeping the rows of the last answer as if they were the new one's.
        // Back online, what failed is asked again (refetchOnReconnect).
        networkMode: 'always',
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
    },
  });
  // Every call names the employee the screens show (api-client.ts): the session query's.
  client.getQueryCache().subscribe(({ query }) => {
    if (query.queryKey[0] !== SESSION_QUERY_KEY[0]) return;
    const user = query.state.data as { id?: number } | null | undefined;
    setShownUser(typeof user?.id === 'number' ? user.id : null);
  });
  return client;
}
