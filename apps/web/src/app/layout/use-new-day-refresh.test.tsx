import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { NEW_DAY_CHECK_MS, useNewDayRefresh } from './use-new-day-refresh';

afterEach(() => {
  vi.useRealTimers();
});

describe('a tab left open overnight', () => {
  it("asks again for what is on screen once the company's day has changed, not before", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // 23:58 in Warsaw (UTC+1 in December).
    vi.setSystemTime(new Date('2026-12-06T22:58:00Z'));
    const client = createQueryClient();
    let loads = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['dashboard'],
      queryFn: async () => ++loads,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    renderHook(() => useNewDayRefresh(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });

    await act(async () => vi.advanceTimersByTime(NEW_DAY_CHECK_MS));
    expect(loads).toBe(1);
    // 00:00:30 of the next day: the next check asks again.
    await act(async () => vi.advanceTimersByTime(NEW_DAY_CHECK_MS));
    await vi.waitFor(() => expect(loads).toBe(2));
    // Once a day, not every minute after.
    await act(async () => vi.advanceTimersByTime(5 * NEW_DAY_CHECK_MS));
    expect(loads).toBe(2);
    unsubscribe();
  });

  it('asks again when a tab shown after sleeping through midnight comes back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-06T22:00:00Z'));
    const client = createQueryClient();
    let loads = 0;
    const observer = new QueryObserver(client, { queryKey: ['todos'], queryFn: async () => ++loads });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toBe(1));
    renderHook(() => useNewDayRefresh(), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      ),
    });
    vi.setSystemTime(new Date('2026-12-07T06:30:00Z'));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await vi.waitFor(() => expect(loads).toBe(2));
    unsubscribe();
  });
});
