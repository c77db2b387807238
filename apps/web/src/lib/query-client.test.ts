import { describe, expect, it } from 'vitest';
import { QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from './query-client';

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
});
