import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { tryLogin } from '../../../test/accounts-helpers.js';
import { findUserByEmail, listUsers } from './users.repository.js';

const ctx = useTestApp();

const valid = {
  userName: 'Serwisant',
  firstName: 'Ewa',
  lastName: 'Lis',
  email: 'ewa@firma.pl',
  country: 'Polska',
  vacationDays: 20,
  active: true,
  password: 'Haslo-ewy-123',
  roles: [{ id: 2, role: 'USER' }],
};

const LONG = 'x'.repeat(10_000);
/** A refusal in Polish: the spec's wording or the generic validation texts of the domain package. */
const POLISH = /[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|Nieprawidłow|Tekst może|Stanowisko|To pole/;

const badInserts: [string, Record<string, unknown> | string | null][] = [
  ['a 10,000-character position', { ...valid, userName: LONG }],
  ['a 10,000-character first name', { ...valid, firstName: LONG }],
  ['a 10,000-character last name', { ...valid, lastName: LONG }],
  ['a 10,000-character country', { ...valid, country: LONG }],
  ['a 10,000-character e-mail', { ...valid, email: `${LONG}@firma.pl` }],
  ['a 10,000-character password', { ...valid, password: LONG }],
  ['a too short password', { ...valid, password: 'krotkie' }],
  ['an e-mail that is no e-mail', { ...valid, email: 'ewa-at-firma' }],
  ['active as text', { ...valid, active: 'tak' }],
  ['vacation days as words', { ...valid, vacationDays: 'dużo' }],
  ['vacation days as true', { ...valid, vacationDays: true }],
  ['vacation days as an empty text', { ...valid, vacationDays: '' }],
  ['vacation days as a list', { ...valid, vacationDays: [] }],
  ['vacation days as null', { ...valid, vacationDays: null }],
  ['negative vacation days', { ...valid, vacationDays: -1 }],
  ['fractional vacation days', { ...valid, vacationDays: 1.5 }],
  ['a huge number of vacation days', { ...valid, vacationDays: 1e12 }],
  ['roles as text', { ...valid, roles: 'ADMIN' }],
  ['an unknown role', { ...valid, roles: [{ id: 3, role: 'SUPERADMIN' }] }],
  ['a thousand roles', { ...valid, roles: Array.from({ length: 1000 }, () => ({ role: 'USER' })) }],
  ['the position as a number', { ...valid, userName: 12345 }],
  ['the first name as an object', { ...valid, firstName: { x: 1 } }],
  ['no e-mail', { ...valid, email: undefined }],
  ['no position', { ...valid, userName: undefined }],
  ['an empty object', {}],
  ['a JSON array', '[]'],
  ['a JSON null', 'null'],
  ['broken JSON', '{"userName": '],
];

describe('employee input is checked, never a 500', () => {
  it.each(badInserts)('insert with %s answers 400 with a Polish message', async (_case, payload) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/insert',
      headers: { ...as(admin), 'content-type': 'application/json' },
      payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(POLISH);
    expect(await listUsers(ctx.database.db)).toHaveLength(1);
  });

  it.each([
    ['no id', { ...valid, id: undefined }],
    ['a text id', { ...valid, id: 'abc' }],
    ['a zero id', { ...valid, id: 0 }],
    ['a 10,000-character position', { ...valid, id: 1, userName: LONG }],
    ['a 10,000-character e-mail', { ...valid, id: 1, email: LONG }],
    ['active as a number', { ...valid, id: 1, active: 1 }],
  ])('update with %s answers 400 with a Polish message', async (_case, payload) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/user/update',
      headers: as(admin),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(POLISH);
  });

  it.each(['abc', '0', '1.5', '99999999999'])('findById/%s answers 400', async (id) => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/user/findById/${id}`,
      headers: as(admin),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(POLISH);
  });

  it('ignores unknown fields, including ones that look like privileges', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/insert',
      headers: as(admin),
      payload: {
        ...valid,
        id: 777,
        passwordHash: 'przejęte',
        isAdmin: true,
        createdAt: 'wczoraj',
        ulubionyKolor: 'zielony',
      },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.id).not.toBe(777);
    expect(body).not.toHaveProperty('ulubionyKolor');
    expect(body.roles).toEqual([{ id: 2, role: 'USER' }]);
    const row = await findUserByEmail(ctx.database.db, 'ewa@firma.pl');
    expect(row!.passwordHash).not.toBe('przejęte');
    expect((await tryLogin(ctx, 'ewa@firma.pl', valid.password)).statusCode).toBe(200);
  });

  it('trims the texts it stores', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/insert',
      headers: as(admin),
      payload: { ...valid, userName: '  Serwisant  ', firstName: ' Ewa ', email: ' Ewa@Firma.pl ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ userName: 'Serwisant', firstName: 'Ewa', email: 'ewa@firma.pl' });
  });
});
