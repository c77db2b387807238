import { describe, expect, it } from 'vitest';
import { MSG, type Device, type DeviceInsertInput } from '@serwis/domain';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import {
  addDevice,
  deviceBody,
  listDevices,
  listIds,
  pageIds,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import { deviceOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';

let refs: References;
let user: TestUser;
/** Named machines of the internal family, plus one external twin of `a`. */
let m: Record<'a' | 'b' | 'c' | 'd' | 'e' | 'ext', Device>;

const add = (overrides: Partial<DeviceInsertInput>, family: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL') =>
  addDevice(ctx, user, family, deviceBody(refs, overrides));

const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  m = {
    a: await add({
      name: 'Tokarka CNC',
      status: 'OK',
      serialNumber: 'TK-100',
      sourcePower: '400V',
      transferDate: '2024-01-01',
      warrantyLength: 24,
      warranty: 'pełna',
      streetAddress: 'Fabryczna 5',
      zipCode: '90-001',
      city: 'Łódź',
      province: 'łódzkie',
    }),
    b: await add({
      name: 'Frezarka pionowa',
      status: 'DANGER',
      category: { id: refs.frezarki },
      customer: { id: refs.zaklad },
      serialNumber: 'FR-200',
      sourcePower: '230V',
      transferDate: '2024-01-31',
      warrantyLength: 12,
      warranty: 'ograniczona',
      streetAddress: 'Polna 12',
      zipCode: '31-100',
      city: 'Kraków',
      province: 'małopolskie',
    }),
    c: await add({
      name: 'Prasa hydrauliczna',
      status: 'PRODUCTION',
      category: { id: refs.prasy },
      serialNumber: 'PR-300',
      sourcePower: '15kW',
      transferDate: '',
      warrantyLength: 0,
      warranty: '',
      streetAddress: 'Żeromskiego 7',
      zipCode: '00-950',
      city: 'Warszawa',
      province: 'mazowieckie',
    }),
    d: await add({
      name: 'Anodyzer 50%_A',
      status: 'FAULT',
      serialNumber: 'AN-400',
      sourcePower: '400V',
      transferDate: '2023-12-31',
      warrantyLength: 36,
      warranty: 'door-to-door',
      streetAddress: 'Krótka 3',
      zipCode: '40-001',
      city: 'Katowice',
      province: 'śląskie',
    }),
    e: await add({
      name: 'Tokarka uniwersalna',
      status: 'OK',
      customer: { id: refs.zaklad },
      serialNumber: 'TK-500',
      sourcePower: '11kW',
      transferDate: '2024-02-01',
      warrantyLength: 6,
      warranty: 'pełna',
      streetAddress: 'Fabryczna 9',
      zipCode: '90-002',
      city: 'Łódź',
      province: 'łódzkie',
    }),
    ext: await add({ name: 'Tokarka CNC', status: 'OK', city: 'Łódź', province: 'łódzkie' }, 'EXTERNAL'),
  };
});

const ids = (...keys: (keyof typeof m)[]) => keys.map((k) => m[k].id);
const internalIds = (filter: Record<string, unknown> = {}, query = '') =>
  listIds(ctx, user, 'INTERNAL', filter, query);
const sorted = (list: number[]) => [...list].sort((x, y) => x - y);

describe('getByFilter without paging', () => {
  it('answers every machine of the family as a full array, by status weight then id', async () => {
    const response = await listDevices(ctx, user, 'INTERNAL');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBeUndefined();
    expect((response.json() as Device[]).map((d) => d.id)).toEqual(ids('c', 'a', 'e', 'd', 'b'));
    expect(await listIds(ctx, user, 'EXTERNAL')).toEqual(ids('ext'));
  });

  it('takes an empty filter body, nulls and a missing body alike', async () => {
    const all = ids('c', 'a', 'e', 'd', 'b');
    expect(
      await internalIds({ id: '', statuses: null, customer: null, dateFrom: '', provinces: [] }),
    ).toEqual(all);
    const noBody = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/getByFilter',
      headers: { cookie: user.cookie, 'x-requested-with': 'XMLHttpRequest' },
    });
    expect((noBody.json() as Device[]).map((d) => d.id)).toEqual(all);
  });
});

