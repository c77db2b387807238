import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';

const ctx = useTestApp();
const URL = '/api/installation-operation';

const add = (user: TestUser, text: unknown) =>
  ctx.app.inject({ method: 'POST', url: URL, headers: as(user), payload: { text } });
const list = async (user: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: URL, headers: as(user) })).json() as {
    id: number;
    text: string;
    orderNumber: number;
  }[];
const texts = async (user: TestUser) => (await list(user)).map((o) => `${o.orderNumber}.${o.text}`);

describe('installation operations (spec §7)', () => {
  it('adds at the end, edits, moves up and down, deletes and keeps 1..n', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const first = await add(admin, '  Ustawienie maszyny na fundamencie ');
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ text: 'Ustawienie maszyny na fundamencie', orderNumber: 1 });
    const second = (await add(admin, 'Podłączenie zasilania')).json();
    const third = (await add(admin, 'Próba ruchowa — zażółć gęślą jaźń')).json();
    expect(await texts(admin)).toEqual([
      '1.Ustawienie maszyny na fundamencie',
      '2.Podłączenie zasilania',
      '3.Próba ruchowa — zażółć gęślą jaźń',
    ]);

    const up = await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/move-up?installationOperationId=${third.id}`,
      headers: as(admin),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json().map((o: { id: number }) => o.id)).toEqual([first.json().id, third.id, second.id]);
    // At the top nothing moves.
    await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/move-up?installationOperationId=${first.json().id}`,
      headers: as(admin),
    });
    await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/move-down?installationOperationId=${first.json().id}`,
      headers: as(admin),
    });
    expect((await list(admin)).map((o) => o.id)).toEqual([third.id, first.json().id, second.id]);

    const edited = await ctx.app.inject({
      method: 'PUT',
      url: URL,
      headers: as(admin),
      payload: { id: second.id, text: 'Podłączenie zasilania 400 V', orderNumber: 1 },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ text: 'Podłączenie zasilania 400 V', orderNumber: 1 });

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `${URL}?id=${third.id}`,
      headers: as(admin),
    });
    expect(removed.statusCode).toBe(200);
    expect(await texts(admin)).toEqual([
      '1.Podłączenie zasilania 400 V',
      '2.Ustawienie maszyny na fundamencie',
    ]);
  });

  it('refuses employees with 403 (reading too), empty text with 400 and unknown ids with 404', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const op = (await add(admin, 'Poziomowanie')).json();
    expect((await add(user, 'Cokolwiek')).statusCode).toBe(403);
    expect((await add(user, 'Cokolwiek')).json().message).toBe('Brak uprawnień do tej operacji.');
    const del = await ctx.app.inject({ method: 'DELETE', url: `${URL}?id=${op.id}`, headers: as(user) });
    expect(del.statusCode).toBe(403);
    const empty = await add(admin, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('Wpisz treść czynności.');
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: `${URL}/move-down?installationOperationId=9999`,
      headers: as(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Nie znaleziono czynności montażowej.');
    // Reading the list is the admins' too (domain.md: "… installation operations | USER no").
    const read = await ctx.app.inject({ method: 'GET', url: URL, headers: as(user) });
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await texts(admin)).toEqual(['1.Poziomowanie']);
  });
});
