import { inject } from 'vitest';

/**
 * The server of this journey's worker: its address and data directory (outbox, tutorials). Vitest
 * numbers the workers that run at the same time 1…n (`VITEST_POOL_ID`), so two journeys running
 * together never share a server.
 */
export function appServer(): { baseUrl: string; dataDir: string } {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID) || 1;
  return servers[(slot - 1) % servers.length]!;
}
