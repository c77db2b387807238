import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EMPLOYEE_MSG, MSG } from '@serwis/domain';
import {
  as,
  createUserAndLogin,
  login,
  putOnVersion,
  useTestApp,
  type TestUser,
} from '../../../test/test-app.js';
import { auditEntries, tryLogin, whoIs } from '../../../test/accounts-helpers.js';
import { users } from './users.table.js';
import { findUserByEmail, findUserById } from './users.repository.js';

const ctx = useTestApp();

const fullEmployee = {
  userName: 'Serwisant terenowy',
  firstName: 'Ewa',
  lastName: 'Żółkiewska',
  email: 'ewa.zolkiewska@firma.pl',
  country: 'Polska',
  vacationDays: 26,
  active: true,
  password: 'Haslo-Ewy-2024',
  roles: [{ id: 1, role: 'ADMIN' }],
};

const insert = (user: TestUser, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/user/insert', headers: as(user), payload: payload as object });
const update = (user: TestUser, payload: unknown) =>
  ctx.app.inject({ method: 'PUT', url: '/api/user/update', headers: as(user), payload: payload as object });
/** An update made on the version saved at `base` (its updatedAt). */
const updateOn = (user: TestUser, base: string, payload: object) =>
  putOnVersion(ctx, user, '/api/user/update', base, payload);
const findById = (user: TestUser, id: number | string) =>
  ctx.app.inject({ method: 'GET', url: `/api/user/findById/${id}`, headers: as(user) });

describe('employees are for administrators only', () => {
  it('a USER gets 403 "Brak uprawnień do tej operacji." on every call, even with a bad body', async () => {
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const calls = [
      { method: 'GET', url: '/api/user/findAllFlatRoles' },
      { method: 'GET', url: `/api/user/findById/${jan.id}` },
      { method: 'POST', url: '/api/user/insert', payload: fullEmployee },
      { method: 'POST', url: '/api/user/insert', payload: { userName: 'x' } },
      { method: 'PUT', url: '/api/user/update', payload: { ...fullEmployee, id: jan.id } },
      { method: 'DELETE', url: `/api/user/delete/${jan.id}` },
      { method: 'DELETE', url: '/api/user/delete/abc' },
    ] as const;
    for (const call of calls) {
      const response = await ctx.app.inject({ ...call, headers: as(jan) });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(response.json().message).toBe(MSG.forbidden);
    }
    expect(await findUserByEmail(ctx.database.db, fullEmployee.email)).toBeUndefined();
    expect(await findUserById(ctx.database.db, jan.id)).toMatchObject({ roles: ['USER'] });
  });

  it('without a session the answer is 401', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/findAllFlatRoles' });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/user/insert', () => {
  it('creates an employee with every field and answers 201 with it', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await insert(admin, fullEmployee);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    const { password: _password, ...visible } = fullEmployee;
    expect(body).toEqual({ ...visible, id: expect.any(Number), updatedAt: expect.any(String) });
    expect(body).not.toHaveProperty('password');
    expect(body).not.toHaveProperty('passwordHash');

    const row = await findUserById(ctx.database.db, body.id);
    expect(row).toMatchObject({ ...visible, roles: ['ADMIN'] });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(fullEmployee.password);
    expect(ctx.mailer.sent).toHaveLength(0);
    expect((await tryLogin(ctx, fullEmployee.email, fullEmployee.password)).json()).toMatchObject({
      isAdmin: true,
      lastName: 'Żółkiewska',
    });

    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/findAllFlatRoles',
      headers: as(admin),
    });
    expect(list.json()).toEqual([expect.objectContaining({ id: admin.id }), body]);
    expect((await findById(admin, body.id)).json()).toEqual(body);
  });

  it('keeps one space of two typed in the position and the names', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await insert(admin, {
      ...fullEmployee,
      userName: 'Serwisant  terenowy',
      firstName: 'Anna\u00a0 Maria',
      lastName: 'Nowak  Kowalska ',
      country: 'Polska\t',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      userName: 'Serwisant terenowy',
      firstName: 'Anna Maria',
      lastName: 'Nowak Kowalska',
      country: 'Polska',
    });
  });

  it('without a password mails a generated one that logs in', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await insert(admin, { userName: 'Magazynier', email: 'Piotr@Firma.pl' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      email: 'piotr@firma.pl',
      active: true,
      vacationDays: 0,
      roles: [{ id: 2, role: 'USER' }],
      firstName: '',
      country: '',
    });
    expect(ctx.mailer.sent).toHaveLength(1);
    const [mail] = ctx.mailer.sent;
    expect(mail.to).toBe('piotr@firma.pl');
    const password = /^Hasło: (\S+)$/m.exec(mail.text)?.[1];
    expect(password).toBeDefined();
    expect((await tryLogin(ctx, 'piotr@firma.pl', password!)).statusCode).toBe(200);
    // The new employee is told where to log in.
    expect(mail.text).toContain(`Adres: ${ctx.config.publicBaseUrl}/login\n`);
    expect(mail.text).not.toContain('nie jest jeszcze aktywne');
  });

  it('tells a new account saved as not active that it will log in once switched on', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await insert(admin, { userName: 'Magazynier', email: 'ola@firma.pl', active: false });
    expect(response.statusCode).toBe(201);
    const [mail] = ctx.mailer.sent;
    const password = /^Hasło: (\S+)$/m.exec(mail.text)![1];
    expect(mail.text).toContain(
      `Hasło: ${password}\n\nKonto nie jest jeszcze aktywne: zalogujesz się, gdy administrator je włączy.\n`,
    );
    expect((await tryLogin(ctx, 'ola@firma.pl', password)).statusCode).toBe(401);
  });

  it.each([null, ''])('treats password %j like no password', async (password) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await insert(admin, { userName: 'Magazynier', email: 'piotr@firma.pl', password });
    expect(response.statusCode).toBe(201);
    expect(ctx.mailer.sent).toHaveLength(1);
  });

  it('names a short password as the field does: "Hasło" here, "Nowe hasło" on the edit', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const added = await insert(admin, { userName: 'Magazynier', email: 'ewa@firma.pl', password: '123' });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe('Hasło musi mieć co najmniej 8 znaków');
    const other = await createUserAndLogin(ctx);
    const edited = await update(admin, { id: other.id, userName: 'Magazynier', password: '123' });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().message).toBe('Nowe hasło musi mieć conajmniej 8 znaków');
  });

  it('refuses a duplicate e-mail in any letter case with 409 and the spec message', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const logsBefore = (await auditEntries(ctx)).length;
    for (const email of ['jan@firma.pl', 'JAN@Firma.PL', ' jan@firma.pl ']) {
      const response = await insert(admin, { ...fullEmployee, email });
      expect(response.statusCode, email).toBe(409);
      expect(response.json().message).toBe(MSG.employeeEmailExists);
    }
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
    expect(await ctx.database.db.select().from(users)).toHaveLength(2);
  });

  it.each(['ab', '  ab  ', '', null])(
    'refuses position %j with "Stanowisko musi mieć min 3 znaki."',
    async (userName) => {
      const admin = await createUserAndLogin(ctx, { admin: true });
      const response = await insert(admin, { ...fullEmployee, userName });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MSG.positionTooShort);
    },
  );

  it('a mail that cannot be sent leaves no account and no log entry', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const logsBefore = (await auditEntries(ctx)).length;
    const send = ctx.mailer.send;
    ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const response = await insert(admin, { userName: 'Magazynier', email: 'piotr@firma.pl' });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(MSG.mailFailed);
    } finally {
      ctx.mailer.send = send;
    }
    expect(await findUserByEmail(ctx.database.db, 'piotr@firma.pl')).toBeUndefined();
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
  });
});

