import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema } from '@serwis/domain';
import { createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { rowsOf } from '../../lib/result-rows.js';
import { estimatedRows } from '../../lib/paging.js';
import { lowerPrefix } from '../../lib/text-search.js';
import { holdsBits, signatureColumnsOf, startSignature } from '../../lib/trigram-signature.js';
import { devices } from './devices.table.js';
import {
  addDevice,
  addManyDevices,
  deviceBody,
  listIds,
  pageIds,
  pagePlan,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import {
  knownMatchesMayPay,
  knownMatchesPage,
  knownMatchesSearch,
  knownMatchesWhere,
} from './devices.known-matches.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { withSearchedOwners } from './devices.owner-lookups.js';
import { deviceWhere } from './devices.where.js';
import { deviceMatches } from './devices.repository.js';
import { SEARCH_SIGNATURE_COLUMNS } from './devices.signature.js';

/** A search whose every branch is known by id, walked on the sort order's index alone. */
let refs: References;
let user: TestUser;
/** The register of 3,000, and four machines of the other customer whose own text names Kowalski. */
const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  await addManyDevices(db(), refs);
  for (const name of ['Tokarka Kowalskiego', 'Prasa po Kowalskim', 'KOWALSKI-2', 'Frezarka kowalski']) {
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name, customer: { id: refs.zaklad } }));
  }
});
const db = () => ctx.database.db;

const criteriaOf = (q: string, body: Record<string, unknown> = {}): DeviceCriteria => ({
  family: 'INTERNAL',
  q,
  filter: deviceFilterSchema.parse(body),
});

/** The list's condition as the walk checks it (its search must be one the walk answers). */
async function knownWhere(criteria: DeviceCriteria, sort?: string) {
  const search = knownMatchesSearch(criteria, sort)!;
  expect(search).toBeDefined();
  return (await knownMatchesWhere(db(), criteria, search))?.where;
}

