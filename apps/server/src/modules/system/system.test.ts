import { describe, expect, it } from 'vitest';
import { PROVINCES, REFERENCE_DATA } from '@serwis/domain';
import { useTestApp } from '../../../test/test-app.js';

const ctx = useTestApp();

describe('system', () => {
  it('answers health once migrated', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('serves the reference data the browser uses', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/reference-data' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.provinces).toEqual(PROVINCES);
    expect(body.statuses.map((s: { weight: number }) => s.weight)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(body.pageSizes.machines).toEqual({ sizes: [10, 20, 30, 50, 100], default: 10 });
    // The response schema drops keys it does not know: the whole of REFERENCE_DATA must get through.
    expect(body).toEqual({
      ...JSON.parse(JSON.stringify(REFERENCE_DATA)),
      companyTimeZone: 'Europe/Warsaw',
      maxUploadMb: ctx.app.config.MAX_UPLOAD_MB,
    });
  });

  it('serves the OpenAPI document without a session', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/user/auth');
  });

  it('asks for a session on other API calls', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toMatch(/Zaloguj się/);
  });
});
