import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './query-client';
import { companyTimeZone, companyToday, setCompanyTimeZone } from './company-time';
import { useServerSettings } from './server-settings';
import { formatDateTime, formatMomentDate } from './dayjs';
import { toFormValues } from '../features/services/service-form-values';
import { fakeApi } from '../../test/fake-api';

function wrapper({ children }: { children: ReactNode }) {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false } });
  return createElement(QueryClientProvider, { client }, children);
}

afterEach(() => {
  setCompanyTimeZone('Europe/Warsaw');
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the company clock', () => {
  it('shows moments on the company clock, whatever the zone of the device', () => {
    // 17:48 UTC on 3 December: 18:48 in Warsaw; already the 4th in Tokyo.
    expect(formatDateTime('2026-12-03T17:48:35.309Z')).toBe('2026-12-03 18:48:35');
    expect(formatDateTime(Date.parse('2026-03-28T23:30:00Z'))).toBe('2026-03-29 00:30:00');
    expect(formatMomentDate('2026-03-28T23:30:00.000Z')).toBe('2026-03-29');
    setCompanyTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-12-03T17:48:35.309Z')).toBe('2026-12-04 02:48:35');
    expect(formatDateTime(null)).toBe('');
  });

  it('keeps the zone it has for a name this browser does not know', () => {
    setCompanyTimeZone('Mars/Olympus');
    expect(companyTimeZone()).toBe('Europe/Warsaw');
  });

  it("takes the server's zone: a new protocol's date is the company's today", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 12:30 UTC on 3 December is already 4 December on Kiritimati (UTC+14).
    vi.setSystemTime(new Date('2026-12-03T12:30:00Z'));
    fakeApi({ 'GET /api/reference-data': { body: { companyTimeZone: 'Pacific/Kiritimati' } } });
    expect(toFormValues().date).toBe('2026-12-03');
    const { result } = renderHook(() => useServerSettings(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(companyToday()).toBe('2026-12-04');
    expect(toFormValues().date).toBe('2026-12-04');
    expect(localStorage.getItem('serwis:company-time-zone')).toBe('Pacific/Kiritimati');
  });

  it('settles with the zone it had when the server cannot be asked', async () => {
    setCompanyTimeZone('America/New_York');
    fakeApi({ 'GET /api/reference-data': { network: true } });
    const { result } = renderHook(() => useServerSettings(), { wrapper });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(companyTimeZone()).toBe('America/New_York');
  });
});
