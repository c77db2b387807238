import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CATEGORY_MSG, MSG, formatOperations, parseOperations } from '@serwis/domain';
import { as, createUserAndLogin, putOnVersion, useTestApp, type TestUser } from '../../../test/test-app.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import { categories } from './categories.table.js';

const ctx = useTestApp();

const operations = [
  { name: 'Sprawdzenie ciśnienia', fields: [{ name: 'Ciśnienie', unit: 'bar' }] },
  { name: 'Wymiana filtra', fields: [] },
];
const encoded = formatOperations(operations);

async function insert(user: TestUser, name: unknown) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/category/insert',
    headers: as(user),
    payload: { name },
  });
}

async function created(user: TestUser, name: string): Promise<{ id: number; name: string }> {
  const response = await insert(user, name);
  expect(response.statusCode).toBe(201);
  return response.json();
}

const update = (user: TestUser, body: Record<string, unknown>) =>
  ctx.app.inject({ method: 'PUT', url: '/api/category/update', headers: as(user), payload: body });
/** An update made on the version saved at `base` (its updatedAt). */
const updateOn = (user: TestUser, base: string, payload: object) =>
  putOnVersion(ctx, user, '/api/category/update', base, payload);

async function storedList(id: number) {
  const [row] = await ctx.database.db.select().from(categories).where(eq(categories.id, id));
  return row.serviceReviewOperationsList;
}

async function auditOf(record: string) {
  return ctx.database.db.select().from(logs).where(eq(logs.arg1, record));
}

async function addMachines(categoryId: number, types: ('INTERNAL' | 'EXTERNAL')[]) {
  const [customer] = await ctx.database.db
    .insert(customers)
    .values({ shortName: `K-${categoryId}-${types.length}` })
    .returning();
  for (const [i, type] of types.entries()) {
    await ctx.database.db
      .insert(devices)
      .values({ name: `M${i}`, type, categoryId, customerId: customer.id });
  }
}