const termOf = (criteria: DeviceCriteria, sort?: string) => knownMatchesSearch(criteria, sort)?.term;

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
    ['two letters: names, serial numbers, customers, categories', 'pr', {}, undefined],
    ['two letters, the other way, with statuses', 'Ko', { statuses: ['OK', 'DANGER'] }, 'status,desc'],
    ['one letter: a status too', 'a', {}, undefined],
    ['the start of every serial number', 'SN', { provinces: [] }, undefined],
    ['two letters by name, their machines known by id', 'to', {}, 'name,asc'],
    ['two letters by category descending', 'Pr', {}, 'category,desc'],
    ['one letter by handover date: a status', 'a', {}, 'transferDate,desc'],
    ['one letter by customer, with a province', 'f', { provinces: ['małopolskie', ''] }, 'customer,asc'],
  ];

  it.each(cases)('pages like the list’s own query: %s', async (_, q, body, sort) => {
    const criteria = criteriaOf(q, body);
    expect(termOf(criteria, sort)).toBe(q);
    const where = (await knownWhere(criteria, sort))!;
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
    const criteria = criteriaOf('kowalsk', { customer: 'ZPH' });
    const where = (await knownWhere(criteria))!;
    const page = await knownMatchesPage(db(), where, 'name,asc', { limit: 10, offset: 0 });
    expect(page.map((row) => row.name)).toEqual([
      'Frezarka kowalski',
      'KOWALSKI-2',
      'Prasa po Kowalskim',
      'Tokarka Kowalskiego',
    ]);
  });

  it('knows by id the machines whose serial number holds a term typed with other separators', async () => {
    const added = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { serialNumber: 'KW-2024-77001' }));
    const where = (await knownWhere(criteriaOf('kw 2024 77001'), 'name,asc'))!;
    const page = await knownMatchesPage(db(), where, 'name,asc', { limit: 10, offset: 0 });
    expect(page.map((row) => row.id)).toEqual([added.id]);
  });

  it('takes a long term in an order whose index carries the owners, a short one in the default order', () => {
    expect(termOf(criteriaOf('nowak'))).toBe('nowak');
    expect(termOf(criteriaOf('nowak'), 'category,desc')).toBe('nowak');
    expect(termOf(criteriaOf('nowak', { statuses: ['OK'], provinces: ['śląskie'] }), 'name,asc')).toBe(
      'nowak',
    );
    expect(knownMatchesSearch(criteriaOf('to'), 'status,desc')).toEqual({ term: 'to', short: true });
    // In another order a short term's starting machines must be known by id; a number's warranty
    // length cannot be.
    expect(knownMatchesSearch(criteriaOf('to'), 'name,asc')).toEqual({
      term: 'to',
      short: true,
      startsById: true,
    });
    expect(knownMatchesSearch(criteriaOf('12'), 'name,asc')).toBeUndefined();
    expect(knownMatchesSearch(criteriaOf('12'), undefined)).toEqual({ term: '12', short: true, id: 12 });
    // A term without three letters or digits in a row is a short one (lib/text-search.ts).
    expect(knownMatchesSearch(criteriaOf('ab-1'), undefined)).toEqual({ term: 'ab-1', short: true });
    // Orders whose index carries no owners (or, for a short term, no name), text filters, the
    // owners' own lists.
    expect(termOf(criteriaOf('nowak'), 'city,asc')).toBeUndefined();
    expect(termOf(criteriaOf('to'), 'city,asc')).toBeUndefined();
    expect(termOf(criteriaOf('nowak', { street: 'Polna' }))).toBeUndefined();
    expect(termOf({ ...criteriaOf('nowak'), family: undefined })).toBeUndefined();
    expect(termOf({ ...criteriaOf('nowak'), owner: { customerId: refs.kowalski } })).toBeUndefined();
  });

  it('walks when the page lies among many matches, sorts a few', () => {
    const page1000 = { limit: 11, offset: 9990 };
    const long = { term: 'nowak', short: false };
    const short = { term: 'to', short: true };
    // 38,000 matches of 750,000: about 200,000 entries walked against 38,000 matches sorted.
    expect(knownMatchesMayPay(page1000, long, 750_000, 38_000)).toBe(true);
    expect(knownMatchesMayPay({ limit: 11, offset: 0 }, long, 750_000, 6_000)).toBe(true);
    // 6,000 matches: the 1,000th page lies beyond the whole family's walk.
    expect(knownMatchesMayPay(page1000, long, 750_000, 6_000)).toBe(false);
    // An entry checked by the bits and the names costs more: 20,000 matches are sorted.
    expect(knownMatchesMayPay(page1000, short, 750_000, 134_000)).toBe(true);
    expect(knownMatchesMayPay(page1000, long, 750_000, 20_000)).toBe(true);
    expect(knownMatchesMayPay(page1000, short, 750_000, 20_000)).toBe(false);
    // "to" at 100,000 machines: its 1,000th page lies near the end of its 13,500 matches.
    expect(knownMatchesMayPay(page1000, short, 75_000, 13_500)).toBe(false);
    expect(knownMatchesMayPay({ limit: 11, offset: 0 }, short, 75_000, 13_500)).toBe(true);
  });

  it('walks the sort order’s index alone, without a sort, a bitmap or a scan of the table', async () => {
    const plan = async (q: string, sort?: string) =>
      pagePlan(db(), (await knownWhere(criteriaOf(q), sort))!, deviceOrder(sort), { limit: 10, offset: 500 });
    const byName = await plan('Kowalski', 'name,asc');
    expect(byName).toMatch(/Index Only Scan using devices_type_name_idx on devices/);
    expect(byName).not.toMatch(/Sort|Bitmap|Seq Scan|SubPlan|InitPlan/);
    // A short term that starts many machines' serial numbers: the bits of its start before the
    // lower-cased name and serial number, in the default order only.
    const short = await plan('sn');
    expect(short).toMatch(/Index Only Scan using devices_type_weight_idx on devices/);
    expect(short).toMatch(/search_sig\d & .*lower\(\(name\)::text\)/);
    expect(short).not.toMatch(/Sort|Bitmap|Seq Scan|SubPlan|InitPlan/);
    // One that starts few: those machines by id, in any order that carries the owners.
    const byCategory = await plan('to', 'category,desc');
    expect(byCategory).toMatch(/Index Only Scan Backward using devices_type_category_name_idx on devices/);
    expect(byCategory).toMatch(/id = ANY/);
    expect(byCategory).not.toMatch(/Sort|Bitmap|Seq Scan|SubPlan|InitPlan|lower/);
  });
});

describe('the estimate of a search that matches a status', () => {
  it('counts the family once: the status’s machines of the family, not their share of it again', async () => {
    // "a" starts no name or serial number here: its matches are the third-party "Awaria" (BROKEN).
    const criteria = await withSearchedOwners(db(), { family: 'EXTERNAL', q: 'a' });
    const counted = await db().execute(
      sql`SELECT count(*)::int AS n FROM devices WHERE type = 'EXTERNAL' AND status = 'BROKEN'`,
    );
    const broken = Number(rowsOf(counted)[0]!.n);
    expect(broken).toBeGreaterThan(50);
    const estimated = await estimatedRows(db(), deviceMatches(deviceWhere(criteria, { estimate: true })));
    expect(estimated).toBeGreaterThan(broken / 2);
    expect(estimated).toBeLessThan(broken * 2);
    const known = await knownMatchesWhere(db(), criteria, knownMatchesSearch(criteria, 'name,asc')!);
    const reestimated = await estimatedRows(db(), deviceMatches(known!.estimating!));
    expect(reestimated).toBeGreaterThan(broken / 2);
    expect(reestimated).toBeLessThan(broken * 2);
  });
});

