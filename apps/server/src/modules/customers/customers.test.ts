import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG, REMINDER_MSG, DELETION_TEXT } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, XHR, type TestUser } from '../../../test/test-app.js';
import { categories } from '../categories/categories.table.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import { services } from '../services/services.table.js';
import { customers } from './customers.table.js';

const ctx = useTestApp();

const full = {
  shortName: 'Metalex',
  fullName: 'Metalex Sp. z o.o. & S-ka',
  streetAddress: 'ul. Długa 5',
  zipCode: '00-001',
  city: 'Warszawa',
  province: 'mazowieckie',
  nip: '5250000000',
  regon: '012345678',
  phoneNumber: '+48 22 000 00 00',
  email: 'biuro@metalex.pl',
  inspectionNotices: false,
};

async function insert(user: TestUser, body: Record<string, unknown>) {
  return ctx.app.inject({ method: 'POST', url: '/api/customer/insert', headers: as(user), payload: body });
}

async function created(user: TestUser, body: Record<string, unknown>): Promise<{ id: number }> {
  const response = await insert(user, body);
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function auditOf(record: string) {
  return ctx.database.db.select().from(logs).where(eq(logs.arg1, record));
}

async function addMachine(customerId: number) {
  const [category] = await ctx.database.db.insert(categories).values({ name: 'Prasy' }).returning();
  await ctx.database.db.insert(devices).values({ name: 'Prasa P-100', categoryId: category.id, customerId });
}

describe('POST /api/customer/insert', () => {
  it('creates a customer (201) with every field and writes an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await insert(user, { ...full, id: 999, shortName: '  Metalex  ' });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number), ...full });
    expect(body.id).not.toBe(999);
    const entries = await auditOf(`customer:${body.id}`);
    expect(entries).toHaveLength(1);
    expect(entries[0].arg0).toBe(user.email);
    expect(entries[0].formattedMessage).toContain('dodanie kontrahenta Metalex');
  });

  it('needs only the short name; other fields become empty', async () => {
    const user = await createUserAndLogin(ctx);
    const body = await created(user, { shortName: 'ABC', email: null });
    expect(body).toMatchObject({ shortName: 'ABC', fullName: '', email: '', province: '' });
  });

  it('refuses a short name under 3 or over 20 characters with the spec messages', async () => {
    const user = await createUserAndLogin(ctx);
    const short = await insert(user, { shortName: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Nazwa skrócona musi mieć minimum 3 znaki');
    const long = await insert(user, { shortName: 'x'.repeat(21) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Nazwa skrócona może mieć max 20 znaków.');
    const missing = await insert(user, { city: 'Łódź' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.customerShortNameMin);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(0);
  });

  it('bounds every other field and accepts only listed provinces', async () => {
    const user = await createUserAndLogin(ctx);
    const long = await insert(user, { shortName: 'Firma', city: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toMatchObject({
      message: 'Pole „Miejscowość”: Tekst może mieć najwyżej 100 znaków.',
      field: 'city',
    });
    const province = await insert(user, { shortName: 'Firma', province: 'Bawaria' });
    expect(province.statusCode).toBe(400);
    expect(province.json().message).toBe(MSG.provinceInvalid);
  });

  it('sends inspection notices only to a customer whose E-mail field holds an address', async () => {
    const user = await createUserAndLogin(ctx);
    for (const email of ['zly-email', '', 'biuro (zapytać o adres)']) {
      const refused = await insert(user, { ...full, email, inspectionNotices: true });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: REMINDER_MSG.customerNoticesNeedAddress,
        field: 'email',
      });
    }
    expect(await ctx.database.db.select().from(customers)).toHaveLength(0);
    // An address beside a note or a second one is enough; without notices the field is free text.
    await created(user, { ...full, email: 'biuro@metalex.pl; kadry: Anna', inspectionNotices: true });
    await created(user, { ...full, shortName: 'Stalbud', email: 'zapytać', inspectionNotices: false });
  });

  it('refuses a duplicate short name, ignoring letter case (409)', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Metalex' });
    const response = await insert(user, { shortName: 'METALEX' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('Kontrahent z podaną nazwą już istnieje.');
  });

  it('keeps runs of spaces inside a short name as one: a doubled space is the same customer', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Kuźnia Grabowski' });
    const doubled = await insert(user, { shortName: 'Kuźnia  Grabowski' });
    expect(doubled.statusCode).toBe(409);
    const added = (await created(user, { shortName: 'Odlewnia   Nowak' })) as { shortName?: string };
    expect(added.shortName).toBe('Odlewnia Nowak');
  });

  it('stores pasted non-breaking spaces as spaces, found by a typed space; invisible spaces are no name', async () => {
    const user = await createUserAndLogin(ctx);
    const added = (await created(user, {
      shortName: 'Firma\u00a0Testowa',
      streetAddress: 'ul.\u00a0Nbspowa\u00a012',
    })) as { shortName?: string; streetAddress?: string };
    expect(added).toMatchObject({ shortName: 'Firma Testowa', streetAddress: 'ul. Nbspowa 12' });
    expect(await searchedNames(user, 'Nbspowa 12')).toEqual(['Firma Testowa']);
    // A search pasted with one finds it too.
    expect(await searchedNames(user, 'ul.\u00a0Nbspowa')).toEqual(['Firma Testowa']);
    const blank = await insert(user, { shortName: '\u200b\u200b\u200b' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(MSG.customerShortNameMin);
  });

  it('asks for a session and the XMLHttpRequest header', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/insert',
      headers: XHR,
      payload: full,
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await createUserAndLogin(ctx);
    const noHeader = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/insert',
      headers: { cookie: user.cookie },
      payload: full,
    });
    expect(noHeader.statusCode).toBe(403);
  });
});

/** The short names a list search finds, oldest first. */
async function searchedNames(user: TestUser, q: string): Promise<string[]> {
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/customer/findAll?page=1&size=10&sort=id,asc&q=${encodeURIComponent(q)}`,
    headers: as(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json().map((c: { shortName: string }) => c.shortName);
}

describe('GET /api/customer/findAll', () => {
  it('answers the full array, newest first, without paging parameters', async () => {
    const user = await createUserAndLogin(ctx);
    for (const shortName of ['Alfa', 'Beta', 'Gamma']) await created(user, { shortName });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/customer/findAll', headers: as(user) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect(response.json().map((c: { shortName: string }) => c.shortName)).toEqual(['Gamma', 'Beta', 'Alfa']);
    expect(Object.keys(response.json()[0]).sort()).toEqual(['id', ...Object.keys(full)].sort());
  });

  it('pages, sorts and searches on the server with X-Total-Count', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Alfa', city: 'Kraków', nip: '111' });
    await created(user, { shortName: 'Beta', city: 'Gdańsk', email: 'serwis@beta.pl' });
    await created(user, { shortName: 'Gamma', city: 'Kraków', fullName: 'Gamma 100% S.A.' });
    const get = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/customer/findAll?${query}`, headers: as(user) });

    const page = await get('page=2&size=2');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((c: { shortName: string }) => c.shortName)).toEqual(['Alfa']);

    const sorted = await get('page=1&size=10&sort=shortName,asc');
    expect(sorted.json().map((c: { shortName: string }) => c.shortName)).toEqual(['Alfa', 'Beta', 'Gamma']);

    const byCity = await get('page=1&size=10&q=kraków');
    expect(byCity.headers['x-total-count']).toBe('2');
    expect(byCity.json().map((c: { shortName: string }) => c.shortName)).toEqual(['Gamma', 'Alfa']);

    expect((await get('q=SERWIS@')).json().map((c: { shortName: string }) => c.shortName)).toEqual(['Beta']);
    expect((await get('q=111')).json().map((c: { shortName: string }) => c.shortName)).toEqual(['Alfa']);
    // LIKE wildcards in the search text are taken literally.
    expect((await get('q=100%25')).json().map((c: { shortName: string }) => c.shortName)).toEqual(['Gamma']);
    // A lone "%" is a short term (a prefix of the short name, lib/text-search.ts), still taken literally.
    expect((await get('q=%25')).json()).toEqual([]);
  });

  it('finds a NIP, REGON or phone number typed with other separators than the register holds', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Alfa', nip: '634-012-34-56', phoneNumber: '+48 703 826047' });
    await created(user, {
      shortName: 'Beta',
      nip: '0774735391',
      regon: '012345678',
      phoneNumber: '32 123 45 67',
    });
    await created(user, { shortName: 'Gamma', nip: 'PL5260001234', phoneNumber: '22 633 47 70' });
    const found = (q: string) => searchedNames(user, q);
    expect(await found('6340123456')).toEqual(['Alfa']);
    // A NIP with its EU prefix, either way round.
    expect(await found('PL 634-012-34-56')).toEqual(['Alfa']);
    expect(await found('pl6340123456')).toEqual(['Alfa']);
    expect(await found('526-000-12-34')).toEqual(['Gamma']);
    // "PL" before anything but a whole NIP is text: "PL123" is a name, not the digits 123.
    await created(user, { shortName: 'PL123 Serwis', phoneNumber: '600 123 000' });
    expect(await found('PL123')).toEqual(['PL123 Serwis']);
    expect(await found('634 012 34 56')).toEqual(['Alfa']);
    expect(await found('077-473-53-91')).toEqual(['Beta']);
    expect(await found('703826047')).toEqual(['Alfa']);
    expect(await found('+48703826047')).toEqual(['Alfa']);
    expect(await found('(32) 123-45-67')).toEqual(['Beta']);
    expect(await found('012 345 678')).toEqual(['Beta']);
    // Digits never run from one number into the next (NIP's end, REGON's start).
    expect(await found('3910123')).toEqual([]);
    // Letters make it text again: "Alfa 634" is not a number.
    expect(await found('Alfa 634')).toEqual([]);
  });

  it('takes a province typed in any case, as the list spells it', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/insert',
      headers: as(user),
      payload: { shortName: 'Delta', province: ' Mazowieckie ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ province: 'mazowieckie' });
  });

  it('finds a term of 3+ characters without three letters or digits in a row inside any column', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Alfa', fullName: 'Alfa Sp. z o.o.', zipCode: '25-949' });
    await created(user, { shortName: 'Beta', fullName: 'Beta s.c.', zipCode: '00-950' });
    await created(user, { shortName: 'Sp-Gamma' });
    const found = (q: string) => searchedNames(user, q);
    expect(await found('Sp. z o.o.')).toEqual(['Alfa']);
    expect(await found('s.c.')).toEqual(['Beta']);
    expect(await found('25-9')).toEqual(['Alfa']);
    expect(await found('sp-')).toEqual(['Sp-Gamma']);
    // One or two characters, or no letter or digit at all, still match the start of the short name.
    expect(await found('sp')).toEqual(['Sp-Gamma']);
    expect(await found('...')).toEqual([]);
  });

  it('finds names whatever quotation marks or apostrophes they were typed with', async () => {
    const user = await createUserAndLogin(ctx);
    await created(user, { shortName: 'Stalmet', fullName: 'Przedsiębiorstwo „Stalmet” Sp. z o.o.' });
    await created(user, { shortName: "O'Brien Serwis" });
    await created(user, { shortName: 'Stalmet-Bis', fullName: 'Stalmet Bis' });
    const found = (q: string) => searchedNames(user, q);
    // A mark stands for any one character, so a space around a name matches too.
    expect(await found('"Stalmet"')).toEqual(['Stalmet', 'Stalmet-Bis']);
    expect(await found('„Stalmet”')).toEqual(['Stalmet', 'Stalmet-Bis']);
    expect(await found('„Stalmet” Sp')).toEqual(['Stalmet']);
    expect(await found('O’Brien')).toEqual(["O'Brien Serwis"]);
    expect(await found("o'brien")).toEqual(["O'Brien Serwis"]);
  });

  it('refuses malformed paging parameters with 400', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll?page=zero',
      headers: as(user),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /api/customer/findById/{id}', () => {
  it('answers one customer or 404', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, full);
    const found = await ctx.app.inject({
      method: 'GET',
      url: `/api/customer/findById/${id}`,
      headers: as(user),
    });
    expect(found.json()).toEqual({ id, ...full });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findById/9999',
      headers: as(user),
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.customerNotFound);
    const bad = await ctx.app.inject({ method: 'GET', url: '/api/customer/findById/abc', headers: as(user) });
    expect(bad.statusCode).toBe(400);
  });
});

