import { describe, expect, it } from 'vitest';
import { useTestApp, XHR } from '../../../test/test-app.js';
import { basic } from '../../../test/accounts-helpers.js';
import { loadConfig } from '../../config.js';

// Behind one reverse proxy (TRUST_PROXY=true) that appends the address it saw to X-Forwarded-For,
// as nginx's $proxy_add_x_forwarded_for does: whatever the client wrote before it is not its address.
const ctx = useTestApp({ TRUST_PROXY: 'true', LOGIN_LIMIT_PER_IP: '3', LOGIN_LIMIT_PER_ACCOUNT: '100' });

const PROXY = '127.0.0.1';

const throughProxy = (client: string, forged?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/user/auth',
    remoteAddress: PROXY,
    headers: {
      ...XHR,
      authorization: basic(`zgadywany@firma.pl`, 'zle-haslo'),
      'x-forwarded-for': forged ? `${forged}, ${client}` : client,
    },
  });

describe('behind a reverse proxy', () => {
  it('counts the login attempts of the address the proxy saw, whatever the client adds before it', async () => {
    for (let i = 0; i < 3; i++)
      expect((await throughProxy('203.0.113.7', `198.51.100.${i}`)).statusCode).toBe(401);
    expect((await throughProxy('203.0.113.7', '198.51.100.99')).statusCode).toBe(429);
    expect((await throughProxy('203.0.113.7')).statusCode).toBe(429);
    // Another client behind the same proxy is not stopped with it.
    expect((await throughProxy('203.0.113.8')).statusCode).toBe(401);
  });

  it('reads TRUST_PROXY as a number of proxies: true is one, false and unset none', () => {
    const hops = (value?: string) => loadConfig({ TRUST_PROXY: value }).TRUST_PROXY;
    expect([hops('true'), hops('2'), hops('false'), hops(''), hops(undefined)]).toEqual([1, 2, 0, 0, 0]);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY musi być true, false albo liczbą/);
  });
});
