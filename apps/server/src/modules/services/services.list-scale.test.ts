import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { rowsOf } from '../../lib/result-rows.js';
import { customers } from '../customers/customers.table.js';
import { users } from '../users/users.table.js';
import { countServices } from './services.list.js';
import { postService, serviceJson, updateService } from './services.fixtures.js';

/** Issue 11: the service lists' index-served orders, bounded totals and short search terms. */
const ctx = useTestApp();

const get = async (user: TestUser, url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url, headers: as(user) });
  expect(response.statusCode).toBe(200);
  return response;
};
const ids = (body: { id: number }[]) => body.map((s) => s.id);

/**
 * The order of the list before issue 11, computed by joining customers and users as the old query
 * did: the sort key, then the full number (year, month, number, letter, id) in the same direction.
 */
async function orderBefore(field: string, desc: boolean, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') {
  const dir = sql.raw(desc ? 'DESC' : 'ASC');
  const keys: Record<string, ReturnType<typeof sql>> = {
    customer: sql`c.short_name ${dir},`,
    user: sql`u.last_name ${dir}, u.first_name ${dir},`,
    state: sql`s.state ${dir},`,
    paymentType: sql`s.payment_type ${dir},`,
    faultDescription: sql`s.fault_description ${dir},`,
  };
  const flag = sql.raw(family === 'INTERNAL' ? 's.has_internal' : 's.has_external');
  const result = await ctx.database.db.execute(sql`
    SELECT s.id FROM services s JOIN customers c ON c.id = s.customer_id JOIN users u ON u.id = s.user_created_id
    WHERE ${flag}
    ORDER BY ${keys[field]} s.year ${dir}, s.month ${dir}, s.number ${dir}, s.number_extension ${dir}, s.id ${dir}`);
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

async function seed() {
  const ewa = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Zielińska' });
  const adam = await createUserAndLogin(ctx, { admin: true, firstName: 'Adam', lastName: 'Bąk' });
  const bartek = await createUserAndLogin(ctx, { admin: true, firstName: 'Bartek', lastName: 'Bąk' });
  const db = ctx.database.db;
  const category = await insertCategory(db);
  const firms = [];
  for (const shortName of ['Wiertex', 'Alfa', 'Szlifmet', 'alfa-bis']) {
    const customer = await insertCustomer(db, { shortName, fullName: `${shortName} sp. z o.o.` });
    const device = await insertDevice(db, {
      customerId: customer.id,
      categoryId: category.id,
      type: 'INTERNAL',
    });
    firms.push({ customer, device });
  }
  const authors = [ewa, adam, bartek];
  const faults = ['Wyciek oleju', 'Brak zasilania', 'wymiana filtra', 'Awaria sterownika', 'Wyciek oleju'];
  let n = 0;
  for (const month of ['2025-11', '2026-01', '2026-02']) {
    for (const firm of firms) {
      // Every fourth event left open (unnumbered), some numbers with a letter.
      const isToSign = n % 4 !== 0;
      const author = authors[n % authors.length]!;
      const response = await postService(
        ctx,
        author,
        serviceJson(firm.customer.id, [firm.device.id], {
          date: `${month}-${String(1 + (n % 27)).padStart(2, '0')}`,
          number: isToSign ? `${n + 1}${n % 4 === 3 ? 'A' : ''}` : '',
          isToSign,
          paymentType: n % 3 ? 'PLATNA' : 'GWARANCYJNA',
          faultDescription: faults[n % faults.length]!,
        }),
      );
      expect(response.statusCode, response.body).toBe(201);
      n++;
    }
  }
  return { ewa, adam, bartek, firms };
}

describe('service lists at scale (issue 11)', () => {
  it('keeps every sort in the order of the joined query, ties broken by the full number', async () => {
    const { ewa } = await seed();
    for (const field of ['customer', 'user', 'state', 'paymentType', 'faultDescription']) {
      for (const desc of [false, true]) {
        const expected = await orderBefore(field, desc);
        expect(expected.length).toBe(12);
        const sort = `${field},${desc ? 'desc' : 'asc'}`;
        const whole = await get(ewa, `/api/service/findAllOrderInternal?sort=${sort}&page=1&size=100`);
        expect(ids(whole.json()), sort).toEqual(expected);
        // Pages are windows of the same order.
        const second = await get(ewa, `/api/service/findAllOrderInternal?sort=${sort}&page=2&size=5`);
        expect(ids(second.json()), sort).toEqual(expected.slice(5, 10));
      }
    }
  });

  it('follows renames of customers and users and a change of the event’s customer', async () => {
    const { ewa, firms } = await seed();
    const db = ctx.database.db;
    const byCustomer = async () =>
      ids((await get(ewa, '/api/service/findAllOrderInternal?sort=customer,asc&page=1&size=100')).json());
    await db
      .update(customers)
      .set({ shortName: 'Aaa Wiertex' })
      .where(eq(customers.id, firms[0]!.customer.id));
    expect(await byCustomer()).toEqual(await orderBefore('customer', false));
    await db.update(users).set({ lastName: 'Abacka' }).where(eq(users.id, ewa.id));
    const byUser = await get(ewa, '/api/service/findAllOrderInternal?sort=user,asc&page=1&size=100');
    expect(ids(byUser.json())).toEqual(await orderBefore('user', false));
    expect(byUser.json()[0].user).toBe('Ewa Abacka');

    // An event moved to another customer (with that customer's machine) sorts under its new name.
    const [moved] = (
      await get(ewa, '/api/service/findAllOrderInternal?sort=customer,desc&page=1&size=1')
    ).json();
    const target = firms.find((f) => f.customer.shortName === 'Alfa')!;
    const update = await ctx.app.inject({
      method: 'PUT',
      url: '/api/service/update',
      headers: as(ewa),
      payload: { ...serviceJson(target.customer.id, [target.device.id], { date: moved.date }), id: moved.id },
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(await byCustomer()).toEqual(await orderBefore('customer', false));
    const row = await db.execute(sql`SELECT customer_short_name FROM services WHERE id = ${moved.id}`);
    expect(rowsOf<unknown>(row)[0]).toEqual({ customer_short_name: 'Alfa' });
  });

  it('counts exactly up to the bound and estimates (flagged) beyond it', async () => {
    await seed();
    const db = ctx.database.db;
    expect(await countServices(db, { family: 'INTERNAL' })).toEqual({ total: 12, estimated: false });
    expect(await countServices(db, { family: 'INTERNAL' }, { bound: 12 })).toEqual({
      total: 12,
      estimated: false,
    });
    const estimated = await countServices(db, { family: 'INTERNAL' }, { bound: 5 });
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(6);
    expect(await countServices(db, { family: 'INTERNAL', q: 'wyciek' }, { bound: 3 })).toMatchObject({
      estimated: true,
    });
    expect(await countServices(db, { family: 'EXTERNAL' }, { bound: 5 })).toEqual({
      total: 0,
      estimated: false,
    });
  });

  it('matches a one- or two-character term at the start of the texts, longer ones anywhere', async () => {
    const { ewa } = await seed();
    const search = async (q: string) =>
      (
        await get(ewa, `/api/service/findAllOrderInternal?q=${encodeURIComponent(q)}&page=1&size=100`)
      ).json() as { faultDescription: string; customer: { shortName: string }; user: string }[];
    // "Wy": descriptions starting with it (and no customer or user starts with it).
    expect(new Set((await search('wy')).map((s) => s.faultDescription))).toEqual(
      new Set(['Wyciek oleju', 'wymiana filtra']),
    );
    // "ci" is inside "Wyciek" but starts nothing: no match.
    expect(await search('ci')).toEqual([]);
    // "Sz" starts a customer's name.
    expect(new Set((await search('Sz')).map((s) => s.customer.shortName))).toEqual(new Set(['Szlifmet']));
    // "Bą" starts two authors' surname (first + last name: the first name starts it, so no match).
    expect(await search('Bą')).toEqual([]);
    expect(new Set((await search('Ad')).map((s) => s.user))).toEqual(new Set(['Adam Bąk']));
    // Three characters and more: anywhere.
    expect(new Set((await search('ciek')).map((s) => s.faultDescription))).toEqual(new Set(['Wyciek oleju']));
    expect(new Set((await search('lifme')).map((s) => s.customer.shortName))).toEqual(new Set(['Szlifmet']));
    // A number of one digit: the number or the id.
    const five = await search('5');
    expect(five.length).toBeGreaterThan(0);
    // Wildcards are plain characters.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
  });

  it('searches the description in any case, to the end of a long one, and after an edit', async () => {
    const { ewa, firms } = await seed();
    const [firm] = firms;
    const add = async (faultDescription: string) => {
      const response = await postService(
        ctx,
        ewa,
        serviceJson(firm!.customer.id, [firm!.device.id], { date: '2026-03-02', faultDescription }),
      );
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: number };
    };
    const search = async (q: string) =>
      ids(
        (
          await get(ewa, `/api/service/findAllOrderInternal?q=${encodeURIComponent(q)}&page=1&size=100`)
        ).json(),
      );
    const polish = await add('ŁOŻYSKO WRZECIONA ZUŻYTE');
    // Upper- and lower-case Polish letters fold both ways, for long and for short terms.
    expect(await search('łożysko wrzeciona')).toEqual([polish.id]);
    expect(await search('zużyte')).toEqual([polish.id]);
    expect(await search('ło')).toEqual([polish.id]);
    // A description of 5,000 characters, found by its start and by its end.
    const long = await add(
      `${'Przegląd bez uwag. '.repeat(40)}Pęknięta obudowa przekładni.`.padEnd(5000, ' x'),
    );
    expect(await search('pęknięta obudowa')).toEqual([long.id]);
    expect(await search('przegląd bez uwag')).toEqual([long.id]);
    // The copy follows an edit of the description: the old text is no longer found, the new one is.
    const edited = await updateService(ctx, ewa, {
      ...serviceJson(firm!.customer.id, [firm!.device.id], {
        date: '2026-03-02',
        faultDescription: 'Uszkodzony enkoder osi Z',
      }),
      id: polish.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await search('łożysko')).toEqual([]);
    expect(await search('ENKODER')).toEqual([polish.id]);
    // The database keeps the copy: the description lower-cased, for every event.
    const copies = await ctx.database.db.execute(
      sql`SELECT fault_search FROM services WHERE id = ${polish.id}
        UNION ALL SELECT count(*)::text FROM services WHERE fault_search <> lower(fault_description)`,
    );
    expect(rowsOf<{ fault_search: string }>(copies).map((r) => r.fault_search)).toEqual([
      'uszkodzony enkoder osi z',
      '0',
    ]);
  });
});
