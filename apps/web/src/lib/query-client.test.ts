import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { SESSION_QUERY_KEY, createQueryClient } from './query-client';

describe('createQueryClient', () => {
  it('after any successful write, refetches the lists on screen and marks the others stale', async () => {
    const client = createQueryClient();
    let inspectionLoads = 0;
    // On screen: an observer keeps the query active, as a mounted component does.
    const observer = new QueryObserver(client, {
      queryKey: ['inspections', 'onlyActual'],
      queryFn: async () => ++inspectionLoads,
    });
    const unsubscribe = observer.subscribe(() => {});
    await expect.poll(() => inspectionLoads).toBe(1);
    client.setQueryData(['todos', 'TODO'], ['zadanie']);

    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => ({ id: 1 }) })
      .execute(undefined);

    await expect.poll(() => inspectionLoads).toBe(2);
    expect(client.getQueryState(['todos', 'TODO'])?.isInvalidated).toBe(true);
    unsubscribe();
  });

  it('forgets the session when a write answers 401, and keeps it on other refusals', async () => {
    const client = createQueryClient();
    client.setQueryData(SESSION_QUERY_KEY, { email: 'anna@firma.pl' });
    const refuse = (status: number) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: async () => {
            throw new ApiError(status, 'odmowa');
          },
        })
        .execute(undefined)
        .catch(() => undefined);

    await refuse(403);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toEqual({ email: 'anna@firma.pl' });
    await refuse(401);
    expect(client.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });
});