describe('PUT /api/customer/update', () => {
  const update = (user: TestUser, body: Record<string, unknown>) =>
    ctx.app.inject({ method: 'PUT', url: '/api/customer/update', headers: as(user), payload: body });

  it('is for admins only: a user gets 403 and nothing changes', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, full);
    const response = await update(user, { ...full, id, city: 'Radom' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row.city).toBe('Warszawa');
  });

  it('lets an admin change every field, with an audit entry', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    const changed = {
      ...full,
      id,
      shortName: 'Metalex Polska Oddział Północ',
      city: 'Gdynia',
      province: 'pomorskie',
    };
    const response = await update(admin, changed);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(changed);
    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, id));
    expect(row.city).toBe('Gdynia');
    const entries = await auditOf(`customer:${id}`);
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      expect.stringContaining('dodanie kontrahenta'),
      expect.stringContaining('edycja kontrahenta Metalex Polska Oddział Północ'),
    ]);
  });

  it('names in the edit entry what changed, the old short name among it, and logs no save that changed nothing', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    const renamed = { ...full, id, shortName: 'Metalex Nowy', nip: '', phoneNumber: '+48 22 111 11 11' };
    expect((await update(admin, renamed)).statusCode).toBe(200);
    // The same values again, and once more without the notices' switch (absent keeps it): no entry.
    expect((await update(admin, renamed)).statusCode).toBe(200);
    const { inspectionNotices: _kept, ...withoutNotices } = renamed;
    expect((await update(admin, withoutNotices)).statusCode).toBe(200);
    expect((await update(admin, { ...renamed, inspectionNotices: true })).statusCode).toBe(200);
    const messages = (await auditOf(`customer:${id}`)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );
    expect(messages).toEqual([
      `dodanie kontrahenta Metalex (id ${id})`,
      `edycja kontrahenta Metalex Nowy (id ${id}): nazwa skrócona: „Metalex” → „Metalex Nowy”, ` +
        'NIP: „5250000000” → —, telefon: „+48 22 000 00 00” → „+48 22 111 11 11”',
      `edycja kontrahenta Metalex Nowy (id ${id}): przypomnienia o przeglądach: nie → tak`,
    ]);
  });

  it('needs 3 characters (edit wording), 404 for an unknown id, 409 for a taken name', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    await created(admin, { shortName: 'Drugi' });
    const short = await update(admin, { ...full, id, shortName: 'ab' });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Kontrahent musi mieć minimum 3 znaki');
    const noAddress = await update(admin, { ...full, id, email: 'brak', inspectionNotices: true });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json()).toMatchObject({
      message: REMINDER_MSG.customerNoticesNeedAddress,
      field: 'email',
    });
    const missing = await update(admin, { ...full, id: 9999 });
    expect(missing.statusCode).toBe(404);
    const taken = await update(admin, { ...full, id, shortName: 'drugi' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: MSG.customerExists, field: 'shortName' });
    const sameNameOtherCase = await update(admin, { ...full, id, shortName: 'METALEX' });
    expect(sameNameOtherCase.statusCode).toBe(200);
  });
});