describe('POST /api/category/insert', () => {
  it('creates a category (201) with an empty operation list and an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await insert(user, '  Prasy krawędziowe ');
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      id: expect.any(Number),
      name: 'Prasy krawędziowe',
      count: 0,
      serviceReviewOperationsList: '[]',
      updatedAt: expect.any(String),
    });
    const entries = await auditOf(`category:${body.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0].arg0).toBe(user.email);
    expect(entries[0].formattedMessage).toContain('dodanie kategorii Prasy krawędziowe');
  });

  it('needs at least 3 characters and refuses a duplicate name (any letter case)', async () => {
    const user = await createUserAndLogin(ctx);
    const short = await insert(user, 'ab');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Kategoria musi mieć minimum 3 znaki');
    const missing = await insert(user, undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.categoryNameMin);
    const long = await insert(user, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    await created(user, 'Lasery');
    const duplicate = await insert(user, 'LASERY');
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('Podana kategoria już istnieje!');
    expect(await ctx.database.db.select().from(categories)).toHaveLength(1);
  });

  it('keeps runs of spaces inside a name as one, so that a doubled space is the same name', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, 'Piły taśmowe');
    const doubled = await insert(user, 'Piły  taśmowe');
    expect(doubled.statusCode).toBe(409);
    expect(doubled.json().message).toBe('Podana kategoria już istnieje!');
    expect((await created(user, 'Prasy \t  krawędziowe')).name).toBe('Prasy krawędziowe');
  });
});

describe('GET /api/category/findAll and findById', () => {
  it('lists id, name and the number of machines of both families', async () => {
    const user = await createUserAndLogin(ctx);
    const presses = await created(user, 'Prasy');
    const lasers = await created(user, 'Lasery');
    await addMachines(presses.id, ['INTERNAL', 'EXTERNAL', 'INTERNAL']);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/category/findAll', headers: as(user) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: presses.id, name: 'Prasy', count: 3 },
      { id: lasers.id, name: 'Lasery', count: 0 },
    ]);
  });

  it('pages, sorts and searches with X-Total-Count', async () => {
    const user = await createUserAndLogin(ctx);
    const a = await created(user, 'Prasy');
    await created(user, 'Lasery');
    const c = await created(user, 'Prasy hydrauliczne');
    await addMachines(c.id, ['INTERNAL', 'INTERNAL']);
    await addMachines(a.id, ['EXTERNAL']);
    const get = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/category/findAll?${query}`, headers: as(user) });
    const byCount = await get('page=1&size=2&sort=count,desc');
    expect(byCount.headers['x-total-count']).toBe('3');
    expect(byCount.json().map((x: { name: string }) => x.name)).toEqual(['Prasy hydrauliczne', 'Prasy']);
    const search = await get('page=1&size=10&q=prasy&sort=name,desc');
    expect(search.headers['x-total-count']).toBe('2');
    expect(search.json()).toEqual([
      { id: c.id, name: 'Prasy hydrauliczne', count: 2 },
      { id: a.id, name: 'Prasy', count: 1 },
    ]);
  });

  it('findById answers the details with the operation list, or 404', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: encoded });
    await addMachines(id, ['INTERNAL']);
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/category/findById/${id}`,
      headers: as(admin),
    });
    expect(response.json()).toEqual({
      id,
      name: 'Prasy',
      count: 1,
      serviceReviewOperationsList: encoded,
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/category/findById/999',
      headers: as(admin),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.categoryNotFound);
  });
});

describe('PUT /api/category/update', () => {
  it('lets any user rename, with an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, 'Prasy');
    const response = await update(user, { id, name: 'Prasy krawędziowe' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id,
      name: 'Prasy krawędziowe',
      serviceReviewOperationsList: '[]',
    });
    const entries = await auditOf(`category:${id}`);
    expect(entries.at(-1)?.formattedMessage).toContain('zmiana nazwy z „Prasy” na „Prasy krawędziowe”');
  });

  it('refuses a user who changes the operation list (403 Brak uprawnień!) and keeps the list', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const { id } = await created(admin, 'Prasy');
    const response = await update(user, { id, name: 'Prasy', serviceReviewOperationsList: encoded });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień!');
    expect(await storedList(id)).toBe('[]');
  });

  it('refuses a user who sends an unreadable list with the same 403, before saying what is wrong with it', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const { id } = await created(admin, 'Prasy');
    const response = await update(user, { id, name: 'Prasy', serviceReviewOperationsList: '[oops' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień!');
    expect(
      (await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '[oops' })).statusCode,
    ).toBe(400);
  });

  it('lets a user rename while sending the unchanged list back', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const { id } = await created(admin, 'Prasy');
    expect(
      (await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: encoded })).statusCode,
    ).toBe(200);
    // The same operations spelt differently (extra spaces, an item without the marker) are unchanged.
    const respelt = JSON.stringify([
      '  Sprawdzenie ciśnienia\n@dodatkowePola{Ciśnienie+bar}',
      'Wymiana filtra',
    ]);
    const response = await update(user, { id, name: 'Prasy CNC', serviceReviewOperationsList: respelt });
    expect(response.statusCode).toBe(200);
    expect(response.json().name).toBe('Prasy CNC');
    expect(await storedList(id)).toBe(encoded);
  });

  it('lets an admin save the list; the server stores it in the canonical form and logs it', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const raw = JSON.stringify([' Sprawdzenie\nciśnienia \n@dodatkowePola{Ciś+nienie+bar;;}', 'Smarowanie']);
    const response = await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: raw });
    expect(response.statusCode).toBe(200);
    const list = response.json().serviceReviewOperationsList;
    expect(JSON.parse(list)).toEqual([
      'Sprawdzenie ciśnienia\n@dodatkowePola{Ciś+nieniebar}',
      'Smarowanie\n@dodatkowePola{}',
    ]);
    expect(await storedList(id)).toBe(list);
    expect(parseOperations(list)).toHaveLength(2);
    const entries = await auditOf(`category:${id}`);
    expect(entries.at(-1)?.formattedMessage).toContain('zmiana listy czynności serwisowych (2 pozycje)');
  });

  it("refuses a list made on an older version than the server's (409 CHANGED_MEANWHILE), and keeps the other's", async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const other = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const loaded = (
      await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '["Smarowanie"]' })
    ).json();
    // Both screens show this version; the other administrator saves first.
    const first = await updateOn(other, loaded.updatedAt, {
      id,
      name: 'Prasy',
      serviceReviewOperationsList: '["Smarowanie","Wymiana oleju"]',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().updatedAt).not.toBe(loaded.updatedAt);
    const stale = await updateOn(admin, loaded.updatedAt, {
      id,
      name: 'Prasy',
      serviceReviewOperationsList: '["Smarowanie","Kontrola szczelności"]',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'CHANGED_MEANWHILE', message: CATEGORY_MSG.changedMeanwhile });
    expect(parseOperations(await storedList(id)).map((op) => op.name)).toEqual([
      'Smarowanie',
      'Wymiana oleju',
    ]);
    // Made again on the version now saved, it goes in; without a base the later save wins, as before.
    const again = await updateOn(admin, first.json().updatedAt, {
      id,
      name: 'Prasy',
      serviceReviewOperationsList: '["Smarowanie","Wymiana oleju","Kontrola szczelności"]',
    });
    expect(again.statusCode).toBe(200);
    expect(
      (await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '["Smarowanie"]' })).statusCode,
    ).toBe(200);
  });

  it('two saves made on the same version at once: one goes in, the other is refused', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const other = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const opened = (
      await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '["Smarowanie"]' })
    ).json();
    const save = (user: TestUser, added: string) =>
      updateOn(user, opened.updatedAt, {
        id,
        name: 'Prasy',
        serviceReviewOperationsList: JSON.stringify(['Smarowanie', added]),
      });
    const answers = await Promise.all([save(admin, 'Wymiana oleju'), save(other, 'Kontrola szczelności')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const saved = answers.find((a) => a.statusCode === 200)!.json();
    expect(await storedList(id)).toBe(saved.serviceReviewOperationsList);
  });

  it('validates the list with the codec (400 with a Polish message)', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const marker = await update(admin, {
      id,
      name: 'Prasy',
      serviceReviewOperationsList: JSON.stringify(['Pomiar @dodatkowePola\n@dodatkowePola{U+V}']),
    });
    expect(marker.statusCode).toBe(400);
    expect(marker.json().message).toBe('Wyrażenie "@dodatkowePola" jest niedozwolone w nazwie czynności.');
    const badJson = await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '[oops' });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe(MSG.operationsListInvalid);
    const notText = await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: ['a'] });
    expect(notText.statusCode).toBe(400);
    expect(await storedList(id)).toBe('[]');
  });

  it('answers 400 for a short name, 404 for an unknown id and 409 for a taken name', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, 'Prasy');
    await created(user, 'Lasery');
    const short = await update(user, { id, name: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(MSG.categoryNameMin);
    expect((await update(user, { id: 999, name: 'Cokolwiek' })).statusCode).toBe(404);
    const taken = await update(user, { id, name: 'lasery' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(MSG.categoryExists);
  });
});

describe('DELETE /api/category/delete/{id}', () => {
  const remove = (user: TestUser, id: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/category/delete/${id}`, headers: as(user) });

  it('is for admins only (403)', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, 'Prasy');
    const response = await remove(user, id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await ctx.database.db.select().from(categories)).toHaveLength(1);
  });

  it('is refused with 409 while machines use the category', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    await addMachines(id, ['EXTERNAL']);
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(CATEGORY_MSG.categoryInUse);
    expect(await ctx.database.db.select().from(categories)).toHaveLength(1);
  });

  it('removes an unused category with an audit entry; 404 afterwards', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.categoryDeleted);
    expect(await ctx.database.db.select().from(categories)).toHaveLength(0);
    expect((await auditOf(`category:${id}`)).at(-1)?.formattedMessage).toContain('usunięcie kategorii Prasy');
    expect((await remove(admin, id)).statusCode).toBe(404);
  });
});

