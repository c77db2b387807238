import { describe, expect, it } from 'vitest';
import { createUserAndLogin, useTestApp, XHR } from '../../../test/test-app.js';
import { basic } from '../../../test/accounts-helpers.js';

// Behind a reverse proxy that ends HTTPS (TRUST_PROXY), the proxy's X-Forwarded-Proto tells the
// server whether the browser's connection was secure.
const ctx = useTestApp({ TRUST_PROXY: 'true' });

const login = (email: string, password: string, proto?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/user/auth',
    headers: {
      ...XHR,
      authorization: basic(email, password),
      ...(proto ? { 'x-forwarded-proto': proto } : {}),
    },
  });

describe('the session cookie (domain.md "Accounts")', () => {
  it('is HttpOnly and SameSite=Lax always, and Secure only behind HTTPS', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    const cookieOf = async (proto?: string) => {
      const response = await login('jan@firma.pl', 'Tajne-haslo-1', proto);
      expect(response.statusCode).toBe(200);
      return response.cookies.find((c) => c.name === 'SESSION')!;
    };
    const overHttps = await cookieOf('https');
    expect(overHttps).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true });
    const overHttp = await cookieOf('http');
    expect(overHttp).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(overHttp.secure).toBeFalsy();
    expect((await cookieOf()).secure).toBeFalsy();
  });
});
