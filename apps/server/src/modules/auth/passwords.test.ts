import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { XHR, as, createUserAndLogin, login, useTestApp } from '../../../test/test-app.js';
import { auditEntries, sessionRows, tryLogin, whoIs } from '../../../test/accounts-helpers.js';
import { users } from '../users/users.table.js';

const ctx = useTestApp();

function reset(payload: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/user/resetPassword',
    headers: XHR,
    payload: payload as object,
  });
}

const passwordIn = (text: string) => /^Hasło: (\S+)$/m.exec(text)?.[1];

describe('POST /api/user/resetPassword', () => {
  it('answers 404 with the spec message for an unknown e-mail and sends nothing', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const response = await reset({ recipients: ['nikt@firma.pl'] });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MSG.resetUnknownEmail);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it.each([
    ['a text that is no e-mail', { recipients: ['to-nie-jest-email'] }],
    ['an empty e-mail', { recipients: [''] }],
    ['no recipients', { recipients: [] }],
    ['a missing list', {}],
    ['a string instead of a list', { recipients: 'jan@firma.pl' }],
    ['a number', { recipients: [42] }],
  ])('answers 400 "Nieprawidłowy adres email" for %s', async (_case, payload) => {
    const response = await reset(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.invalidEmail);
  });

  it('answers 400 with a Polish message for a 10,000-character e-mail', async () => {
    const response = await reset({ recipients: [`${'a'.repeat(10_000)}@firma.pl`] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/Tekst może mieć najwyżej 254 znaków|Nieprawidłowy adres email/);
  });

  it('mails a new password that works, retires the old one and ends open sessions', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    const other = await createUserAndLogin(ctx, { email: 'ewa@firma.pl' });

    const response = await reset({ recipients: ['  Jan@Firma.pl '] });

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.resetSent);
    expect(ctx.mailer.sent).toHaveLength(1);
    const [mail] = ctx.mailer.sent;
    expect(mail.to).toBe('jan@firma.pl');
    expect(mail.subject).toMatch(/hasło/);
    const password = passwordIn(mail.text);
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(12);

    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect(await whoIs(ctx, other.cookie)).toBe('ewa@firma.pl');
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Stare-haslo-1')).statusCode).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', password!)).statusCode).toBe(200);

    const entry = (await auditEntries(ctx)).find((e) => /reset hasła/.test(e.formattedMessage));
    expect(entry).toMatchObject({ arg1: `user:${jan.id}` });
    expect(entry!.formattedMessage).toContain('jan@firma.pl');
  });

  it('two resets give two different passwords; only the last one works', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await reset({ recipients: ['jan@firma.pl'] });
    await reset({ recipients: ['jan@firma.pl'] });
    const [first, second] = ctx.mailer.sent.map((m) => passwordIn(m.text)!);
    expect(first).not.toBe(second);
    expect((await tryLogin(ctx, 'jan@firma.pl', first)).statusCode).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', second)).statusCode).toBe(200);
  });

  it('treats an inactive employee as unknown', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, jan.id));
    const response = await reset({ recipients: ['jan@firma.pl'] });
    expect(response.statusCode).toBe(404);
    expect(ctx.mailer.sent).toHaveLength(0);
  });

  it('keeps the old password when the mail cannot be sent', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    const logsBefore = (await auditEntries(ctx)).length;
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const response = await reset({ recipients: ['jan@firma.pl'] });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(MSG.mailFailed);
    } finally {
      ctx.mailer.send = send;
    }
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Stare-haslo-1')).statusCode).toBe(200);
    expect(await whoIs(ctx, jan.cookie)).toBe('jan@firma.pl');
    // Only the login just made was logged; the reset left no trace.
    expect((await auditEntries(ctx)).length).toBe(logsBefore + 1);
  });
});

