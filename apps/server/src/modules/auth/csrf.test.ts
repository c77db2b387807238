import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { auditEntries, sessionRows, whoIs } from '../../../test/accounts-helpers.js';
import { findUserByEmail, listUsers } from '../users/users.repository.js';

const ctx = useTestApp();

const employee = {
  userName: 'Serwisant',
  firstName: 'Ewa',
  lastName: 'Lis',
  email: 'ewa@firma.pl',
  password: 'Haslo-ewy-123',
  roles: [{ id: 2, role: 'USER' }],
};

describe('CSRF guard: state-changing calls need X-Requested-With', () => {
  it('refuses every writing call without the header, even with an admin session, and changes nothing', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    const cookie = admin.cookie;
    const calls = [
      { method: 'POST', url: '/api/user/insert', payload: employee },
      {
        method: 'PUT',
        url: '/api/user/update',
        payload: { ...employee, id: jan.id, email: 'jan@firma.pl', active: false },
      },
      { method: 'DELETE', url: `/api/user/delete/${jan.id}` },
      { method: 'POST', url: '/api/user/resetPassword', payload: { recipients: ['jan@firma.pl'] } },
      {
        method: 'PATCH',
        url: '/api/user/setNewPassword',
        payload: { oldPassword: admin.password, newPassword: 'Nowe-haslo-123' },
      },
      // Percent-encoded paths reach the same routes and must meet the same guard.
      { method: 'DELETE', url: `/%61pi/user/delete/${jan.id}` },
      { method: 'POST', url: '/%61pi/user/insert', payload: employee },
    ] as const;
    const usersBefore = await listUsers(ctx.database.db);
    const logsBefore = (await auditEntries(ctx)).length;

    for (const call of calls) {
      const response = await ctx.app.inject({ ...call, headers: { cookie } });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().message).toBe(MSG.csrfMissing);
      // A same-looking header with another value is no better.
      const wrong = await ctx.app.inject({
        ...call,
        headers: { cookie, 'x-requested-with': 'fetch' },
      });
      expect(wrong.statusCode, `${call.method} ${call.url} (wrong value)`).toBe(403);
    }

    expect(await listUsers(ctx.database.db)).toEqual(usersBefore);
    expect(await findUserByEmail(ctx.database.db, 'ewa@firma.pl')).toBeUndefined();
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
    expect(ctx.mailer.sent).toHaveLength(0);
    expect(await sessionRows(ctx)).toHaveLength(2);
    expect(await whoIs(ctx, jan.cookie)).toBe('jan@firma.pl');
    expect(await whoIs(ctx, admin.cookie)).toBe('szef@firma.pl');
  });

  it('lets reading calls through without the header', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/findAllFlatRoles',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('a percent-encoded path is no way around the session check', async () => {
    for (const url of ['/%61pi/user/findAllFlatRoles', '/%61pi/user/check-auth', '/%61pi/log/findAll']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json().message).toBe(MSG.sessionRequired);
    }
  });

  it('an unknown API path asks for a session first, then answers 404', async () => {
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/nie-ma-takiej' });
    expect(anonymous.statusCode).toBe(401);
    const jan = await createUserAndLogin(ctx);
    const known = await ctx.app.inject({
      method: 'GET',
      url: '/api/nie-ma-takiej',
      headers: { cookie: jan.cookie },
    });
    expect(known.statusCode).toBe(404);
    expect(known.json().message).toBe(MSG.notFound);
  });
});
