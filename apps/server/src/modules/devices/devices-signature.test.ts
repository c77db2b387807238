import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { deviceFilterSchema, type DeviceInsertInput } from '@serwis/domain';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { likeContains } from '../../lib/text-search.js';
import { keepTheWalk } from '../../lib/trigram-signature.js';
import {
  addDevice,
  addManyDevices,
  deviceBody,
  familyPrefix,
  pageIds,
  seedReferences,
  type References,
} from './devices.fixtures.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';
import {
  walkCandidateShare,
  signatureTerms,
  signatureWalk,
  signatureWalkFirst,
  signatureWalkIds,
  signatureWalkMayPay,
  signatureWalkOrder,
  signatureWalkPage,
  signatureWalkPays,
} from './devices.signature.js';
import { rowsOf } from '../../lib/result-rows.js';

/** The machines' trigram signature (migration 0020) and the walk that skips by it. */
let refs: References;
let user: TestUser;
/** The register of 3,000 machines (addManyDevices), which the walk's tests read. */
const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  await addManyDevices(db(), refs);
});
const db = () => ctx.database.db;

/** Machines whose stored signature is not the one of their search text (should be none). */
async function staleSignatures(): Promise<number> {
  const result = await db().execute(sql`SELECT count(*)::int AS n FROM devices
    WHERE ARRAY[search_sig1, search_sig2, search_sig3, search_sig4] <> trigram_signature(id::text || chr(31)
      || name || chr(31) || serial_number || chr(31) || street_address || chr(31) || zip_code || chr(31)
      || city || chr(31) || province || chr(31) || warranty || chr(31) || warranty_length::text)
      OR street_short IS DISTINCT FROM (CASE WHEN char_length(street_address) <= 40 THEN street_address END)
      OR city_short IS DISTINCT FROM (CASE WHEN char_length(city) <= 30 THEN city END)
      OR warranty_short IS DISTINCT FROM (CASE WHEN char_length(warranty) <= 40 THEN warranty END)`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

describe('the signature of a term', () => {
  it('is held by every text that contains the term as the search reads it (ILIKE)', async () => {
    // Texts in the shapes the columns take (words, numbers, Polish letters in both cases, dashes,
    // commas, the search text's chr(31) separators); terms cut from them anywhere, in another case.
    const words = [
      'Frezarka',
      'CNC',
      'Łódź',
      'ŻURAW',
      'źródło',
      'ul.',
      'Polna',
      '31-100',
      'door-to-door',
      '7,5kW',
      'Szymański',
      'ąę',
      'x',
      'Ab12',
      'pełna',
      'SN-0001',
      'Qx9',
    ];
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const pairs: [string, string][] = [];
    for (let i = 0; i < 400; i++) {
      const parts = Array.from({ length: 2 + next(6) }, () => words[next(words.length)]!);
      const text = parts.join([' ', '\u001f', ', ', ''][next(4)]);
      const chars = [...text];
      const start = next(chars.length);
      const term = chars
        .slice(start, start + 1 + next(12))
        .join('')
        .trim();
      if (!term) continue;
      const cased = next(2) ? term.toUpperCase() : term.toLowerCase();
      pairs.push([text, cased]);
    }
    const values = sql.join(
      pairs.map(([text, term]) => sql`(${text}, ${term}, ${likeContains(term)})`),
      sql`, `,
    );
    const result = await db().execute(sql`
      SELECT count(*)::int AS matched,
        count(*) FILTER (WHERE NOT (
          (s[1] & q[1]) = q[1] AND (s[2] & q[2]) = q[2] AND (s[3] & q[3]) = q[3] AND (s[4] & q[4]) = q[4]))::int AS missed,
        count(*) FILTER (WHERE q <> ARRAY[0, 0, 0, 0]::bigint[])::int AS checked
      FROM (SELECT trigram_signature(text) AS s, trigram_term_signature(term) AS q
            FROM (VALUES ${values}) AS pairs(text, term, pattern)
            WHERE text ILIKE pattern) AS matched`);
    const [row] = rowsOf<{ matched: number; missed: number; checked: number }>(result);
    expect(row!.matched).toBeGreaterThan(250);
    // Most terms have a trigram to check, and no text containing its term lacks one of its bits.
    expect(row!.checked).toBeGreaterThan(150);
    expect(row!.missed).toBe(0);
  });

  it('leaves out the padding of the term’s own ends, keeps that of the words inside it', async () => {
    const result = await db().execute(sql`SELECT
      trigram_term_signature('rezark') = trigram_bits(ARRAY['rez', 'eza', 'zar', 'ark']) AS inner,
      trigram_term_signature('wyciek oleju') = trigram_bits(ARRAY['wyc', 'yci', 'cie', 'iek', 'ek ', '  o', ' ol', 'ole', 'lej', 'eju']) AS words,
      trigram_term_signature('to') = ARRAY[0, 0, 0, 0]::bigint[] AS short,
      trigram_term_signature('qxjv0123456789') = ARRAY[0, 0, 0, 0]::bigint[] AS no_filler`);
    expect(rowsOf(result)[0]).toEqual({ inner: true, words: true, short: true, no_filler: true });
  });

  it('names the terms a walk can check: text filters on the search text’s columns and a long search', () => {
    const filter = deviceFilterSchema.parse({
      street: 'Polna',
      city: 'Łódź',
      sourcePower: '7,5kW',
      zipCode: '31',
    });
    expect(signatureTerms({ family: 'INTERNAL', filter, q: 'frezarka' })).toEqual({
      required: ['Polna', 'Łódź'],
      search: 'frezarka',
    });
    expect(signatureTerms({ family: 'INTERNAL', q: 'to' })).toBeUndefined();
    expect(signatureTerms({ family: 'INTERNAL', q: 'a-b' })).toBeUndefined();
    // A serial number's letters and digits alone are not among its text's trigrams: no walk.
    expect(signatureTerms({ family: 'INTERNAL', q: 'TO2023000921' })).toBeUndefined();
    const bySerial = deviceFilterSchema.parse({ serialNumber: 'to 2023 000921', city: 'Łódź' });
    expect(signatureTerms({ family: 'INTERNAL', filter: bySerial })).toBeUndefined();
    expect(signatureWalkOrder({ family: 'INTERNAL' }, undefined)).toBeDefined();
    expect(signatureWalkOrder({ family: 'INTERNAL' }, 'status,desc')).toBeDefined();
    expect(signatureWalkOrder({ family: 'INTERNAL' }, 'name,asc')).toBeUndefined();
    expect(signatureWalkOrder({ owner: { customerId: 1 } }, undefined)).toBeUndefined();
  });

  it('does not walk to a page that may lie past the estimated end', () => {
    const page1000 = { limit: 10, offset: 9990 };
    // "frezarka" at 100,000 machines, 11,000 estimated: the page may be past the end.
    expect(signatureWalkMayPay(page1000, 75_000, 11_000)).toBe(false);
    expect(signatureWalkMayPay(page1000, 750_000, 74_500)).toBe(true);
    expect(signatureWalkMayPay({ limit: 10, offset: 0 }, 75_000, 11_000)).toBe(true);
  });

  it('walks when the page lies among many matches, sorts a few', () => {
    // "frezarka" at 1,000,000 machines: 67,000 of 750,000 own; its 1,000th page of 10.
    // At 1,000,000 machines: "frezarka", 67,000 of 750,000 own, a tenth of the entries pass its bits.
    expect(
      signatureWalkPays(
        { limit: 10, offset: 9990 },
        { familySize: 750_000, estimatedMatches: 67_000, candidateShare: 0.1, readsSearchText: true },
      ),
    ).toBe(true);
    expect(
      signatureWalkPays(
        { limit: 10, offset: 0 },
        { familySize: 750_000, estimatedMatches: 6_000, candidateShare: 0.01, readsSearchText: true },
      ),
    ).toBe(true);
    // A street of 33,500: its sort would recheck the nine columns of every match.
    expect(
      signatureWalkPays(
        { limit: 10, offset: 9990 },
        { familySize: 750_000, estimatedMatches: 33_500, candidateShare: 0.05, readsSearchText: true },
      ),
    ).toBe(true);
    // A city of 26,000: a walk of 290,000 entries costs more than sorting them.
    expect(
      signatureWalkPays(
        { limit: 10, offset: 9990 },
        { familySize: 750_000, estimatedMatches: 26_000, candidateShare: 0.036, readsSearchText: false },
      ),
    ).toBe(false);
    // "nowak": 38,000 machines of its customers, but a fifth of the entries pass its bits.
    expect(
      signatureWalkPays(
        { limit: 10, offset: 9990 },
        { familySize: 750_000, estimatedMatches: 38_000, candidateShare: 0.2, readsSearchText: true },
      ),
    ).toBe(false);
    expect(
      signatureWalkPays(
        { limit: 10, offset: 0 },
        { familySize: 750_000, estimatedMatches: 38_000, candidateShare: 0.2, readsSearchText: true },
      ),
    ).toBe(true);
    // A serial number the planner takes for 40,000 machines: no entry of the probe passes it.
    expect(
      signatureWalkPays(
        { limit: 10, offset: 9990 },
        { familySize: 750_000, estimatedMatches: 40_000, candidateShare: 0, readsSearchText: true },
      ),
    ).toBe(false);
    expect(
      signatureWalkPays(
        { limit: 10, offset: 0 },
        { familySize: 750_000, estimatedMatches: 0, candidateShare: 0.1, readsSearchText: true },
      ),
    ).toBe(false);
  });
});

describe('the signature walk', () => {
  const cases: [
    string,
    Omit<DeviceCriteria, 'family' | 'filter'>,
    Record<string, unknown>,
    string | undefined,
  ][] = [
    ['a word of the name', { q: 'frezarka' }, {}, undefined],
    ['two words', { q: 'Frezarka CNC' }, {}, 'status,desc'],
    ['a street by the filter, with a space', {}, { street: 'Polna 1' }, undefined],
    ['a city with Polish letters', {}, { city: 'łódź' }, 'statusWeight,asc'],
    ['a customer’s name, not in the machine’s text', { q: 'Kowalski' }, {}, undefined],
    ['a status label', { q: 'awaria' }, {}, undefined],
    [
      'a search, two filters and statuses',
      { q: 'tokar' },
      { street: 'hutnicza', city: 'kraków', statuses: ['OK', 'FAULT'] },
      undefined,
    ],
  ];

  it.each(cases)('pages like the plain query: %s', async (_, criteria, body, sort) => {
    const full: DeviceCriteria = { family: 'INTERNAL', ...criteria, filter: deviceFilterSchema.parse(body) };
    const walk = (await signatureWalk(db(), full, sort))!;
    expect(walk).toBeDefined();
    const all = await pageIds(db(), deviceWhere(full), deviceOrder(sort), { limit: 5000, offset: 0 });
    expect(all.length).toBeGreaterThan(20);
    for (const offset of [0, 7, Math.floor(all.length / 2), all.length - 3, all.length + 5]) {
      const window = { limit: 10, offset };
      const page = await signatureWalkPage(db(), walk, window);
      expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + 10));
    }
  });

  it('takes a broad condition’s first matches by the walk, to count them, and leaves a rare one', async () => {
    const criteria: DeviceCriteria = { family: 'INTERNAL', q: 'frezarka' };
    const all = await pageIds(db(), deviceWhere(criteria), deviceOrder(undefined), {
      limit: 5000,
      offset: 0,
    });
    expect(all.length).toBeGreaterThan(1000);
    const family = 2667;
    const first = await signatureWalkFirst(db(), criteria, undefined, 100, family, async () => all.length);
    expect(first).toEqual(all.slice(0, 101));
    // Few matches expected: collecting them costs less than the walk.
    expect(await signatureWalkFirst(db(), criteria, undefined, 100, family, async () => 120)).toBeUndefined();
    // Another order has no walk.
    expect(
      await signatureWalkFirst(db(), criteria, 'name,asc', 100, family, async () => all.length),
    ).toBeUndefined();
  });

  it('probes the share of entries the bits cannot rule out', async () => {
    const share = async (q: string) =>
      walkCandidateShare(db(), (await signatureWalk(db(), { family: 'INTERNAL', q }, undefined))!, 2667);
    // Two names in five are "Frezarka …"; the bits pass those and few more.
    expect(await share('frezarka')).toBeGreaterThan(0.35);
    expect(await share('frezarka')).toBeLessThan(0.5);
    expect(await share('Wiertarka')).toBeLessThan(0.05);
  });

  it('walks the default order’s index and reads a machine only for the candidates', async () => {
    const criteria: DeviceCriteria = {
      family: 'INTERNAL',
      filter: deviceFilterSchema.parse({ street: 'hutnicza' }),
    };
    const plan = await db().transaction(async (tx) => {
      await keepTheWalk(tx);
      const walk = (await signatureWalk(tx, criteria, undefined))!;
      const ids = signatureWalkIds(walk, { limit: 10, offset: 500 });
      const result = await tx.execute(sql`EXPLAIN ${ids}`);
      return rowsOf<Record<string, string>>(result)
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan using devices_type_weight_idx on devices walked/);
    expect(plan).toMatch(/SubPlan/);
    expect(plan).not.toMatch(/Sort|Bitmap|Seq Scan/);
  });

  it('reads no machine whose texts are whole on the entry', async () => {
    for (const criteria of [
      { family: 'INTERNAL', filter: deviceFilterSchema.parse({ street: 'hutnicza', warranty: 'door' }) },
      { family: 'INTERNAL', q: 'frezarka' },
    ] as DeviceCriteria[]) {
      const plan = await db().transaction(async (tx) => {
        await keepTheWalk(tx);
        const walk = (await signatureWalk(tx, criteria, undefined))!;
        const ids = signatureWalkIds(walk, { limit: 10, offset: 300 });
        const result = await tx.execute(sql`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY OFF) ${ids}`);
        return rowsOf<Record<string, string>>(result)
          .map((row) => Object.values(row)[0])
          .join('\n');
      });
      expect(plan).toMatch(/Index Only Scan using devices_type_weight_idx on devices walked/);
      // The check on the machine itself is planned and never run.
      const reads = plan.split('\n').filter((line) => / on devices(?! walked)/.test(line));
      expect(reads.length).toBeGreaterThan(0);
      for (const line of reads) expect(line).toMatch(/\(never executed\)/);
    }
  });

  // Last in this block: they write, and the next test seeds the register again (useSeededTestApp).
  it('pages like the plain query where a street, city or warranty is longer than its copy on the entry', async () => {
    // Half the machines: every such text past its copy's length (40, 30, 40 characters), the words
    // the filters look for before, across and after the copy's end.
    await db().execute(sql`UPDATE devices SET
        street_address = street_address || repeat(' ', 30) || 'Polna bis',
        city = repeat('-', 25) || city || ' Wielki',
        warranty = repeat('x', 38) || warranty
      WHERE id % 2 = 0`);
    await db().execute(sql`VACUUM ANALYZE devices`);
    for (const [criteria, body] of [
      [{}, { street: 'hutnicza' }],
      [{}, { street: 'polna' }],
      [{}, { city: 'kraków' }],
      [{}, { warranty: 'door' }],
      [{ q: 'wielki' }, {}],
      [{ q: 'frezarka' }, { city: 'łódź' }],
    ] as [Pick<DeviceCriteria, 'q'>, Record<string, unknown>][]) {
      const full: DeviceCriteria = {
        family: 'INTERNAL',
        ...criteria,
        filter: deviceFilterSchema.parse(body),
      };
      const walk = (await signatureWalk(db(), full, undefined))!;
      const all = await pageIds(db(), deviceWhere(full), deviceOrder(undefined), { limit: 5000, offset: 0 });
      expect(all.length).toBeGreaterThan(20);
      for (const offset of [0, 7, Math.floor(all.length / 2), all.length - 3]) {
        const page = await signatureWalkPage(db(), walk, { limit: 10, offset });
        expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + 10));
      }
    }
  });

  it('decides on the entry a list with every filter and a search, as the plain query does', async () => {
    await db().execute(sql`UPDATE devices SET transfer_date = make_date(2024, 1 + id % 12, 1),
        province = (ARRAY['małopolskie', 'śląskie'])[1 + id % 2], source_power = '400V'`);
    // Every filter field, so the entry's row must carry every column the conditions read.
    const filter = deviceFilterSchema.parse({
      statuses: ['OK', 'FAULT', 'BROKEN'],
      customer: 'kowal',
      categories: ['Tokarki', 'Frezarki', 'Prasy'],
      serialNumber: 'SN-',
      sourcePower: '400',
      dateFrom: '2024-01-01',
      dateTo: '2024-12-31',
      warranty: 'pełna',
      street: 'hutnicza',
      zipCode: '31-',
      city: 'kraków',
      provinces: ['małopolskie', 'śląskie'],
    });
    const full: DeviceCriteria = { family: 'INTERNAL', q: 'frezarka', filter };
    const walk = (await signatureWalk(db(), full, undefined))!;
    const all = await pageIds(db(), deviceWhere(full), deviceOrder(undefined), { limit: 5000, offset: 0 });
    expect(all.length).toBeGreaterThan(0);
    for (const offset of [0, Math.max(0, all.length - 3)]) {
      const page = await signatureWalkPage(db(), walk, { limit: 10, offset });
      expect(page.map((row) => row.id)).toEqual(all.slice(offset, offset + 10));
    }
  });
});

