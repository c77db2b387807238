import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryObserver, onlineManager } from '@tanstack/react-query';
import { SHOWN_USER_HEADER } from '@serwis/domain';
import { fakeApi } from '../../test/fake-api';
import { api } from './api-client';
import { SESSION_QUERY_KEY, createQueryClient, forgetSession } from './query-client';

afterEach(() => vi.unstubAllGlobals());

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

  it('runs a write without the network, so that it fails at once instead of waiting unseen', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const mutation = client.getMutationCache().build(client, {
        mutationFn: async () => {
          throw new Error('Failed to fetch');
        },
      });
      await expect(mutation.execute(undefined)).rejects.toThrow('Failed to fetch');
      expect(mutation.state.isPaused).toBe(false);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('asks for a list without the network, so that it fails and says so instead of showing old rows', async () => {
    const client = createQueryClient();
    onlineManager.setOnline(false);
    try {
      const asked = client.fetchQuery({
        queryKey: ['machines', 'Szlifierka'],
        queryFn: async () => {
          throw new Error('Failed to fetch');
        },
        retry: false,
      });
      await expect(asked).rejects.toThrow('Failed to fetch');
      expect(client.getQueryState(['machines', 'Szlifierka'])).toMatchObject({
        status: 'error',
        fetchStatus: 'idle',
      });
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('names the employee the screens show in every call, and nobody once the session is forgotten', async () => {
    const client = createQueryClient();
    const fake = fakeApi({ 'GET /api/todo/findAll': { body: [] } });
    client.setQueryData(SESSION_QUERY_KEY, { id: 7, email: 'anna@firma.pl' });
    await api.get('/api/todo/findAll');
    expect(fake.callsTo('GET', '/api/todo/findAll')[0].headers[SHOWN_USER_HEADER]).toBe('7');
    forgetSession(client);
    await api.get('/api/todo/findAll');
    expect(fake.callsTo('GET', '/api/todo/findAll')[1].headers).not.toHaveProperty(SHOWN_USER_HEADER);
  });
});
