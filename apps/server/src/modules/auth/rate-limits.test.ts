import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@serwis/domain';
import { buildApp } from '../../app.js';
import { XHR, as, createUserAndLogin, login, useTestApp, type TestUser } from '../../../test/test-app.js';
import { tryLogin } from '../../../test/accounts-helpers.js';
import { rateLimits } from './rate-limits.table.js';

const ctx = useTestApp();

const LOGIN_PER_EMAIL = 10;
const LOGIN_PER_IP = 50;
const RESET_PER_EMAIL = 3;
const RESET_PER_IP = 20;

function reset(email: string, remoteAddress?: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/resetPassword',
    remoteAddress,
    headers: XHR,
    payload: { recipients: [email] },
  });
}

async function expectLimited(response: Awaited<ReturnType<typeof reset>>) {
  expect(response.statusCode).toBe(429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(3600);
  // The message says how long: "za 15 min." for a login, up to "za 60 min." for a reset.
  expect(response.json().message).toBe(MSG.tooManyAttemptsFor(retryAfter));
  expect(response.json().message).toMatch(/^Zbyt wiele prób\. Spróbuj ponownie za ([1-9]|[1-5]\d|60) min\.$/);
}

describe('login limits', () => {
  it('per e-mail: after the limit even the right password gets 429, another e-mail still works', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    await createUserAndLogin(ctx, { email: 'ewa@firma.pl', password: 'Haslo-ewy-12' });
    // createUserAndLogin's logins succeeded and are not counted; the case of the e-mail makes no difference.
    for (let i = 0; i < LOGIN_PER_EMAIL; i++) {
      const response = await tryLogin(ctx, i % 2 ? 'JAN@firma.pl' : 'jan@firma.pl', 'zle-haslo');
      expect(response.statusCode).toBe(401);
    }
    await expectLimited(await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1'));
    expect((await tryLogin(ctx, 'ewa@firma.pl', 'Haslo-ewy-12')).statusCode).toBe(200);

    const rows = await ctx.database.db.select().from(rateLimits);
    expect(rows.find((r) => r.key.endsWith('login-email:jan@firma.pl'))?.count).toBe(LOGIN_PER_EMAIL + 1);
  });

  it('logins that succeed are not counted: a user logging in again and again is never stopped', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    for (let i = 0; i < LOGIN_PER_EMAIL + 5; i++) {
      expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
    }
    // A failure still counts, and only failures bring the limit.
    for (let i = 0; i < LOGIN_PER_EMAIL - 1; i++) {
      expect((await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo')).statusCode).toBe(401);
    }
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo')).statusCode).toBe(401);
    await expectLimited(await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1'));
  });

  it('per address: an office logging in many times from one address is not stopped', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    await createUserAndLogin(ctx, { email: 'ewa@firma.pl', password: 'Haslo-ewy-12' });
    for (let i = 0; i < LOGIN_PER_IP + 5; i++) {
      const [email, password] = i % 2 ? ['jan@firma.pl', 'Haslo-jana-1'] : ['ewa@firma.pl', 'Haslo-ewy-12'];
      expect((await tryLogin(ctx, email, password, { remoteAddress: '10.5.5.5' })).statusCode).toBe(200);
    }
    const rows = await ctx.database.db.select().from(rateLimits);
    expect(rows.find((r) => r.key.endsWith('login-ip:10.5.5.5'))?.count).toBe(0);
  });

  it('per e-mail: the counter starts again once its window has passed', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    for (let i = 1; i <= LOGIN_PER_EMAIL; i++) await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo');
    await expectLimited(await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1'));
    await ctx.database.db.update(rateLimits).set({ windowStart: sql`now() - interval '16 minutes'` });
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
  });

  it('forgets counters whose window ended long ago, once a new one comes; a recent one stays', async () => {
    await ctx.database.db.insert(rateLimits).values([
      {
        key: 'global|login-email:dawno@firma.pl',
        windowStart: new Date(Date.now() - 2 * 86_400_000),
        count: 7,
      },
      {
        key: 'global|login-email:niedawno@firma.pl',
        windowStart: new Date(Date.now() - 3_600_000),
        count: 4,
      },
    ]);
    expect((await tryLogin(ctx, 'nowy@firma.pl', 'zle-haslo')).statusCode).toBe(401);
    await vi.waitFor(async () => {
      const keys = (await ctx.database.db.select().from(rateLimits)).map((row) => row.key);
      expect(keys).not.toContain('global|login-email:dawno@firma.pl');
      expect(keys).toContain('global|login-email:niedawno@firma.pl');
      expect(keys).toContain('global|login-email:nowy@firma.pl');
    });
  });

  it('per address: one address is stopped across e-mails, another address is not', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    for (let i = 0; i < LOGIN_PER_IP; i++) {
      const response = await tryLogin(ctx, `zgadywany${i}@firma.pl`, 'haslo', { remoteAddress: '10.1.1.1' });
      expect(response.statusCode).toBe(401);
    }
    await expectLimited(await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1', { remoteAddress: '10.1.1.1' }));
    const elsewhere = await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1', { remoteAddress: '10.2.2.2' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('reading the session through /api/user/auth is not a login attempt', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    for (let i = 0; i < LOGIN_PER_EMAIL + 2; i++) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/user/auth',
        headers: { ...XHR, cookie: jan.cookie },
      });
      expect(response.statusCode).toBe(200);
    }
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
  });

  it('counts in PostgreSQL, so a second server process sees the same counters', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    for (let i = 1; i <= LOGIN_PER_EMAIL; i++) await tryLogin(ctx, 'jan@firma.pl', 'zle-haslo');
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      mailer: ctx.mailer,
      logger: false,
    });
    try {
      const response = await second.inject({
        method: 'GET',
        url: '/api/user/auth',
        headers: {
          ...XHR,
          authorization: `Basic ${Buffer.from('jan@firma.pl:Haslo-jana-1').toString('base64')}`,
        },
      });
      expect(response.statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });
});