describe("the operation list's audit entries", () => {
  const remove = (user: TestUser, id: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/category/delete/${id}`, headers: as(user) });
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );

  it('keep the list a save replaced or emptied and the list a delete took away, in order', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const save = (list: string) => update(admin, { id, name: 'Prasy', serviceReviewOperationsList: list });
    expect((await save(encoded)).statusCode).toBe(200);
    expect((await save('[]')).statusCode).toBe(200);
    expect((await save('["Smarowanie"]')).statusCode).toBe(200);
    expect((await remove(admin, id)).statusCode).toBe(200);

    const label = `Prasy (id ${id})`;
    expect((await logged(`category:${id}`)).slice(1)).toEqual([
      `edycja kategorii ${label}: zmiana listy czynności serwisowych (2 pozycje), poprzednia lista: —`,
      `edycja kategorii ${label}: zmiana listy czynności serwisowych (0 pozycji), poprzednia lista (2 pozycje): ` +
        '„Sprawdzenie ciśnienia” (Ciśnienie [bar]), „Wymiana filtra”',
      `edycja kategorii ${label}: zmiana listy czynności serwisowych (1 pozycja), poprzednia lista: —`,
      `usunięcie kategorii ${label}: lista czynności serwisowych (1 pozycja): „Smarowanie”`,
    ]);
  });

  it('keep at most about 4,000 characters of a long list and count the rest', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, 'Prasy');
    const many = Array.from({ length: 100 }, (_, i) => ({
      name: `${'x'.repeat(95)} ${String(i).padStart(3, '0')}`,
      fields: [],
    }));
    expect(
      (await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: formatOperations(many) }))
        .statusCode,
    ).toBe(200);
    expect((await update(admin, { id, name: 'Prasy', serviceReviewOperationsList: '[]' })).statusCode).toBe(
      200,
    );
    const entry = (await logged(`category:${id}`)).at(-1)!;
    // 101 characters each, with ", " between: 38 fit in 4,000.
    expect(entry).toContain('poprzednia lista (100 pozycji): „x');
    expect(entry).toContain(`„${'x'.repeat(95)} 037” i jeszcze 62`);
    expect(entry.length).toBeLessThan(4200);
  });
});