describe('a search’s owners read by id before the list (withSearchedOwners)', () => {
  const estimate = async (criteria: DeviceCriteria) =>
    estimatedRows(db(), deviceMatches(deviceWhere(criteria, { estimate: true })));

  it('are what the term names, by its kind: names containing a long term, starting with a short one', async () => {
    const long = await withSearchedOwners(db(), criteriaOf('kowalsk'));
    expect(long.searched?.customers).toContain(refs.kowalski);
    const short = await withSearchedOwners(db(), criteriaOf('zp'));
    const starting = await db().execute(
      sql`SELECT id FROM customers WHERE lower(short_name) LIKE 'zp%' ORDER BY id`,
    );
    const ids = rowsOf<{ id: number }>(starting).map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThan(0);
    expect([...short.searched!.customers].sort((a, b) => a - b)).toEqual(ids);
    expect(await withSearchedOwners(db(), criteriaOf(''))).toEqual(criteriaOf(''));
  });

  it('let the planner expect no match where the term names nothing, as the list then finds', async () => {
    // "%" and "qz" start no name, number, customer or category, "qzx" is in none: as subqueries, the
    // owners' branches were taken for ten ids each, and at 1,000,000 machines a walk expected to pass
    // a few entries passed the whole family to find nothing (0.3–0.7 s).
    for (const q of ['%', 'qz', 'qzx']) {
      const read = await withSearchedOwners(db(), criteriaOf(q));
      expect(read.searched).toEqual({ customers: [], categories: [] });
      const [withIds, withSubqueries] = [await estimate(read), await estimate(criteriaOf(q))];
      expect(withIds).toBeLessThanOrEqual(5);
      expect(withSubqueries).toBeGreaterThan(10 * withIds);
      expect(await listIds(ctx, user, 'INTERNAL', {}, `q=${encodeURIComponent(q)}&page=1&size=10`)).toEqual(
        [],
      );
    }
  });
});

// Last: these add machines, and the next test seeds the register again (useSeededTestApp).
describe('the known-matches walk, with machines added', () => {
  it('finds the bits of a short term’s start in every machine whose name or serial number starts with it', async () => {
    for (const name of ['TO-200', 'To.', 'Łódź 1', 'ąb-3', '(tokarka)', '12 ton', 'x-1', '1-2-3']) {
      await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name, serialNumber: `${name}/SN` }));
    }
    for (const term of ['to', 'TO', 'Ł', 'łó', '1', '12', '1-', '-', 'ąb', '(t', 'x', 'SN', 'sn']) {
      const bits = await startSignature(db(), term);
      const holds = holdsBits(signatureColumnsOf('devices', SEARCH_SIGNATURE_COLUMNS), bits) ?? sql`TRUE`;
      const result = await db().execute(sql`SELECT
          count(*) FILTER (WHERE NOT (${holds})) AS lacking,
          count(*) FILTER (WHERE (${lowerPrefix(devices.name, term)} OR ${lowerPrefix(devices.serialNumber, term)})
            AND NOT (${holds})) AS missed
        FROM devices`);
      const [row] = rowsOf<{ lacking: number; missed: number }>(result);
      expect([term, Number(row!.missed)]).toEqual([term, 0]);
      // The bits rule machines out, except for a term without a letter or digit, or the start of
      // every serial number.
      if (!['-', 'SN', 'sn'].includes(term)) expect(Number(row!.lacking)).toBeGreaterThan(500);
    }
  });

  it('is not tried when the machines’ own texts hold the term more than 2,000 times', async () => {
    await db().execute(sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number)
      SELECT 'INTERNAL', 'Wiertarka ' || g, ${refs.prasy}, ${refs.zaklad}, 'W-' || g FROM generate_series(1, 2001) AS g`);
    await db().execute(sql`ANALYZE devices`);
    expect(await knownWhere(criteriaOf('Kowalskiego'))).toBeDefined();
    expect(await knownWhere(criteriaOf('Wiertarka'))).toBeUndefined();
  });

  it('knows a short term’s starting machines by id when few, and takes the walk in other orders only then', async () => {
    await db().execute(sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number)
      VALUES ('INTERNAL', 'Wiertarka stołowa', ${refs.prasy}, ${refs.zaklad}, 'tO-77')`);
    const starting = await knownMatchesWhere(
      db(),
      criteriaOf('to'),
      knownMatchesSearch(criteriaOf('to'), undefined)!,
    );
    expect(starting?.estimating).toBeDefined();
    const ids = await db().execute(
      sql`SELECT id FROM devices WHERE type = 'INTERNAL' AND (lower(name) LIKE 'to%' OR lower(serial_number) LIKE 'to%') ORDER BY id`,
    );
    const expected = rowsOf(ids).map((row) => Number(row.id));
    expect(expected.length).toBeGreaterThan(100);
    expect([...starting!.branches!.texts].sort((a, b) => a - b)).toEqual(expected);
    expect(starting!.branches!.weights).toEqual([]);
    expect(
      (await knownMatchesWhere(db(), criteriaOf('a'), knownMatchesSearch(criteriaOf('a'), undefined)!))
        ?.branches?.weights,
    ).toEqual([7]);
    // "SN" starts every serial number (2,667 own machines): checked on the default order's entry,
    // and in another order not walked.
    const many = await knownMatchesWhere(
      db(),
      criteriaOf('sn'),
      knownMatchesSearch(criteriaOf('sn'), undefined)!,
    );
    expect(many?.estimating).toBeUndefined();
    expect(many?.branches).toBeUndefined();
    const byName = knownMatchesSearch(criteriaOf('sn'), 'name,asc')!;
    expect(await knownMatchesWhere(db(), criteriaOf('sn'), byName)).toBeUndefined();
  });
});