describe('password reset limits', () => {
  it('per e-mail: the fourth reset within the hour is refused and sends nothing', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await createUserAndLogin(ctx, { email: 'ewa@firma.pl' });
    for (let i = 0; i < RESET_PER_EMAIL; i++) expect((await reset('jan@firma.pl')).statusCode).toBe(200);
    await expectLimited(await reset(' JAN@firma.pl '));
    expect(ctx.mailer.sent).toHaveLength(RESET_PER_EMAIL);
    expect((await reset('ewa@firma.pl')).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(RESET_PER_EMAIL + 1);
  });

  it('a reset whose mail could not be sent is not counted: "try again in a moment" works', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('Invalid login: 535 Authentication failed');
    };
    try {
      for (let i = 0; i < RESET_PER_EMAIL + 1; i++) {
        const failed = await reset('jan@firma.pl', '10.5.5.5');
        expect(failed.statusCode).toBe(503);
        expect(failed.json().message).toBe(MSG.mailFailed);
      }
    } finally {
      ctx.mailer.send = send;
    }
    expect((await reset('jan@firma.pl', '10.5.5.5')).statusCode).toBe(200);
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it('per address: many e-mails from one address are stopped, another address is not', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    for (let i = 0; i < RESET_PER_IP; i++) {
      expect((await reset(`ktos${i}@firma.pl`, '10.3.3.3')).statusCode).toBe(404);
    }
    await expectLimited(await reset('jan@firma.pl', '10.3.3.3'));
    expect(ctx.mailer.sent).toHaveLength(0);
    expect((await reset('jan@firma.pl', '10.4.4.4')).statusCode).toBe(200);
  });
});

describe('changing one’s own password', () => {
  const change = (user: TestUser, oldPassword: string, newPassword = 'Nowe-haslo-123') =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/setNewPassword',
      headers: as(user),
      payload: { oldPassword, newPassword },
    });

  it('per employee: a session guessing the current password is stopped, another employee is not', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    const ewa = await createUserAndLogin(ctx, { email: 'ewa@firma.pl', password: 'Haslo-ewy-12' });
    for (let i = 0; i < LOGIN_PER_EMAIL; i++) {
      expect((await change(jan, `zgadywane-${i}`)).statusCode).toBe(400);
    }
    await expectLimited(await change(jan, 'Haslo-jana-1'));
    // The password stayed; the guesses were the session's, not a login's.
    expect(await login(ctx.app, 'jan@firma.pl', 'Haslo-jana-1')).toBeTruthy();
    expect((await change(ewa, 'Haslo-ewy-12')).statusCode).toBe(200);
  });

  it('a change that went through is not counted', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    const passwords = Array.from({ length: LOGIN_PER_EMAIL + 2 }, (_, i) => `Haslo-jana-${i + 2}`);
    let current = 'Haslo-jana-1';
    for (const next of passwords) {
      expect((await change(jan, current, next)).statusCode).toBe(200);
      current = next;
    }
    for (let i = 0; i < LOGIN_PER_EMAIL - 1; i++) expect((await change(jan, 'zle')).statusCode).toBe(400);
    expect((await change(jan, current, 'Ostatnie-haslo-1')).statusCode).toBe(200);
  });
});
