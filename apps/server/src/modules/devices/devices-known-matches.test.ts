import { beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema } from '@serwis/domain';
import { createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { keepTheWalk } from '../../lib/trigram-signature.js';
import {
  addDevice,
  addManyDevices,
  deviceBody,
  pageIds,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import {
  knownMatchesMayPay,
  knownMatchesPage,
  knownMatchesTerm,
  knownMatchesWhere,
} from './devices.known-matches.js';
import { deviceOrder, deviceWhere, type DeviceCriteria } from './devices.query.js';
import { pageDeviceIdsQuery } from './devices.repository.js';

/** A search whose every branch is known by id, walked on the sort order's index alone. */
const ctx = useTestApp();
const db = () => ctx.database.db;
let refs: References;
let user: TestUser;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
});

const criteriaOf = (q: string, body: Record<string, unknown> = {}): DeviceCriteria => ({
  family: 'INTERNAL',
  q,
  filter: deviceFilterSchema.parse(body),
});

/** The register of 3,000, and four machines of the other customer whose own text names Kowalski. */
async function addRegister() {
  await addManyDevices(db(), refs);
  for (const name of ['Tokarka Kowalskiego', 'Prasa po Kowalskim', 'KOWALSKI-2', 'Frezarka kowalski']) {
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name, customer: { id: refs.zaklad } }));
  }
}

describe('the known-matches walk', () => {
  const cases: [string, string, Record<string, unknown>, string | undefined][] = [
    ['a customer’s name, in the default order', 'Kowalski', {}, undefined],
    ['a customer’s name, by name', 'kowalski', {}, 'name,asc'],
    ['a customer’s name, by name descending', 'Kowalski', {}, 'name,desc'],
    ['a customer’s name, by customer', 'Kowalski', {}, 'customer,asc'],
    ['a customer’s name, by handover date descending', 'Kowalski', {}, 'transferDate,desc'],
    ['a customer’s name and two statuses', 'Kowalski', { statuses: ['OK', 'BROKEN'] }, 'name,asc'],
    ['a customer’s name in a category', 'Kowalski', { categories: ['Prasy'] }, 'id,desc'],
    ['a category’s name', 'Prasy', {}, 'name,asc'],
    ['a status label', 'awaria', {}, 'serialNumber,asc'],
  ];

  it.each(cases)('pages like the list’s own query: %s', async (_, q, body, sort) => {
    await addRegister();
    const criteria = criteriaOf(q, body);
    expect(knownMatchesTerm(criteria, sort)).toBe(q);
    const where = (await knownMatchesWhere(db(), criteria, q))!;
    expect(where).toBeDefined();
    const all = await pageIds(db(), deviceWhere(criteria), deviceOrder(sort), { limit: 5000, offset: 0 });
    expect(all.length).toBeGreaterThan(20);
    for (const offset of [0, 7, Math.floor(all.length / 2), all.length - 3, all.length + 5]) {
      const window = { limit: 10, offset };
      const page = await knownMatchesPage(db(), where, sort, window);
      expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + 10));
    }
  });

  it('finds the machines whose own text holds the term, whoever their customer', async () => {
    await addRegister();
    const criteria = criteriaOf('kowalsk', { customer: 'ZPH' });
    const where = (await knownMatchesWhere(db(), criteria, 'kowalsk'))!;
    const page = await knownMatchesPage(db(), where, 'name,asc', { limit: 10, offset: 0 });
    expect(page.map((row) => row.name)).toEqual([
      'Frezarka kowalski',
      'KOWALSKI-2',
      'Prasa po Kowalskim',
      'Tokarka Kowalskiego',
    ]);
  });

  it('is not tried when the machines’ own texts hold the term more than 2,000 times', async () => {
    await addRegister();
    // Every serial number starts "SN-": 2,667 own machines.
    expect(await knownMatchesWhere(db(), criteriaOf('SN-1'), 'SN-1')).toBeDefined();
    expect(await knownMatchesWhere(db(), criteriaOf('SN-'), 'SN-')).toBeUndefined();
  });

  it('takes a long term of a family list in an order whose index carries the owners', () => {
    expect(knownMatchesTerm(criteriaOf('nowak'), undefined)).toBe('nowak');
    expect(knownMatchesTerm(criteriaOf('nowak'), 'category,desc')).toBe('nowak');
    expect(
      knownMatchesTerm(criteriaOf('nowak', { statuses: ['OK'], provinces: ['śląskie'] }), 'name,asc'),
    ).toBe('nowak');
    // Short or letterless terms, orders whose index carries no owners, text filters, owners' lists.
    expect(knownMatchesTerm(criteriaOf('no'), undefined)).toBeUndefined();
    expect(knownMatchesTerm(criteriaOf('-.-'), undefined)).toBeUndefined();
    expect(knownMatchesTerm(criteriaOf('nowak'), 'city,asc')).toBeUndefined();
    expect(knownMatchesTerm(criteriaOf('nowak', { street: 'Polna' }), undefined)).toBeUndefined();
    expect(knownMatchesTerm({ ...criteriaOf('nowak'), family: undefined }, undefined)).toBeUndefined();
    expect(
      knownMatchesTerm({ ...criteriaOf('nowak'), owner: { customerId: refs.kowalski } }, undefined),
    ).toBeUndefined();
  });

  it('walks when the page lies among many matches, sorts a few', () => {
    const page1000 = { limit: 11, offset: 9990 };
    // 38,000 matches of 750,000: about 200,000 entries walked against 38,000 matches sorted.
    expect(knownMatchesMayPay(page1000, 750_000, 38_000)).toBe(true);
    expect(knownMatchesMayPay({ limit: 11, offset: 0 }, 750_000, 6_000)).toBe(true);
    // 6,000 matches: the 1,000th page lies beyond the whole family's walk.
    expect(knownMatchesMayPay(page1000, 750_000, 6_000)).toBe(false);
  });

  it('walks the sort order’s index alone, without a sort, a bitmap or a scan of the table', async () => {
    await addRegister();
    const where = (await knownMatchesWhere(db(), criteriaOf('Kowalski'), 'Kowalski'))!;
    const plan = await db().transaction(async (tx) => {
      await keepTheWalk(tx);
      const query = pageDeviceIdsQuery(where, deviceOrder('name,asc'), { limit: 10, offset: 500 });
      const result = await tx.execute(sql`EXPLAIN ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using devices_type_name_idx on devices/);
    expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan|SubPlan|InitPlan/);
  });
});
