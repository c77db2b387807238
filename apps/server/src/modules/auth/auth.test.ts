import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, SHOWN_USER_HEADER } from '@serwis/domain';
import { XHR, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import {
  auditEntries,
  basic,
  sessionCookieOf,
  sessionRows,
  tokenDigest,
  tryLogin,
  whoIs,
} from '../../../test/accounts-helpers.js';
import { users } from '../users/users.table.js';
import { findSession } from './sessions.repository.js';
import { sessions } from './sessions.table.js';

const ctx = useTestApp();

describe('login with HTTP Basic', () => {
  it('answers the session user and starts a server-side session', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    await ctx.database.db.update(users).set({ vacationDays: 12 }).where(eq(users.id, jan.id));

    const response = await tryLogin(ctx, 'jan@firma.pl', 'Tajne-haslo-1');

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: jan.id,
      userName: 'Serwisant',
      email: 'jan@firma.pl',
      firstName: 'Jan',
      lastName: 'Kowalski',
      vacationDays: 12,
      roles: [{ id: 2, role: 'USER' }],
      isAdmin: false,
    });
    const cookie = response.cookies.find((c) => c.name === 'SESSION');
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.sameSite).toBe('Lax');
    expect(cookie!.path).toBe('/');
    // Two logins (the helper's and this one), each with its own row holding only the token's digest.
    const rows = await sessionRows(ctx);
    expect(rows).toHaveLength(2);
    expect(rows.map((r) => r.id)).not.toContain(cookie!.value);
    expect(rows.map((r) => r.id)).toContain(tokenDigest(cookie!.value));
    expect(rows.every((r) => r.userId === jan.id && r.expiresAt > new Date())).toBe(true);
  });

  it('marks an administrator with isAdmin and the ADMIN role (id 1)', async () => {
    await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl', password: 'Admin-haslo-1' });
    const response = await tryLogin(ctx, 'SZEF@firma.pl', 'Admin-haslo-1');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ roles: [{ id: 1, role: 'ADMIN' }], isAdmin: true });
  });

  it('accepts a password with Polish letters and a colon', async () => {
    await createUserAndLogin(ctx, { email: 'ola@firma.pl', password: 'Zażółć:gęślą-1' });
    const response = await tryLogin(ctx, 'ola@firma.pl', 'Zażółć:gęślą-1');
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a wrong password', 'jan@firma.pl', 'zle-haslo-123'],
    ['an unknown e-mail', 'nikt@firma.pl', 'Tajne-haslo-1'],
  ])('refuses %s with 401 and the spec message', async (_case, email, password) => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    const before = (await sessionRows(ctx)).length;
    const response = await tryLogin(ctx, email, password);
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MSG.loginFailed);
    expect(sessionCookieOf(response)).toBeUndefined();
    expect(await sessionRows(ctx)).toHaveLength(before);
  });

  it('refuses an inactive employee even with the right password', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, jan.id));
    const response = await tryLogin(ctx, 'jan@firma.pl', 'Tajne-haslo-1');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(MSG.loginFailed);
    // The session opened while still active is no longer honoured either.
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    // The log names the switched-off account, for the administrator (the answer does not).
    const entries = await auditEntries(ctx);
    expect(entries.at(-1)).toMatchObject({
      arg0: 'jan@firma.pl',
      arg1: `user:${jan.id}`,
      formattedMessage: 'jan@firma.pl: nieudana próba logowania na wyłączone konto',
    });
  });

  it('sends the Basic challenge only to clients without the XHR marker', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    const fromBrowser = await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo-123');
    expect(fromBrowser.statusCode).toBe(401);
    expect(fromBrowser.headers['www-authenticate']).toBeUndefined();

    const fromScript = await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo-123', { xhr: false });
    expect(fromScript.statusCode).toBe(401);
    expect(fromScript.headers['www-authenticate']).toMatch(/^Basic realm="Serwis"/);
    expect(fromScript.json().message).toBe(MSG.loginFailed);

    const noCredentials = await ctx.app.inject({ method: 'GET', url: '/api/user/auth' });
    expect(noCredentials.statusCode).toBe(401);
    expect(noCredentials.headers['www-authenticate']).toMatch(/^Basic /);
    const noCredentialsXhr = await ctx.app.inject({ method: 'GET', url: '/api/user/auth', headers: XHR });
    expect(noCredentialsXhr.statusCode).toBe(401);
    expect(noCredentialsXhr.headers['www-authenticate']).toBeUndefined();
  });

  it.each([
    ['not base64', 'Basic ***not-base64***'],
    ['no colon', `Basic ${Buffer.from('jan@firma.pl').toString('base64')}`],
    ['an empty e-mail', `Basic ${Buffer.from(':haslo').toString('base64')}`],
    ['10,000 characters', `Basic ${'A'.repeat(10_000)}`],
    ['10,000 characters of e-mail', basic(`${'a'.repeat(10_000)}@firma.pl`, 'haslo')],
    ['another scheme', 'Bearer abc.def.ghi'],
    ['only the scheme', 'Basic'],
  ])('answers 400 with a Polish message for a header with %s', async (_case, authorization) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: { ...XHR, authorization },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.badBasicHeader);
  });

  it('writes audit entries for a login and a failed login', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo-123');
    await tryLogin(ctx, 'obcy@firma.pl', 'cokolwiek-1');
    const entries = await auditEntries(ctx);
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({ arg0: 'jan@firma.pl', arg1: `user:${jan.id}` });
    expect(entries[0].formattedMessage).toMatch(/zalogowanie/);
    expect(entries[1]).toMatchObject({ arg0: 'jan@firma.pl', arg1: `user:${jan.id}` });
    expect(entries[1].formattedMessage).toMatch(/nieudana próba logowania/);
    // A login naming nobody is not written as typed (it may be a password typed in the wrong field).
    expect(entries[2]).toMatchObject({
      arg0: null,
      arg1: null,
      formattedMessage: 'System: nieudana próba logowania na nieistniejące konto',
    });
    expect(entries.every((e) => e.timestmp > Date.now() - 3_600_000)).toBe(true);
  });

  it('replaces the session the browser already had when someone logs in again', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Tajne-haslo-1' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: { ...XHR, cookie: jan.cookie, authorization: basic('jan@firma.pl', 'Tajne-haslo-1') },
    });
    expect(response.statusCode).toBe(200);
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect(await whoIs(ctx, sessionCookieOf(response)!)).toBe('jan@firma.pl');
    expect(await sessionRows(ctx)).toHaveLength(1);
  });
});