describe('PUT /api/user/update', () => {
  async function withEmployee() {
    const admin = await createUserAndLogin(ctx, { admin: true, email: 'szef@firma.pl' });
    const jan = await createUserAndLogin(ctx, { email: 'jan@firma.pl', password: 'Haslo-jana-1' });
    const current = (await findById(admin, jan.id)).json();
    return { admin, jan, current };
  }

  it('saves the changed fields but never the e-mail', async () => {
    const { admin, jan, current } = await withEmployee();
    const response = await update(admin, {
      ...current,
      email: 'inny@firma.pl',
      userName: 'Kierownik serwisu',
      firstName: 'Janusz',
      country: 'Niemcy',
      vacationDays: 20,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: jan.id,
      email: 'jan@firma.pl',
      userName: 'Kierownik serwisu',
    });
    const row = await findUserById(ctx.database.db, jan.id);
    expect(row).toMatchObject({
      email: 'jan@firma.pl',
      firstName: 'Janusz',
      country: 'Niemcy',
      vacationDays: 20,
    });
    expect(await findUserByEmail(ctx.database.db, 'inny@firma.pl')).toBeUndefined();
    // Without a password field the old one still works.
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
  });

  it('refuses a save made on an older version (409 CHANGED_MEANWHILE): a role taken away is not given back', async () => {
    const { admin, jan, current } = await withEmployee();
    const other = await createUserAndLogin(ctx, { admin: true });
    // Both administrators opened Jan as an admin; the other takes the role away first.
    const made = await update(admin, { ...current, roles: [{ id: 1, role: 'ADMIN' }] });
    const opened = made.json();
    const revoked = await updateOn(other, opened.updatedAt, { ...opened, roles: [{ id: 2, role: 'USER' }] });
    expect(revoked.statusCode).toBe(200);
    const stale = await updateOn(admin, opened.updatedAt, { ...opened, vacationDays: 30 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', message: EMPLOYEE_MSG.changedMeanwhile });
    expect(await findUserById(ctx.database.db, jan.id)).toMatchObject({ roles: ['USER'], vacationDays: 0 });
    // Made again on the version saved meanwhile, it goes in.
    const theirs: { updatedAt: string } = revoked.json();
    const again = await updateOn(admin, theirs.updatedAt, { ...theirs, vacationDays: 30 });
    expect(again.statusCode).toBe(200);
    expect(await findUserById(ctx.database.db, jan.id)).toMatchObject({ roles: ['USER'], vacationDays: 30 });
  });

  it('keeps the account switch, the roles and the days that a call leaves out', async () => {
    const { admin, jan, current } = await withEmployee();
    await update(admin, { ...current, active: false, vacationDays: 26, roles: [{ id: 1, role: 'ADMIN' }] });
    const { id, userName, lastName, country } = current;
    const response = await update(admin, { id, userName, firstName: 'Janusz', lastName, country });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Janusz',
      active: false,
      vacationDays: 26,
      roles: [{ id: 1, role: 'ADMIN' }],
    });
    expect(await findUserById(ctx.database.db, jan.id)).toMatchObject({
      active: false,
      vacationDays: 26,
      roles: ['ADMIN'],
    });
    // Still switched off: the login stays refused.
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(401);
  });

  it('refuses a short position with "Stanowisko musi mieć min. 3 znaki."', async () => {
    const { admin, current } = await withEmployee();
    const response = await update(admin, { ...current, userName: 'ab' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.positionTooShortEdit);
  });

  it('answers 404 for an unknown employee', async () => {
    const { admin, current } = await withEmployee();
    const response = await update(admin, { ...current, id: 999_999 });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MSG.employeeNotFound);
  });

  it('round-trips the roles ADMIN (id 1) and USER (id 2)', async () => {
    const { admin, jan, current } = await withEmployee();
    const promoted = await update(admin, { ...current, roles: [{ id: 1, role: 'ADMIN' }] });
    expect(promoted.json().roles).toEqual([{ id: 1, role: 'ADMIN' }]);
    expect((await findById(admin, jan.id)).json().roles).toEqual([{ id: 1, role: 'ADMIN' }]);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/user/check-auth', headers: as(jan) })).json(),
    ).toMatchObject({
      isAdmin: true,
    });
    const demoted = await update(admin, { ...current, roles: [{ id: 2, role: 'USER' }] });
    expect(demoted.json().roles).toEqual([{ id: 2, role: 'USER' }]);
    expect((await findUserById(ctx.database.db, jan.id))!.roles).toEqual(['USER']);
  });

  it('making an employee inactive ends their sessions and blocks their login', async () => {
    const { admin, jan, current } = await withEmployee();
    const response = await update(admin, { ...current, active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json().active).toBe(false);
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(401);
    // And active again: the same password works.
    await update(admin, { ...current, active: true });
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(200);
  });

  it('a new password set by the admin replaces the old one and ends sessions', async () => {
    const { admin, jan, current } = await withEmployee();
    const response = await update(admin, { ...current, password: 'Nadane-haslo-1' });
    expect(response.statusCode).toBe(200);
    expect(await whoIs(ctx, jan.cookie)).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Haslo-jana-1')).statusCode).toBe(401);
    expect((await tryLogin(ctx, 'jan@firma.pl', 'Nadane-haslo-1')).statusCode).toBe(200);
  });

  it('the log names the employee and says what changed; a save that changed nothing is not logged', async () => {
    const { admin, jan, current } = await withEmployee();
    const entries = async () => (await auditEntries(ctx)).map((e) => e.formattedMessage);
    const lastEntry = async () => (await entries()).at(-1)!;
    const edit = (name: string) =>
      `Anna Nowak (szef@firma.pl): edycja pracownika ${name} (jan@firma.pl) (id ${jan.id})`;
    await update(admin, { ...current, firstName: 'Janusz', vacationDays: 5 });
    expect(await lastEntry()).toBe(`${edit('Jan Kowalski')}: imię: „Jan” → „Janusz”, dni urlopu: 0 → 5`);
    await update(admin, { ...current, password: 'Nadane-haslo-1' });
    expect(await lastEntry()).toBe(
      `${edit('Janusz Kowalski')}: nowe hasło, imię: „Janusz” → „Jan”, dni urlopu: 5 → 0`,
    );
    await update(admin, { ...current, active: false, password: 'Nadane-haslo-2' });
    expect(await lastEntry()).toBe(`${edit('Jan Kowalski')}: nowe hasło, konto wyłączone`);
    await update(admin, { ...current, active: true });
    expect(await lastEntry()).toBe(`${edit('Jan Kowalski')}: konto włączone`);
    // Who may administer: given and taken away, each said.
    await update(admin, { ...current, roles: [{ id: 1, role: 'ADMIN' }] });
    expect(await lastEntry()).toBe(`${edit('Jan Kowalski')}: nadanie roli administratora`);
    await update(admin, { ...current, roles: [{ id: 2, role: 'USER' }], country: 'Niemcy' });
    expect(await lastEntry()).toBe(
      `${edit('Jan Kowalski')}: odebranie roli administratora, kraj: — → „Niemcy”`,
    );
    // Saved again as it is: nothing to log.
    const before = (await entries()).length;
    expect((await update(admin, { ...current, country: 'Niemcy' })).statusCode).toBe(200);
    expect(await entries()).toHaveLength(before);
  });

  it('an admin giving themselves a new password stays logged in on this device only', async () => {
    const { admin } = await withEmployee();
    const laptop = { ...admin, cookie: await login(ctx.app, admin.email, admin.password) };
    const self = (await findById(admin, admin.id)).json();
    const response = await update(admin, { ...self, password: 'Nowe-haslo-szefa-1' });
    expect(response.statusCode).toBe(200);
    expect(await whoIs(ctx, admin.cookie)).toBe('szef@firma.pl');
    expect(await whoIs(ctx, laptop.cookie)).toBe(401);
    expect((await tryLogin(ctx, 'szef@firma.pl', 'Nowe-haslo-szefa-1')).statusCode).toBe(200);
  });

  it('the last active admin can be neither demoted nor made inactive', async () => {
    const { admin } = await withEmployee();
    const self = (await findById(admin, admin.id)).json();
    const logsBefore = (await auditEntries(ctx)).length;
    for (const [change, message] of [
      [{ roles: [{ id: 2, role: 'USER' }] }, MSG.cannotDemoteLastAdmin],
      // Only the admin themselves could switch off the last active admin: refused as their own.
      [{ active: false }, MSG.cannotDeactivateSelf],
    ] as const) {
      const response = await update(admin, { ...self, ...change });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(message);
    }
    expect(await findUserById(ctx.database.db, admin.id)).toMatchObject({ roles: ['ADMIN'], active: true });
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
  });

  it('nobody switches off their own account, even beside another admin; the other admin can', async () => {
    const { admin } = await withEmployee();
    const other = await createUserAndLogin(ctx, { admin: true, email: 'zastepca@firma.pl' });
    const self = (await findById(admin, admin.id)).json();
    const logsBefore = (await auditEntries(ctx)).length;
    const refused = await update(admin, { ...self, active: false });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: MSG.cannotDeactivateSelf, code: 'SELF' });
    expect(await findUserById(ctx.database.db, admin.id)).toMatchObject({ active: true });
    expect(await whoIs(ctx, admin.cookie)).toBe('szef@firma.pl');
    expect((await auditEntries(ctx)).length).toBe(logsBefore);
    // Everything else of their own account still saves.
    expect((await update(admin, { ...self, vacationDays: 30 })).statusCode).toBe(200);
    const byOther = await update(other, { ...self, vacationDays: 30, active: false });
    expect(byOther.statusCode).toBe(200);
    expect(await findUserById(ctx.database.db, admin.id)).toMatchObject({ active: false });
  });

  it('an inactive admin does not count; with a second active admin the demotion goes through', async () => {
    const { admin } = await withEmployee();
    const self = (await findById(admin, admin.id)).json();
    const other = await createUserAndLogin(ctx, { admin: true, email: 'zastepca@firma.pl' });
    await ctx.database.db.update(users).set({ active: false }).where(eq(users.id, other.id));
    expect((await update(admin, { ...self, roles: [{ id: 2, role: 'USER' }] })).statusCode).toBe(409);
    await ctx.database.db.update(users).set({ active: true }).where(eq(users.id, other.id));
    const response = await update(admin, { ...self, roles: [{ id: 2, role: 'USER' }] });
    expect(response.statusCode).toBe(200);
    // The former admin's next call is judged by the new role.
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/findAllFlatRoles',
      headers: as(admin),
    });
    expect(list.statusCode).toBe(403);
  });
});