describe('each filter keeps the matching rows and drops the others', () => {
  it.each([
    ['id', () => ({ id: String(m.d.id) }), ['d']],
    ['statuses by enum name', () => ({ statuses: ['OK', 'DANGER'] }), ['a', 'b', 'e']],
    ['statuses by Polish label', () => ({ statuses: ['Pilna awaria', 'Usterka'] }), ['b', 'd']],
    ['customer by short name, any case', () => ({ customer: 'zph' }), ['b', 'e']],
    ['customer by full name', () => ({ customer: 'synowie' }), ['a', 'c', 'd']],
    ['categories by name', () => ({ categories: ['Frezarki', 'prasy'] }), ['b', 'c']],
    ['a customer no customer is named', () => ({ customer: 'nikt-taki' }), []],
    ['a category no category is named', () => ({ categories: ['Nie ma takiej'] }), []],
    ['serial number contains', () => ({ serialNumber: 'tk-' }), ['a', 'e']],
    ['source power contains', () => ({ sourcePower: 'kw' }), ['c', 'e']],
    ['warranty contains', () => ({ warranty: 'PEŁNA' }), ['a', 'e']],
    ['street contains', () => ({ street: 'fabryczna' }), ['a', 'e']],
    ['zip code contains', () => ({ zipCode: '90-00' }), ['a', 'e']],
    ['city contains, Polish letters folded', () => ({ city: 'ŁÓDŹ' }), ['a', 'e']],
    ['provinces', () => ({ provinces: ['śląskie', 'małopolskie'] }), ['b', 'd']],
    ['several filters at once', () => ({ statuses: ['OK'], city: 'łódź', customer: 'kowal' }), ['a']],
  ] as const)('%s', async (_name, filter, expected) => {
    expect(sorted(await internalIds(filter()))).toEqual(sorted(ids(...expected)));
  });

  it('treats LIKE wildcards in filter text as plain characters', async () => {
    expect(await internalIds({ serialNumber: '%' })).toEqual([]);
    expect(await listIds(ctx, user, 'INTERNAL', {}, `q=${encodeURIComponent('zer 50%_a')}`)).toEqual(
      ids('d'),
    );
  });

  it('never shows the other family, whatever the filter', async () => {
    expect(await listIds(ctx, user, 'EXTERNAL', { city: 'Łódź', statuses: ['OK'] })).toEqual(ids('ext'));
    expect(await internalIds({ id: m.ext.id })).toEqual([]);
    expect(await listIds(ctx, user, 'EXTERNAL', { id: m.a.id })).toEqual([]);
  });
});