describe('session check', () => {
  it('check-auth answers the user with the cookie and 401 without it', async () => {
    const anna = await createUserAndLogin(ctx, { admin: true, email: 'anna@firma.pl' });
    const withCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/check-auth',
      headers: { cookie: anna.cookie },
    });
    expect(withCookie.statusCode).toBe(200);
    expect(withCookie.json()).toMatchObject({
      email: 'anna@firma.pl',
      firstName: 'Anna',
      lastName: 'Nowak',
      userName: 'Kierownik',
      vacationDays: 0,
      roles: [{ role: 'ADMIN' }],
      isAdmin: true,
    });
    const without = await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth' });
    expect(without.statusCode).toBe(401);
    expect(without.json().message).toBe(MSG.sessionRequired);
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/check-auth',
      headers: { cookie: 'SESSION=made-up-token' },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('GET /api/user/auth without Basic but with a session answers the user', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/auth',
      headers: { ...XHR, cookie: jan.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: jan.id, email: 'jan@firma.pl', isAdmin: false });
    expect(await sessionRows(ctx)).toHaveLength(1);
  });

  it("reads a request's user without the password's hash or the account's bookkeeping", async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const token = jan.cookie.slice('SESSION='.length);
    expect(await findSession(ctx.database.db, token)).toEqual({
      id: jan.id,
      userName: 'Serwisant',
      email: 'jan@firma.pl',
      firstName: 'Jan',
      lastName: 'Kowalski',
      vacationDays: 0,
      roles: ['USER'],
      sessionCreatedAt: expect.any(Date),
      sessionExpiresAt: expect.any(Date),
    });
  });

  it('an expired session is refused', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await ctx.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect((await sessionRows(ctx))[0]!.expiresAt.getTime()).toBeLessThan(Date.now());
  });

  describe('a session lasts SESSION_DAYS (7) from its last use, at most 30 days from its login', () => {
    const DAY = 24 * 3600 * 1000;
    const loggedIn = async (daysAgo: number, endsInMs: number) => {
      const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
      const now = Date.now();
      await ctx.database.db
        .update(sessions)
        .set({ createdAt: new Date(now - daysAgo * DAY), expiresAt: new Date(now + endsInMs) });
      return jan;
    };
    const use = (cookie: string) =>
      ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: { cookie } });
    const storedEnd = async () => (await sessionRows(ctx))[0]!.expiresAt.getTime();

    it('a session used three days after its login ends seven days after that use, in the table and the cookie', async () => {
      const jan = await loggedIn(3, 4 * DAY);
      const response = await use(jan.cookie);
      expect(response.statusCode).toBe(200);
      expect((await storedEnd()) - Date.now()).toBeGreaterThan(7 * DAY - 60_000);
      const cookie = response.cookies.find((c) => c.name === 'SESSION')!;
      expect(cookie.value).toBe(jan.cookie.slice('SESSION='.length));
      expect(cookie.maxAge).toBeGreaterThan(7 * 24 * 3600 - 60);
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    });

    it('is moved at most once a day: a use within a day of the last move writes nothing', async () => {
      const jan = await loggedIn(0, 7 * DAY - 3600_000);
      const before = await storedEnd();
      const response = await use(jan.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === 'SESSION')).toBeUndefined();
      expect(await storedEnd()).toBe(before);
    });

    it('is not moved past 30 days from its login, and ends there however often it is used', async () => {
      const jan = await loggedIn(25, 2 * 3600_000);
      expect((await use(jan.cookie)).statusCode).toBe(200);
      const limit = (await sessionRows(ctx))[0]!.createdAt.getTime() + 30 * DAY;
      expect(await storedEnd()).toBe(limit);
      await ctx.database.db.update(sessions).set({ createdAt: new Date(Date.now() - 30 * DAY + 3600_000) });
      const atLimit = await storedEnd();
      expect((await use(jan.cookie)).statusCode).toBe(200);
      expect(await storedEnd()).toBe(atLimit);
    });

    it('a call refused as another account’s does not move the session', async () => {
      const jan = await loggedIn(3, 4 * DAY);
      const before = await storedEnd();
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/check-auth',
        headers: { cookie: jan.cookie, [SHOWN_USER_HEADER]: String(jan.id + 1000) },
      });
      expect(response.statusCode).toBe(401);
      expect(response.cookies.find((c) => c.name === 'SESSION')).toBeUndefined();
      expect(await storedEnd()).toBe(before);
    });

    it('a logout that would have moved the session ends it and clears the cookie', async () => {
      const jan = await loggedIn(3, 4 * DAY);
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/logout',
        headers: { cookie: jan.cookie },
      });
      expect(response.statusCode).toBe(302);
      const cookies = response.cookies.filter((c) => c.name === 'SESSION');
      expect(cookies.at(-1)!.value).toBe('');
      expect(await sessionRows(ctx)).toHaveLength(0);
    });

    it('a session not used for seven days has ended, and a use does not bring it back', async () => {
      const jan = await loggedIn(8, -3600_000);
      expect(await whoIs(ctx, jan.cookie)).toBe(401);
      expect(await storedEnd()).toBeLessThan(Date.now());
    });
  });
});

describe('logout', () => {
  it('ends the session, clears the cookie, redirects to / and writes an audit entry', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const other = await createUserAndLogin(ctx, { email: 'ewa@firma.pl' });
    const response = await ctx.app.inject({ method: 'GET', url: '/logout', headers: { cookie: jan.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    const cleared = response.cookies.find((c) => c.name === 'SESSION');
    expect(cleared).toBeDefined();
    expect(cleared!.value).toBe('');
    expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());

    const rows = await sessionRows(ctx);
    expect(rows).toHaveLength(1);
    expect(rows[0].userId).toBe(other.id);
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect(await whoIs(ctx, other.cookie)).toBe('ewa@firma.pl');

    const last = (await auditEntries(ctx)).at(-1)!;
    expect(last).toMatchObject({ arg0: 'jan@firma.pl', arg1: `user:${jan.id}` });
    expect(last.formattedMessage).toMatch(/wylogowanie/);
  });

  it('without a session still redirects and clears the cookie, writing nothing', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/logout' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/');
    expect(await auditEntries(ctx)).toHaveLength(0);
  });
});
