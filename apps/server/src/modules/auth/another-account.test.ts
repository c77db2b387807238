import { describe, expect, it } from 'vitest';
import { MSG, SHOWN_USER_HEADER } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';

const ctx = useTestApp();

describe('a tab that shows another employee than the session (X-Serwis-User)', () => {
  it("refuses the tab's calls with 401 once the session is another account's, and nothing is saved", async () => {
    const anna = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx);
    // The browser's cookie is now Jan's (he logged in in another tab); this tab still shows Anna.
    const fromAnnasTab = { ...as(jan), [SHOWN_USER_HEADER]: String(anna.id) };
    const save = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/insert',
      headers: fromAnnasTab,
      payload: { shortName: 'Metalex' },
    });
    expect(save.statusCode).toBe(401);
    expect(save.json()).toMatchObject({ message: MSG.sessionOfAnotherAccount, code: 'ANOTHER_ACCOUNT' });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: fromAnnasTab });
    expect(read.statusCode).toBe(401);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/customer/findAll', headers: as(jan) });
    expect(list.json()).toEqual([]);
  });

  it("answers a tab that shows the session's own employee, and calls without the header, as before", async () => {
    const jan = await createUserAndLogin(ctx);
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/check-auth',
      headers: { ...as(jan), [SHOWN_USER_HEADER]: String(jan.id) },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().id).toBe(jan.id);
    const without = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: as(jan) });
    expect(without.statusCode).toBe(200);
    // Not a number: not a name of anyone, ignored.
    const odd = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/check-auth',
      headers: { ...as(jan), [SHOWN_USER_HEADER]: 'anna' },
    });
    expect(odd.statusCode).toBe(200);
  });

  it('lets the login itself through whatever the tab showed', async () => {
    const anna = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx, { email: 'jan.k@firma.pl', password: 'Haslo-123456' });
    const login = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: {
        ...as(anna),
        [SHOWN_USER_HEADER]: String(anna.id),
        authorization: `Basic ${Buffer.from('jan.k@firma.pl:Haslo-123456').toString('base64')}`,
      },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().id).toBe(jan.id);
  });
});