// Last: it writes.
describe('the machines’ stored signature', () => {
  it('is kept by the database on every insert and every change of a searched column', async () => {
    const add = (overrides: Partial<DeviceInsertInput>) =>
      addDevice(ctx, user, 'INTERNAL', deviceBody(refs, overrides));
    const first = await add({ name: 'Frezarka pionowa' });
    const ours = sql`id >= ${first.id}`;
    await add({ name: 'Prasa krawędziowa', streetAddress: 'Hutnicza 7' });
    await db().execute(sql`INSERT INTO devices (type, name, category_id, customer_id, city)
      VALUES ('EXTERNAL', 'Piła taśmowa', ${refs.prasy}, ${refs.zaklad}, 'Żywiec')`);
    const edit = await ctx.app.inject({
      method: 'PUT',
      url: `${familyPrefix('INTERNAL')}/update`,
      headers: as(user),
      payload: { ...deviceBody(refs, { name: 'Wiertarka', city: 'Gdańsk' }), id: first.id, type: 'INTERNAL' },
    });
    expect(edit.statusCode).toBe(200);
    // Written by hand, the columns are overwritten from the text.
    await db().execute(
      sql`UPDATE devices SET search_sig1 = 0, search_sig2 = 0, search_sig3 = 0, search_sig4 = 0,
        street_short = 'x', city_short = NULL WHERE ${ours}`,
    );
    expect(await staleSignatures()).toBe(0);
    // A street longer than its copy's 40 characters has none.
    await db().execute(sql`UPDATE devices SET street_address = repeat('Długa ', 7) WHERE id = ${first.id}`);
    expect(await staleSignatures()).toBe(0);
    await db().execute(
      sql`UPDATE devices SET warranty = 'door-to-door', status_weight = 2 WHERE id = ${first.id}`,
    );
    expect(await staleSignatures()).toBe(0);
    const found = await db().execute(sql`SELECT name FROM devices
      WHERE (search_sig1 & (trigram_term_signature('wiertark'))[1]) = (trigram_term_signature('wiertark'))[1]
        AND (search_sig2 & (trigram_term_signature('wiertark'))[2]) = (trigram_term_signature('wiertark'))[2]
        AND (search_sig3 & (trigram_term_signature('wiertark'))[3]) = (trigram_term_signature('wiertark'))[3]
        AND (search_sig4 & (trigram_term_signature('wiertark'))[4]) = (trigram_term_signature('wiertark'))[4]
        AND ${ours}`);
    expect(rowsOf<{ name: string }>(found).map((r) => r.name)).toEqual(['Wiertarka']);
  });
});
