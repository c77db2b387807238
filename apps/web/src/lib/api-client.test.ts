import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SESSION, fakeApi } from '../../test/fake-api';
import { api, onSessionEnded } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('onSessionEnded', () => {
  it('is told of every call answered 401, however it was made, and of no other refusal', async () => {
    fakeApi({
      'GET /api/machines': NO_SESSION,
      'POST /api/device/import/preview': NO_SESSION,
      'DELETE /api/machines/1': { status: 403, body: { message: 'Brak uprawnień do tej operacji.' } },
    });
    let told = 0;
    const stop = onSessionEnded(() => told++);
    await expect(api.delete('/api/machines/1')).rejects.toMatchObject({ status: 403 });
    expect(told).toBe(0);
    await expect(api.get('/api/machines')).rejects.toMatchObject({ status: 401 });
    await expect(
      api.raw('POST', '/api/device/import/preview', { body: new FormData() }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(told).toBe(2);
    stop();
    await expect(api.get('/api/machines')).rejects.toMatchObject({ status: 401 });
    expect(told).toBe(2);
  });
});