describe('deleting a customer', () => {
  const remove = (user: TestUser, id: number) =>
    ctx.app.inject({ method: 'DELETE', url: `/api/customer/delete/${id}`, headers: as(user) });

  it('is for admins only (403)', async () => {
    const user = await createUserAndLogin(ctx);
    const { id } = await created(user, full);
    const response = await remove(user, id);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await ctx.database.db.select().from(customers)).toHaveLength(1);
  });

  it('is refused with 409 while a machine refers to the customer', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    await addMachine(id);
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Błąd! Sprawdź czy z kontrahentem są powiązane zależności (maszyny itp.). Musisz je najpierw usunąć!',
    );
    expect(await ctx.database.db.select().from(customers)).toHaveLength(1);
    expect((await auditOf(`customer:${id}`)).map((e) => e.formattedMessage)).toHaveLength(1);
  });

  it('is refused with 409 while a service event refers to the customer', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    await ctx.database.db
      .insert(services)
      .values({ date: '2026-03-02', month: 3, year: 2026, customerId: id, userCreatedId: admin.id });
    const dependants = await ctx.app.inject({
      method: 'GET',
      url: `/api/customer/dependants/${id}`,
      headers: as(admin),
    });
    expect(dependants.json()).toEqual({ machines: 0, services: 1 });
    expect(DELETION_TEXT.customerKeptBy(dependants.json())).toBe(
      'Kontrahenta nie można usunąć: ma zdarzenia serwisowe (1), a zdarzenia zostają w historii serwisu. Znajdziesz je na listach zdarzeń serwisowych (maszyn i maszyn zewnętrznych), wpisując w wyszukiwarkę jego nazwę.',
    );
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(DELETION_TEXT.customerInUse);
  });

  it('removes a customer without dependants and writes an audit entry; 404 afterwards', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    const response = await remove(admin, id);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.customerDeleted);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(0);
    const entries = await auditOf(`customer:${id}`);
    expect(entries.at(-1)?.formattedMessage).toContain('usunięcie kontrahenta Metalex');
    expect((await remove(admin, id)).statusCode).toBe(404);
  });

  it('answers the same through POST /api/customer/delete?id=', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { id } = await created(admin, full);
    const post = (who: TestUser, query: string) =>
      ctx.app.inject({ method: 'POST', url: `/api/customer/delete?${query}`, headers: as(who) });
    expect((await post(user, `id=${id}`)).statusCode).toBe(403);
    expect((await post(admin, 'id=abc')).statusCode).toBe(400);
    await addMachine(id);
    const refused = await post(admin, `id=${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(DELETION_TEXT.customerInUse);
    await ctx.database.db.delete(devices);
    const done = await post(admin, `id=${id}`);
    expect(done.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(customers)).toHaveLength(0);
  });
});
