import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { branches } from './branches.table.js';

const ctx = useTestApp();

const save = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/branch/insert', headers: as(user), payload });
const list = (user: TestUser) =>
  ctx.app.inject({ method: 'GET', url: '/api/branch/getAll', headers: as(user) });
const del = (user: TestUser, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/branch/deleteBranch/${id}`, headers: as(user) });

const katowice = {
  id: 0,
  name: 'Oddział Katowice',
  street: 'Chorzowska 1',
  zipCode: '40-001',
  city: 'Katowice',
  phone: '32 000 00 00',
  province: 'śląskie',
  description: 'serwis południe',
  email: 'katowice@firma.pl',
  www: 'firma.pl/katowice',
  latitude: 50.26,
  longitude: 19.02,
};

describe('branches', () => {
  it('lets an admin add (id 0), edit (id > 0), list and delete branches', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const created = await save(admin, katowice);
    expect(created.statusCode).toBe(201);
    const branch = created.json();
    expect(branch).toEqual({ ...katowice, id: branch.id });
    const edited = await save(admin, { ...branch, name: 'Oddział Śląsk' });
    expect(edited.statusCode).toBe(200);
    expect((await list(admin)).json()).toEqual([{ ...branch, name: 'Oddział Śląsk' }]);
    expect((await del(admin, branch.id)).statusCode).toBe(200);
    expect((await list(admin)).json()).toEqual([]);
    // The log names the branch that went, as it names the ones added and edited.
    const logged = (await auditEntriesFor(ctx.database.db, `branch:${branch.id}`)).map(
      (e) => e.formattedMessage,
    );
    expect(logged).toContainEqual(
      expect.stringContaining(`usunięcie oddziału „Oddział Śląsk” (id ${branch.id})`),
    );
    expect((await del(admin, branch.id)).statusCode).toBe(404);
    expect((await save(admin, { ...branch, id: 777 })).statusCode).toBe(404);
  });

  it('validates name and position in Polish', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const noName = await save(admin, { ...katowice, name: '' });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toContain('Wprowadź nazwę');
    const noPlace = await save(admin, { ...katowice, latitude: 0, longitude: 0 });
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().message).toContain('Wybierz lokalizację na mapie');
    const badLat = await save(admin, { ...katowice, latitude: -95 });
    expect(badLat.json().message).toContain('Szerokość geograficzna musi być liczbą od -90 do 90.');
  });

  it('answers 403 to a USER on every branch call, before validation, and changes nothing', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const branch = (await save(admin, katowice)).json();
    for (const response of [
      await list(user),
      await save(user, katowice),
      await save(user, { name: '' }),
      await save(user, { ...branch, name: 'Przejęty' }),
      await del(user, branch.id),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    }
    const rows = await ctx.database.db.select().from(branches);
    expect(rows.map((r) => r.name)).toEqual(['Oddział Katowice']);
  });
});