describe('changes made at the same moment', () => {
  it('two admins saving one employee on the same version at once: one is saved, the other refused', async () => {
    const anna = await createUserAndLogin(ctx, { admin: true });
    const piotr = await createUserAndLogin(ctx, { admin: true });
    const jan = await createUserAndLogin(ctx);
    const opened: { updatedAt: string } = (await findById(anna, jan.id)).json();
    const save = (admin: TestUser, vacationDays: number) =>
      updateOn(admin, opened.updatedAt, { ...opened, vacationDays });
    const answers = await Promise.all([save(anna, 21), save(piotr, 22)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const saved = answers.find((a) => a.statusCode === 200)!.json();
    expect((await findUserById(ctx.database.db, jan.id))?.vacationDays).toBe(saved.vacationDays);
  });

  it('two admins demoting each other at once leave one active admin', async () => {
    const anna = await createUserAndLogin(ctx, { admin: true, email: 'anna@firma.pl' });
    const piotr = await createUserAndLogin(ctx, { admin: true, email: 'piotr@firma.pl' });
    const annaRow = (await findById(anna, anna.id)).json();
    const piotrRow = (await findById(anna, piotr.id)).json();
    const demote = [{ id: 2, role: 'USER' }];
    const answers = await Promise.all([
      update(anna, { ...piotrRow, roles: demote }),
      update(piotr, { ...annaRow, roles: demote }),
    ]);
    // The loser is refused either by the last-admin rule (409) or, when the winner's demotion
    // committed before its request was authorised, because it is no longer an admin (403).
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = (await ctx.database.db.select().from(users)).filter((u) => u.roles.includes('ADMIN'));
    expect(admins).toHaveLength(1);
  });

  it('two admins adding the same e-mail at once: one 201, one 409 with the spec message', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const answers = await Promise.all([insert(admin, fullEmployee), insert(admin, fullEmployee)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(MSG.employeeEmailExists);
  });
});
