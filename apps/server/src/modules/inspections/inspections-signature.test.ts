import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InspectionListMode } from '@serwis/domain';
import { as, createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { insertCategory, insertCustomer } from '../../../test/service-fixtures.js';
import { refreshAllInspectionSummaries } from './inspection-summaries.js';
import { listInspectionRows, type InspectionListOptions } from './inspections.repository.js';
import { walkedInspectionIds } from './inspections.signature.js';
import { rowsOf } from '../../lib/result-rows.js';

/** The inspection summaries' trigram signature (migration 0027) and the list's walk by it. */
const TODAY = '2026-03-15';

let user: TestUser;
let kinds: { spawarki: number; prasy: number };

/** Summaries whose stored signature is not their search copy's (should be none). */
async function staleSignatures(): Promise<number> {
  const result = await db().execute(sql`SELECT count(*)::int AS n FROM inspection_summaries
    WHERE ARRAY[search_sig1, search_sig2, search_sig3, search_sig4] <> trigram_signature(search_text)`);
  return rowsOf<{ n: number }>(result)[0]!.n;
}

/**
 * 6,600 own machines with inspections on, handed over on many days: three in five named "Spawarka"
 * (or in the category "Spawarki"), the rest presses; a few third-party ones, which no mode lists.
 */
const ctx = useSeededTestApp(async () => {
  user = await createUserAndLogin(ctx, { admin: true });
  const firm = await insertCustomer(db(), { shortName: 'Wiertex', fullName: 'Wiertex sp. z o.o.' });
  kinds = {
    spawarki: (await insertCategory(db(), { name: 'Spawarki' })).id,
    prasy: (await insertCategory(db(), { name: 'Prasy' })).id,
  };
  await db()
    .execute(sql`INSERT INTO devices (type, name, category_id, customer_id, city, status, status_weight,
      transfer_date, warranty_length)
    SELECT CASE WHEN g % 97 = 0 THEN 'EXTERNAL' ELSE 'INTERNAL' END,
           CASE WHEN g % 5 < 2 THEN 'Spawarka MIG ' || g WHEN g % 5 = 2 THEN 'Źródło ' || g ELSE 'Prasa ' || g END,
           CASE WHEN g % 5 = 2 THEN ${kinds.spawarki}::int ELSE ${kinds.prasy}::int END, ${firm.id}::int,
           (ARRAY['Kraków', 'Łódź', 'Gdańsk'])[1 + g % 3], 'OK', 4,
           CASE WHEN g % 11 = 0 THEN NULL ELSE make_date(2022 + g % 4, 1 + g % 12, 1 + g % 28) END,
           (ARRAY[0, 12, 24, 36])[1 + g % 4]
    FROM generate_series(1, 6600) AS g`);
  await refreshAllInspectionSummaries(db());
  await db().execute(sql`VACUUM ANALYZE inspection_summaries`);
});
const db = () => ctx.database.db;

const options = (
  mode: InspectionListMode,
  q: string,
  direction: 'asc' | 'desc' = 'asc',
): InspectionListOptions => ({
  mode,
  today: TODAY,
  q,
  sort: { field: 'daysToNextInspection', direction },
});

/** The list's own page (no walk), its machine ids. */
const plainPage = async (o: InspectionListOptions, offset: number, limit = 15) =>
  (await listInspectionRows(db(), { ...o, limit, offset })).map((row) => row.id);

describe('the inspection list’s walk by signature', () => {
  it.each([
    ['all', 'Spawarka'],
    ['onlyActual', 'spawark'],
    ['all', 'wiertex'],
    // Two characters: the starts of the copy's fields (the names and the category "Sp…", the cities "Kr…").
    ['onlyActual', 'Sp'],
    ['all', 'kr'],
  ] as const)('%s, "%s": the list’s own deep pages', async (mode, q) => {
    const o = options(mode, q);
    const all = await plainPage(o, 0, 10_000);
    // Past one and a half times the deepest page, so that no page is near the end.
    expect(all.length).toBeGreaterThan(2_000);
    for (const offset of [1_005, 1_200]) {
      const window = { limit: 15, offset };
      const expected = all.slice(offset, offset + 15);
      expect(await walkedInspectionIds(db(), o, window)).toEqual(expected);
      expect(await plainPage(o, offset)).toEqual(expected);
    }
    const page = Math.floor(1_200 / 15) + 1;
    const path = mode === 'all' ? 'all' : 'onlyActual';
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/device/periodicInspections/${path}?q=${encodeURIComponent(q)}&page=${page}&size=15`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { device: { id: number } }[]).map((row) => row.device.id)).toEqual(
      all.slice((page - 1) * 15, page * 15),
    );
    // The total is what was seen to match, not the planner's figure: the page's end and one more.
    expect(response.headers['x-total-count-estimated']).toBe('true');
    expect(response.headers['x-total-count-lower-bound']).toBe('true');
    expect(response.headers['x-total-count']).toBe(String(page * 15 + 1));
    const first = await ctx.app.inject({
      method: 'GET',
      url: `/api/device/periodicInspections/${path}?q=${encodeURIComponent(q)}&page=1&size=15`,
      headers: as(user),
    });
    expect(first.headers['x-total-count-lower-bound']).toBe('true');
    expect(first.headers['x-total-count']).toBe('1001');
  });

  it('leaves to the list’s own query a first page, another order, one character and a page near the end', async () => {
    const o = options('all', 'Spawarka');
    const matches = (await plainPage(o, 0, 10_000)).length;
    expect(await walkedInspectionIds(db(), o, { limit: 15, offset: 900 })).toBeUndefined();
    expect(
      await walkedInspectionIds(db(), options('all', 'Spawarka', 'desc'), { limit: 15, offset: 1_200 }),
    ).toBeUndefined();
    expect(
      await walkedInspectionIds(db(), options('all', 'S'), { limit: 15, offset: 1_200 }),
    ).toBeUndefined();
    expect(await walkedInspectionIds(db(), o, { limit: 15, offset: matches - 5 })).toBeUndefined();
  });
});

// Last: it writes, so the register is seeded again for any test after it.
describe('the inspection summaries’ signature', () => {
  it('is kept on every write of a summary and every rename it copies', async () => {
    expect(await staleSignatures()).toBe(0);
    const [kept] = rowsOf<{ n: number }>(
      await db().execute(sql`SELECT count(*)::int AS n FROM inspection_summaries WHERE search_sig1 <> 0`),
    );
    expect(kept!.n).toBeGreaterThan(3_000);
    await db().execute(sql`UPDATE categories SET name = 'Zgrzewarki' WHERE id = ${kinds.spawarki}`);
    await db().execute(sql`UPDATE devices SET name = 'Giętarka ' || id WHERE id % 7 = 0`);
    await db().execute(
      sql`UPDATE inspection_summaries SET search_sig1 = 0, search_sig2 = 0 WHERE device_id % 3 = 0`,
    );
    expect(await staleSignatures()).toBe(0);
  });
});