describe('date range on the handover date', () => {
  it('includes both boundary days, sent with the midnight suffix', async () => {
    const range = await internalIds({ dateFrom: '2024-01-01T00:00:00', dateTo: '2024-01-31T00:00:00' });
    expect(sorted(range)).toEqual(sorted(ids('a', 'b')));
  });

  it('works open-ended on either side and leaves out machines without a date', async () => {
    expect(sorted(await internalIds({ dateFrom: '2024-01-31T00:00:00', dateTo: '' }))).toEqual(
      sorted(ids('b', 'e')),
    );
    expect(await internalIds({ dateTo: '2023-12-31T00:00:00' })).toEqual(ids('d'));
  });

  it('refuses a date that is not one', async () => {
    const response = await listDevices(ctx, user, 'INTERNAL', { dateFrom: '31.12.2023' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: `Pole „Data od”: ${MSG.invalidDate}`,
      field: 'dateFrom',
    });
  });

  it('refuses an unknown status in the filter', async () => {
    const response = await listDevices(ctx, user, 'INTERNAL', { statuses: ['Zepsuta'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.unknownMachineStatus);
  });
});

describe('paging', () => {
  it('answers one page and X-Total-Count', async () => {
    const first = await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=2');
    expect(first.headers['x-total-count']).toBe('5');
    expect((first.json() as Device[]).map((d) => d.id)).toEqual(ids('c', 'a'));
    const last = await listDevices(ctx, user, 'INTERNAL', {}, 'page=3&size=2');
    expect(last.headers['x-total-count']).toBe('5');
    expect((last.json() as Device[]).map((d) => d.id)).toEqual(ids('b'));
  });

  it('counts the filtered rows, also past the last page', async () => {
    const beyond = await listDevices(ctx, user, 'INTERNAL', { city: 'łódź' }, 'page=5&size=10');
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('2');
    const filtered = await listDevices(ctx, user, 'INTERNAL', { statuses: ['OK', 'FAULT'] }, 'page=1&size=2');
    expect(filtered.headers['x-total-count']).toBe('3');
  });

  it('refuses a page size above the limit', async () => {
    expect((await listDevices(ctx, user, 'INTERNAL', {}, 'page=1&size=5000')).statusCode).toBe(400);
  });

  it('refuses a search term over 200 characters, saying so', async () => {
    const response = await listDevices(ctx, user, 'INTERNAL', {}, `page=1&size=10&q=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Pole „Szukaj”: Tekst może mieć najwyżej 200 znaków.');
    expect((await listDevices(ctx, user, 'INTERNAL', {}, `q=${'a'.repeat(200)}`)).statusCode).toBe(200);
  });
});

describe('sorting', () => {
  it.each([
    ['name,asc', ['d', 'b', 'c', 'a', 'e']],
    ['name,desc', ['e', 'a', 'c', 'b', 'd']],
    ['customer,asc', ['a', 'c', 'd', 'b', 'e']],
    ['category,desc', ['e', 'd', 'a', 'c', 'b']],
    ['transferDate,asc', ['d', 'a', 'b', 'e', 'c']],
    ['transferDate,desc', ['e', 'b', 'a', 'd', 'c']],
    ['warranty,desc', ['d', 'a', 'b', 'e', 'c']],
    ['status,desc', ['b', 'd', 'e', 'a', 'c']],
    ['id,desc', ['e', 'd', 'c', 'b', 'a']],
    ['city,asc', ['d', 'b', 'c', 'a', 'e']],
  ] as const)('%s', async (sort, expected) => {
    expect(await internalIds({}, `sort=${sort}`)).toEqual(ids(...expected));
  });

  it('sorts before paging', async () => {
    expect(await internalIds({}, 'sort=name,asc&page=2&size=2')).toEqual(ids('c', 'a'));
  });

  it('cuts the same page whether it walks an index or sorts the matches', async () => {
    const where = deviceWhere({ family: 'INTERNAL' });
    for (const sort of [
      'statusWeight,asc',
      'status,desc',
      'id,desc',
      'transferDate,asc',
      'transferDate,desc',
    ]) {
      for (const offset of [0, 2, 4]) {
        const window = { limit: 2, offset };
        const walked = await pageIds(ctx.database.db, where, deviceOrder(sort), window);
        const sortedMatches = await pageIds(
          ctx.database.db,
          where,
          deviceOrder(sort, { fewRows: true }),
          window,
        );
        expect(sortedMatches).toEqual(walked);
        expect(walked.length).toBe(offset === 4 ? 1 : 2);
      }
    }
  });

  it('refuses an unknown sort field with 400', async () => {
    const response = await listDevices(ctx, user, 'INTERNAL', {}, 'sort=password,asc');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.invalidSort);
  });
});

describe('free-text search q', () => {
  it.each([
    ['a name, any case', 'TOKARKA', ['a', 'e']],
    ['a status label', 'pilna', ['b']],
    ['a status enum name', 'production', ['c']],
    ['nothing for an absent status', 'in_repair', []],
    ['a customer short name', 'zph ł', ['b', 'e']],
    ['a customer full name', 'synowie', ['a', 'c', 'd']],
    ['a category name', 'prasy', ['c']],
    ['a serial number', 'fr-2', ['b']],
    ['a street', 'żeromsk', ['c']],
    ['a zip code', '31-100', ['b']],
    ['a province', 'śląskie', ['d']],
    ['a warranty kind', 'door', ['d']],
    ['a warranty length', '36', ['d']],
    ['no machine by a warranty of 0 months, which the list does not show', '0', []],
    ['the city with Polish capitals', 'KRAKÓW', ['b']],
    ['a name pasted with two spaces', 'tokarka  cnc', ['a']],
    ['a customer with a tab and spaces inside', 'zph \t ł', ['b', 'e']],
  ] as const)('finds %s', async (_name, q, expected) => {
    const found = await internalIds({}, `q=${encodeURIComponent(q)}`);
    expect(sorted(found)).toEqual(sorted(ids(...expected)));
  });

  it('matches a term without three letters or digits in a row by the start, as a short one', async () => {
    // "TK-100": its serial number starts with "tk-1" and holds "k-1" inside, which a trigram index
    // could only look up through every word that starts with "1".
    expect(await internalIds({}, `q=${encodeURIComponent('tk-1')}`)).toEqual(ids('a'));
    expect(await internalIds({}, `q=${encodeURIComponent('k-1')}`)).toEqual([]);
    expect(await internalIds({}, `q=${encodeURIComponent('---')}`)).toEqual([]);
  });

  it('finds a machine by its id', async () => {
    expect(await internalIds({}, `q=${m.d.id}`)).toContain(m.d.id);
    expect(await internalIds({}, `q=${m.ext.id}`)).not.toContain(m.ext.id);
  });

  it('combines with the filter, paging and the family', async () => {
    const response = await listDevices(
      ctx,
      user,
      'INTERNAL',
      { city: 'łódź' },
      'q=tokarka&page=1&size=1&sort=id,asc',
    );
    expect(response.headers['x-total-count']).toBe('2');
    expect((response.json() as Device[]).map((d) => d.id)).toEqual(ids('a'));
    expect(await listIds(ctx, user, 'EXTERNAL', {}, 'q=tokarka')).toEqual(ids('ext'));
  });

  it('follows an edit of the machine: found by its new name and street, no longer by the old one', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/device/update',
      headers: as(user),
      payload: {
        ...deviceBody(refs, { name: 'Szlifierka ŚWIĘTOKRZYSKA', streetAddress: 'Żółkiewskiego 7' }),
        id: m.c.id,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await internalIds({}, 'q=prasa')).not.toContain(m.c.id);
    expect(await internalIds({}, `q=${encodeURIComponent('świętokrzyska')}`)).toEqual(ids('c'));
    expect(await internalIds({}, `q=${encodeURIComponent('ŻÓŁKIEW')}`)).toEqual(ids('c'));
  });

  it('finds a serial number typed with other separators than the register holds, or none', async () => {
    const own = await add({ name: 'Zgrzewarka', serialNumber: 'TO-2023-000921' });
    const other = await add({ name: 'Zgrzewarka', serialNumber: 'to/2023/000921' }, 'EXTERNAL');
    for (const q of ['to 2023 000921', 'TO2023000921', '2023000921', 'to.2023-000921', 'o2023_0009']) {
      expect(await internalIds({}, `q=${encodeURIComponent(q)}`), q).toEqual([own.id]);
      expect(await listIds(ctx, user, 'EXTERNAL', {}, `q=${encodeURIComponent(q)}`), q).toEqual([other.id]);
    }
    // Sorted by name, the list is walked on its index with the matches known by id
    // (devices.known-matches.ts): the same machine.
    expect(await internalIds({}, `q=TO2023000921&sort=name,asc`)).toEqual([own.id]);
    // The filter panel's S/N field alike.
    for (const serialNumber of ['to 2023 000921', 'TO2023000921', 'TO-2023-000921']) {
      expect(await internalIds({ serialNumber }), serialNumber).toEqual([own.id]);
    }
    expect(await internalIds({ serialNumber: 'TO2023000922' })).toEqual([]);
    // Another number, other letters, or a name and a serial number run together find nothing.
    for (const q of ['TO2023000922', 'TX2023000921', 'Zgrzewarka TO2023', 'ZgrzewarkaTO2023']) {
      expect(await internalIds({}, `q=${encodeURIComponent(q)}`), q).toEqual([]);
    }
  });

  it('does not match across two columns', async () => {
    // name "Tokarka CNC" followed by serial "TK-100" must not read as one text
    expect(await internalIds({}, `q=${encodeURIComponent('CNC TK')}`)).toEqual([]);
  });
});
