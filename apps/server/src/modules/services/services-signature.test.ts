import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useSeededTestApp } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { runsSideBySide } from '../../db/database.js';
import { keepTheWalk, walkedIds } from '../../lib/trigram-signature.js';
import { findServiceIds, serviceListWhere, type ServiceListOptions } from './services.list.js';
import {
  knownDescriptions,
  serviceSignatureWalk,
  splitWalkQueries,
  walkedPageIds,
  walkedServiceFirst,
} from './services.signature.js';
import {
  chooseSplit,
  planWalkSplit,
  shareOnOrAfter,
  splitWalkIds,
  type WalkSplit,
} from './services.split-walk.js';
import { FAULT_HEAD_CHARS } from './services.table.js';
import { rowsOf } from '../../lib/result-rows.js';

/** Events whose stored signature or start is not their description's (should be none). */
async function staleSignatures(): Promise<number> {
  const result = await db().execute(sql`SELECT count(*)::int AS n FROM services
    WHERE ARRAY[fault_sig1, fault_sig2, fault_sig3, fault_sig4] <> trigram_signature(fault_search)
      OR fault_head <> left(fault_search, ${sql.raw(String(FAULT_HEAD_CHARS))})`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/**
 * The events' trigram signature (migration 0021) and the service lists' walk that skips by it, on
 * 2,400 events over three years: five descriptions, two customers, two creators, one named machine.
 */
const ctx = useSeededTestApp(async () => {
  const ewa = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Szymańska' });
  const adam = await createUserAndLogin(ctx, { admin: true, firstName: 'Adam', lastName: 'Bąk' });
  const category = await insertCategory(db());
  const wiertex = await insertCustomer(db(), { shortName: 'Wiertex', fullName: 'Wiertex sp. z o.o.' });
  const alfa = await insertCustomer(db(), { shortName: 'Alfa', fullName: 'Alfa Szymański i syn' });
  const device = await insertDevice(db(), {
    customerId: alfa.id,
    categoryId: category.id,
    name: 'Prasa hydrauliczna PH-40',
  });
  await db().execute(sql`INSERT INTO services (date, year, month, number, number_extension, customer_id,
      user_created_id, fault_description, has_internal, has_external)
    SELECT make_date(2024 + g % 3, 1 + g % 12, 1 + g % 28), 2024 + g % 3, 1 + g % 12,
           CASE WHEN g % 7 = 0 THEN 0 ELSE g END, CASE WHEN g % 11 = 0 THEN 'A' ELSE '' END,
           (ARRAY[${wiertex.id}, ${alfa.id}]::int[])[1 + g % 2], (ARRAY[${ewa.id}, ${adam.id}]::int[])[1 + g % 2],
           (ARRAY['Wyciek oleju z siłownika', 'Brak zasilania', 'wymiana filtra, wyciek', 'Awaria sterownika',
                  'Przegląd okresowy'])[1 + g % 5],
           g % 10 <> 0, g % 10 = 0
    FROM generate_series(1, 2400) AS g`);
  await db().execute(sql`INSERT INTO service_devices (service_id, device_id)
    SELECT id, ${device.id} FROM services WHERE id % 13 = 0`);
  await db().execute(sql`VACUUM ANALYZE services`);
});
const db = () => ctx.database.db;

/**
 * The page by the walk, whatever it costs (walkedServicePage decides when it pays); `known`: with
 * the descriptions holding the term taken by id.
 */
async function pageByWalk(options: ServiceListOptions, offset: number, known?: number[]) {
  const where = (await serviceListWhere(db(), options))!;
  const walk = (await serviceSignatureWalk(db(), options, known))!;
  expect(walk).toBeDefined();
  return walkedIds(db(), walkedPageIds(walk, where, { limit: 15, offset }));
}

describe('the service lists’ signature walk', () => {
  const cases: [string, ServiceListOptions][] = [
    ['a word of the description', { family: 'INTERNAL', q: 'wyciek' }],
    ['two words, oldest first', { family: 'INTERNAL', q: 'Wyciek oleju', sort: 'fullNumber,asc' }],
    ['a customer’s name', { family: 'INTERNAL', q: 'Szymański' }],
    ['a creator’s name', { family: 'INTERNAL', q: 'Szymańska' }],
    ['a machine’s name', { family: 'INTERNAL', q: 'hydraulicz' }],
    ['the other family', { family: 'EXTERNAL', q: 'siłownik' }],
    ['two characters: the description’s start, names', { family: 'INTERNAL', q: 'Wy' }],
    ['one character', { family: 'INTERNAL', q: 'a', sort: 'number,asc' }],
  ];

  it.each(cases)('pages like the list’s own query: %s', async (_, options) => {
    const all = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
    expect(all.length).toBeGreaterThan(30);
    for (const offset of [0, 14, Math.floor(all.length / 2), all.length - 4, all.length + 3]) {
      expect(await pageByWalk(options, offset)).toEqual(all.slice(offset, offset + 15));
    }
  });

  it('is not offered where it cannot serve: the end of a number, another order, one machine', async () => {
    // A term without three letters or digits in a row is a short one: the description's start.
    expect((await serviceSignatureWalk(db(), { family: 'INTERNAL', q: 'ab-c' }))?.allSure).toBe(true);
    for (const options of [
      { family: 'INTERNAL', q: '12/2025' },
      { family: 'INTERNAL', q: 'wyciek', sort: 'date,desc' },
      { deviceId: 1, q: 'wyciek' },
    ] as ServiceListOptions[]) {
      expect(await serviceSignatureWalk(db(), options)).toBeUndefined();
    }
  });

  it('walks the family’s order index alone and reads an event only for the candidates', async () => {
    const options: ServiceListOptions = { family: 'INTERNAL', q: 'wyciek' };
    const where = (await serviceListWhere(db(), options))!;
    const plan = await db().transaction(async (tx) => {
      const walk = (await serviceSignatureWalk(tx, options))!;
      await keepTheWalk(tx);
      const result = await tx.execute(sql`EXPLAIN ${walkedPageIds(walk, where, { limit: 15, offset: 300 })}`);
      return rowsOf<Record<string, string>>(result)
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan( Backward)? using services_internal_walk_idx on services walked/);
    // Each candidate the bits let through is read once, by its primary key, only when no branch that
    // names events outright (customer, creator, number, machine) took it already.
    expect(plan).toMatch(/SubPlan/);
    expect(plan).toMatch(/Index Scan using services_pkey on services/);
    expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
  });

  const knownCases: [string, ServiceListOptions][] = [
    ['a customer’s name, in no description', { family: 'INTERNAL', q: 'Szymański' }],
    ['a word of a description, oldest first', { family: 'INTERNAL', q: 'siłownik', sort: 'fullNumber,asc' }],
    ['a machine’s name', { family: 'INTERNAL', q: 'hydraulicz' }],
    ['the other family', { family: 'EXTERNAL', q: 'Wiertex' }],
  ];

  it.each(knownCases)(
    'with the descriptions known by id, pages like the list’s own query: %s',
    async (_, options) => {
      const known = (await knownDescriptions(db(), options.family!, options.q!))!;
      expect(known).toBeDefined();
      const all = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
      expect(all.length).toBeGreaterThan(30);
      for (const offset of [0, 14, Math.floor(all.length / 2), all.length - 4, all.length + 3]) {
        expect(await pageByWalk(options, offset, known)).toEqual(all.slice(offset, offset + 15));
      }
    },
  );

  it.each([
    ['the descriptions are known by id', 'Szymański', true],
    ['a short term is the description’s start', 'Wy', false],
    ['every description is whole in the head on the entry', 'wyciek', false],
  ])('reads no event it takes when %s', async (_, q, byId) => {
    const options: ServiceListOptions = { family: 'INTERNAL', q };
    const where = (await serviceListWhere(db(), options))!;
    const known = byId ? await knownDescriptions(db(), 'INTERNAL', q) : undefined;
    const plan = await db().transaction(async (tx) => {
      const walk = (await serviceSignatureWalk(tx, options, known))!;
      // A long term's bits rule events out; its head on the entry tells the rest.
      expect(walk.allSure).toBe(byId || q.length <= 2);
      await keepTheWalk(tx);
      const query = walkedPageIds(walk, where, { limit: 15, offset: 300 });
      const result = await tx.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${query}`);
      return rowsOf<Record<string, string>>(result)
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan( Backward)? using services_internal_walk_idx on services walked/);
    // The check of the whole condition on the event itself is planned (as a subplan) and never run.
    const reads = plan.split('\n').filter((line) => / on services (?!walked)/.test(line));
    expect(reads.length).toBeGreaterThan(0);
    for (const line of reads) expect(line).toMatch(/\(never executed\)/);
    expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
  });
});

describe('a deep page’s walk split in two at a month', () => {
  const options: ServiceListOptions = { family: 'INTERNAL', q: 'wyciek' };

  async function splitPage(split: WalkSplit, offset: number) {
    const where = (await serviceListWhere(db(), options))!;
    const walk = (await serviceSignatureWalk(db(), options))!;
    return splitWalkIds(db(), split, splitWalkQueries(walk, where, split), { limit: 15, offset });
  }

  /** How many of the matches `ids` are dated in 2026 after `month`: the first part's. */
  async function firstPartMatches(ids: number[], month: number) {
    const result = await db().execute(sql`SELECT count(*)::int AS n FROM services
      WHERE id = ANY(${`{${ids.join(',')}}`}::int[]) AND year = 2026 AND month > ${month}`);
    return rowsOf<{ n: number }>(result)[0]!.n;
  }

  it('pages like the list’s own query wherever the month falls and whatever the second part collects', async () => {
    const all = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
    expect(all.length).toBe(720);
    // 2026 holds events in March, June, September and December: a cut at 3 or 9 sits on one.
    for (const month of [0, 3, 9, 11]) {
      const first = await firstPartMatches(all, month);
      expect(first).toBeGreaterThan(10);
      for (const offset of [0, first - 20, first - 3, first + 10, all.length - 5, all.length + 3]) {
        if (offset < 0) continue;
        const page = all.slice(offset, offset + 15);
        const needed = offset + 15 - first;
        // The second part collects every match left, then just what the page needs.
        expect(await splitPage({ year: 2026, month, secondLimit: all.length }, offset)).toEqual(page);
        expect(await splitPage({ year: 2026, month, secondLimit: Math.max(1, needed) }, offset)).toEqual(
          page,
        );
        // Short of what the page needs (the first part held fewer matches than expected): the
        // second part walks on.
        for (const secondLimit of [needed - 1, Math.floor(needed / 3)].filter((limit) => limit >= 1)) {
          expect(await splitPage({ year: 2026, month, secondLimit }, offset)).toEqual(page);
        }
      }
    }
  });

  it('walks each part from its boundary to the page without sorting', async () => {
    const where = (await serviceListWhere(db(), options))!;
    const walk = (await serviceSignatureWalk(db(), options))!;
    const queries = splitWalkQueries(walk, where, { year: 2026, month: 6, secondLimit: 100 });
    const planOf = (query: ReturnType<typeof queries.first>) =>
      db().transaction(async (tx) => {
        await keepTheWalk(tx);
        const result = await tx.execute(sql`EXPLAIN ${query}`);
        return rowsOf<Record<string, string>>(result)
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
    const first = await planOf(queries.first({ offset: 0, limit: 200 }));
    expect(first).toMatch(/Index Only Scan Backward using services_internal_walk_idx on services walked/);
    expect(first).toMatch(
      /Index Cond: \(\(year = '?2026'?(::smallint)?\) AND \(month > '?6'?(::smallint)?\)\)/,
    );
    const second = await planOf(queries.second({ offset: 0, limit: 100 }));
    expect(second).toMatch(/Index Only Scan Backward using services_internal_walk_idx on services walked/);
    expect(second).toMatch(
      /Index Cond: \(ROW\(year, month\) <= ROW\('?2026'?(::smallint)?, '?6'?(::smallint)?\)\)/,
    );
    for (const plan of [first, second]) expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
  });

  it('cuts at about half of the walk, by the statistics of the events’ dates', () => {
    // Three years of dates, evenly: a bound every 10.96 days, 1,000,000 events a year.
    const start = Date.UTC(2024, 0, 1) / 86_400_000;
    const stats = {
      nullFraction: 0,
      bounds: [...Array(101).keys()].map((i) => start + i * 10.96),
      common: [],
    };
    expect(shareOnOrAfter(stats, start)).toBe(1);
    expect(shareOnOrAfter(stats, Date.UTC(2026, 0, 1) / 86_400_000)).toBeCloseTo(1 / 3, 2);
    expect(shareOnOrAfter(stats, Date.UTC(2027, 0, 2) / 86_400_000)).toBe(0);
    // A walk of 600,000 entries: the first part takes September to December (about 333,000, the
    // nearest to half), the second collects the page's end less three quarters of the first
    // part's expected matches.
    const split = chooseSplit(stats, 2026, {
      walkEntries: 600_000,
      familyTotal: 3_000_000,
      windowEnd: 15_001,
    })!;
    expect(split.year).toBe(2026);
    expect(split.month).toBe(8);
    expect(split.secondLimit).toBeGreaterThan(8_650);
    expect(split.secondLimit).toBeLessThan(8_850);
    // A walk the whole newest year holds less than a fifth of is not split.
    expect(
      chooseSplit(stats, 2026, { walkEntries: 6_000_000, familyTotal: 3_000_000, windowEnd: 15_001 }),
    ).toBe(undefined);
    // A walk shorter than the newest year's last month: the first part is that month.
    expect(
      chooseSplit(stats, 2026, { walkEntries: 100_000, familyTotal: 3_000_000, windowEnd: 2_501 })?.month,
    ).toBe(11);
  });

  it('is planned on PostgreSQL’s pool only, for a long descending walk, from the analysed dates', async () => {
    const walk = { descending: true, newestYear: sql`SELECT max(year) FROM services WHERE has_internal` };
    // The fixture's 2,160 own events stand for a million, 5% of them matches: 300,000 entries to pass.
    const family = { total: 1_000_000, estimatedMatches: 50_000 };
    const window = { offset: 14_985, limit: 15 };
    const split = await planWalkSplit(db(), walk, family, window);
    if (runsSideBySide(db())) {
      // 2026 holds a third, in March, June, September and December (about 83,000 each); the
      // target is half the walk, 150,000: a cut from June to August leaves September and December.
      expect(split).toMatchObject({ year: 2026 });
      expect(split!.month).toBeGreaterThanOrEqual(6);
      expect(split!.month).toBeLessThanOrEqual(8);
    } else {
      expect(split).toBeUndefined();
    }
    expect(await planWalkSplit(db(), { ...walk, descending: false }, family, window)).toBeUndefined();
    expect(await planWalkSplit(db(), walk, { ...family, estimatedMatches: 500_000 }, window)).toBeUndefined();
  });
});

// Last: these write, and the next test seeds the events again (useSeededTestApp).
describe('the service lists’ signature walk, with events added', () => {
  it('takes a broad search’s first matches by the walk, to count and page them, as the list’s own query', async () => {
    const options: ServiceListOptions = { family: 'INTERNAL', q: 'wyciek' };
    const where = await serviceListWhere(db(), options);
    const some = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
    expect(await walkedServiceFirst(db(), options, 100, where)).toEqual(some.slice(0, 101));
    // Fewer expected than the bound (720): counted through the index, as before.
    expect(await walkedServiceFirst(db(), options, 1000, where)).toBeUndefined();

    // 1,800 events more, one in two holding the term: more than 1,000 match.
    await db().execute(sql`INSERT INTO services (date, year, month, number, customer_id, user_created_id,
        fault_description, has_internal)
      SELECT make_date(2027, 1 + g % 12, 1 + g % 28), 2027, 1 + g % 12, g, one.customer_id, one.user_created_id,
             CASE WHEN g % 2 = 0 THEN 'Wyciek na złączu' ELSE 'Luz na prowadnicy' END, true
      FROM generate_series(1, 1800) AS g, (SELECT customer_id, user_created_id FROM services LIMIT 1) AS one`);
    await db().execute(sql`VACUUM ANALYZE services`);
    const all = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
    expect(all.length).toBeGreaterThan(1000);
    expect(await walkedServiceFirst(db(), options, 1000, where)).toEqual(all.slice(0, 1001));
    const user = await createUserAndLogin(ctx, { admin: true });
    for (const page of [1, 3, 60]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/service/findAllOrderInternal?q=wyciek&page=${page}&size=15`,
        headers: as(user),
      });
      expect((response.json() as { id: number }[]).map((row) => row.id)).toEqual(
        all.slice((page - 1) * 15, page * 15),
      );
      expect(response.headers['x-total-count-estimated']).toBe('true');
      expect(Number(response.headers['x-total-count'])).toBeGreaterThan(1000);
    }
    // Another order has no walk.
    expect(await walkedServiceFirst(db(), { ...options, sort: 'date,desc' }, 100, where)).toBeUndefined();
  });

  it('pages like the list’s own query where a description is longer than the head on the entry', async () => {
    const long = (text: string) => text.padEnd(FAULT_HEAD_CHARS + 20, ' serwis');
    const descriptions = [
      // The term after the head, across its end, in a description of exactly the head's length,
      // and a long description whose bits may hold the term's trigrams but not the term.
      long('Przegląd okresowy') + ' wyciek oleju',
      'x'.repeat(FAULT_HEAD_CHARS - 3) + 'Wyciek oleju',
      'Wyciek'.padStart(FAULT_HEAD_CHARS, '-'),
      long('wycie k, ciek, wyci, eko') + ' koniec',
    ];
    await db().execute(sql`INSERT INTO services (date, year, month, number, customer_id, user_created_id,
        fault_description, has_internal)
      SELECT make_date(2025, 1 + g % 12, 1), 2025, 1 + g % 12, 5000 + g, one.customer_id, one.user_created_id,
        (ARRAY[${sql.join(
          descriptions.map((text) => sql`${text}`),
          sql`, `,
        )}]::text[])[1 + g % 4], true
      FROM generate_series(1, 400) AS g, (SELECT customer_id, user_created_id FROM services LIMIT 1) AS one`);
    await db().execute(sql`VACUUM ANALYZE services`);
    for (const options of [
      { family: 'INTERNAL', q: 'wyciek' },
      { family: 'INTERNAL', q: 'wyciek oleju', sort: 'fullNumber,asc' },
    ] as ServiceListOptions[]) {
      const all = await findServiceIds(db(), { ...options, limit: 5000, offset: 0 });
      for (const offset of [0, 14, 200, Math.floor(all.length / 2), all.length - 4]) {
        expect(await pageByWalk(options, offset)).toEqual(all.slice(offset, offset + 15));
      }
    }
  });

  it('knows the descriptions holding a term by id up to 2,000 of them', async () => {
    expect(await knownDescriptions(db(), 'INTERNAL', 'Szymański')).toEqual([]);
    // "Wyciek oleju z siłownika": one event in five, half of them third-party (every tenth).
    expect(await knownDescriptions(db(), 'INTERNAL', 'siłownik')).toHaveLength(240);
    expect(await knownDescriptions(db(), 'EXTERNAL', 'siłownik')).toHaveLength(240);
    // Short terms are the description's start, not looked up.
    expect(await knownDescriptions(db(), 'INTERNAL', 'Wy')).toBeUndefined();
    await db().execute(sql`INSERT INTO services (date, year, month, number, customer_id, user_created_id,
        fault_description, has_internal)
      SELECT make_date(2023, 1, 1), 2023, 1, 0, one.customer_id, one.user_created_id, 'Uszczelka do wymiany', true
      FROM generate_series(1, 2001), (SELECT customer_id, user_created_id FROM services LIMIT 1) AS one`);
    await db().execute(sql`ANALYZE services`);
    expect(await knownDescriptions(db(), 'INTERNAL', 'uszczelka')).toBeUndefined();
  });
});

describe('the events’ stored signature', () => {
  it('is kept by the database on every insert and every change of the description', async () => {
    expect(await staleSignatures()).toBe(0);
    await db().execute(sql`UPDATE services SET fault_description = 'Pęknięta obudowa' WHERE id % 5 = 0`);
    await db().execute(sql`UPDATE services SET fault_sig1 = 0, fault_sig2 = 0 WHERE id % 3 = 0`);
    expect(await staleSignatures()).toBe(0);
    const [row] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM services
        WHERE (fault_sig1 & (trigram_term_signature('pęknięt'))[1]) = (trigram_term_signature('pęknięt'))[1]
          AND (fault_sig2 & (trigram_term_signature('pęknięt'))[2]) = (trigram_term_signature('pęknięt'))[2]
          AND (fault_sig3 & (trigram_term_signature('pęknięt'))[3]) = (trigram_term_signature('pęknięt'))[3]
          AND (fault_sig4 & (trigram_term_signature('pęknięt'))[4]) = (trigram_term_signature('pęknięt'))[4]`),
    );
    expect(row!.n).toBeGreaterThanOrEqual(480);
  });
});
