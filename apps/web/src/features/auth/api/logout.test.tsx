import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { JAN_USER, fakeApi } from '../../../../test/fake-api';
import * as loadAfreshModule from '../../../lib/load-afresh';
import { isLogoutPending, lastKnownUser, rememberUser } from '../../../lib/offline-session';
import { createQueryClient } from '../../../lib/query-client';
import { logout } from './logout';
import { useSession } from './session';

function sessionOnThisDevice() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useSession(), { wrapper }).result;
}

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('logging out on a tablet without the network', () => {
  it('ends the session the server still keeps at the next start, instead of signing the device in again', async () => {
    vi.spyOn(loadAfreshModule, 'loadAfresh').mockImplementation(() => undefined);
    rememberUser(JAN_USER);
    fakeApi({ 'GET /logout': { network: true } });
    await logout();
    expect(lastKnownUser()).toBeNull();
    expect(isLogoutPending()).toBe(true);

    // Back online: the server's cookie would answer "signed in" (check-auth), but the logout goes first.
    const api = fakeApi({ 'GET /logout': { body: '' }, 'GET /api/user/check-auth': { body: JAN_USER } });
    const session = sessionOnThisDevice();
    await waitFor(() => expect(session.current.isSuccess).toBe(true));
    expect(session.current.data).toBeNull();
    expect(api.callsTo('GET', '/logout')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/user/check-auth')).toHaveLength(0);
    expect(isLogoutPending()).toBe(false);

    // The next check is the server's again.
    const later = sessionOnThisDevice();
    await waitFor(() => expect(later.current.data).toEqual(JAN_USER));
  });

  it('keeps nobody signed in while the server still cannot be reached, and forgets the logout once someone signs in', async () => {
    vi.spyOn(loadAfreshModule, 'loadAfresh').mockImplementation(() => undefined);
    fakeApi({ 'GET /logout': { network: true }, 'GET /api/user/check-auth': { body: JAN_USER } });
    await logout();
    const session = sessionOnThisDevice();
    await waitFor(() => expect(session.current.isSuccess).toBe(true));
    expect(session.current.data).toBeNull();
    expect(isLogoutPending()).toBe(true);

    // Signed in on the login screen (a new session): the pending logout was for the old one.
    rememberUser(JAN_USER);
    expect(isLogoutPending()).toBe(false);
  });

  it('ends the session at once when the server answers', async () => {
    vi.spyOn(loadAfreshModule, 'loadAfresh').mockImplementation(() => undefined);
    const api = fakeApi({ 'GET /logout': { body: '' } });
    await logout();
    expect(api.callsTo('GET', '/logout')).toHaveLength(1);
    expect(isLogoutPending()).toBe(false);
  });
});