describe('PATCH /api/user/setNewPassword', () => {
  function change(cookieOf: { cookie: string } | null, payload: unknown) {
    return ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/setNewPassword',
      headers: cookieOf ? { ...XHR, cookie: cookieOf.cookie } : XHR,
      payload: payload as object,
    });
  }

  it('needs a session', async () => {
    const response = await change(null, { oldPassword: 'x', newPassword: 'Nowe-haslo-1' });
    expect(response.statusCode).toBe(401);
  });

  it('refuses a wrong old password with "Błędne hasło." and keeps the password', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    const response = await change(jan, { oldPassword: 'zle-haslo-1', newPassword: 'Nowe-haslo-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.wrongOldPassword);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Stare-haslo-1')).statusCode).toBe(200);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    const response = await change(jan, { oldPassword: 'Stare-haslo-1', newPassword: 'krotkie' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.newPasswordTooShort);
  });

  it.each([
    ['no body fields', {}],
    ['a number as the new password', { oldPassword: 'Stare-haslo-1', newPassword: 12345678 }],
    ['a 10,000-character new password', { oldPassword: 'Stare-haslo-1', newPassword: 'x'.repeat(10_000) }],
    ['a 10,000-character old password', { oldPassword: 'x'.repeat(10_000), newPassword: 'Nowe-haslo-1' }],
  ])('answers 400 with a Polish message for %s', async (_case, payload) => {
    const jan = await createUserAndLogin(ctx, { password: 'Stare-haslo-1' });
    const response = await change(jan, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[ąćęłńóśźż]|Błędne|Nowe hasło|Tekst/);
  });

  it('refuses the same password as the current one', async () => {
    const jan = await createUserAndLogin(ctx, { password: 'Stare-haslo-1' });
    const response = await change(jan, { oldPassword: 'Stare-haslo-1', newPassword: 'Stare-haslo-1' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.newPasswordSameAsOld);
  });

  it('two changes sent at once with the same old password: one wins, the other is told the password is wrong', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    // Two tabs of one session (from two devices, the winner would also end the other's session,
    // and that one's answer could be 401 instead).
    const answers = await Promise.all([
      change(jan, { oldPassword: 'Stare-haslo-1', newPassword: 'Haslo-z-laptopa-1' }),
      change(jan, { oldPassword: 'Stare-haslo-1', newPassword: 'Haslo-z-telefonu-1' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json().message).toBe(MSG.wrongOldPassword);
    // The password of the change that was answered 200 is the one that works, and only it.
    const won = answers[0].statusCode === 200 ? 'Haslo-z-laptopa-1' : 'Haslo-z-telefonu-1';
    const lost = won === 'Haslo-z-laptopa-1' ? 'Haslo-z-telefonu-1' : 'Haslo-z-laptopa-1';
    expect((await tryLogin(ctx, 'jan@firma.pl', won)).statusCode).toBe(200);
    expect((await tryLogin(ctx, 'jan@firma.pl', lost)).statusCode).toBe(401);
  });

  it('changes the password: old fails, new works, other sessions end, this one goes on', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Stare-haslo-1' });
    const phone = { cookie: await login(ctx.app, 'jan@firma.pl', 'Stare-haslo-1') };
    const ewa = await createUserAndLogin(ctx, { email: 'ewa@firma.pl' });

    const response = await change(jan, { oldPassword: 'Stare-haslo-1', newPassword: 'Nowe-haslo-123' });

    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.passwordChanged);
    expect(await whoIs(ctx, jan.cookie)).toBe('jan@firma.pl');
    expect(await whoIs(ctx, phone.cookie)).toBe(401);
    expect(await whoIs(ctx, ewa.cookie)).toBe('ewa@firma.pl');
    const janSessions = (await sessionRows(ctx)).filter((s) => s.userId === jan.id);
    expect(janSessions).toHaveLength(1);

    expect((await tryLogin(ctx, 'jan@firma.pl', 'Stare-haslo-1')).statusCode).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Nowe-haslo-123')).statusCode).toBe(200);

    const entry = (await auditEntries(ctx)).find((e) => /zmiana własnego hasła/.test(e.formattedMessage));
    expect(entry).toMatchObject({ arg0: 'jan@firma.pl', arg1: `user:${jan.id}` });
    // The session still works for writing calls too.
    const again = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/user/setNewPassword',
      headers: as(jan),
      payload: { oldPassword: 'Nowe-haslo-123', newPassword: 'Trzecie-haslo-1' },
    });
    expect(again.statusCode).toBe(200);
  });
});
