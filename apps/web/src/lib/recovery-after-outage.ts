import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { noAnswer } from './failure-text';

/** How often the server is asked whether it answers again, while a load failed without an answer. */
export const OUTAGE_POLL_MS = 5_000;

/** The server's liveness: answers 200 once it (and its database) works. Public, no session needed. */
const HEALTH_PATH = '/api/health';

/**
 * Asks again, by itself, for what failed to load while the server did not answer. A query that
 * fails with no answer (the server stopped, the connection down) starts asking `/api/health` every
 * `intervalMs`; once it answers, the asking stops and the failed queries on screen are asked
 * again. Without this a list stayed failed until the user thought of reloading: queries are not
 * asked again on the window's focus, and their two retries are over in seconds. One poll at a time.
 */
export function useRecoveryAfterOutage(intervalMs = OUTAGE_POLL_MS) {
  const client = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setInterval> | undefined;
    let asking = false;
    let stopped = false;
    const stopPolling = () => {
      clearInterval(timer);
      timer = undefined;
    };
    const ask = async () => {
      if (asking) return;
      asking = true;
      try {
        const response = await fetch(HEALTH_PATH, { credentials: 'include', cache: 'no-store' });
        if (!response.ok || stopped || timer === undefined) return;
        stopPolling();
        await client.refetchQueries({ type: 'active', predicate: (q) => q.state.status === 'error' });
      } catch {
        // Still no answer: asked again at the next tick.
      } finally {
        asking = false;
      }
    };
    const unsubscribe = client.getQueryCache().subscribe((event) => {
      if (timer !== undefined || event.type !== 'updated' || event.action.type !== 'error') return;
      if (!noAnswer(event.action.error)) return;
      timer = setInterval(() => void ask(), intervalMs);
    });
    return () => {
      stopped = true;
      unsubscribe();
      stopPolling();
    };
  }, [client, intervalMs]);
}
