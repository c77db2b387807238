import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InspectionSortField } from '@serwis/domain';
import { useTestApp } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { rowsOf } from '../../lib/result-rows.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { refreshAllInspectionSummaries } from './inspection-summaries.js';
import { countInspectionRows, listInspectionRows } from './inspections.repository.js';

/** Issue 11: the inspection list's sort keys copied into the summaries, and its bounded total. */
const ctx = useTestApp();
const TODAY = '2026-03-15';

/** The joined expression each sort used before the keys were copied. */
const JOINED: Partial<Record<InspectionSortField, string>> = {
  status: 'd.status_weight',
  name: 'd.name',
  category: 'k.name',
  customer: 'c.short_name',
  city: 'd.city',
  transferDate: 'd.transfer_date',
  daysToEndWarranty: '(d.transfer_date + make_interval(months => d.warranty_length))::date',
};

async function joinedOrder(field: InspectionSortField, dir: 'asc' | 'desc') {
  const result = await ctx.database.db.execute(
    sql.raw(`SELECT d.id FROM inspection_summaries s JOIN devices d ON d.id = s.device_id
      JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id
      WHERE s.listed ORDER BY ${JOINED[field]} ${dir} NULLS LAST, s.device_id ASC`),
  );
  return rowsOf<{ id: number }>(result).map((r) => r.id);
}

const page = async (field: InspectionSortField, dir: 'asc' | 'desc', limit: number, offset: number) =>
  (
    await listInspectionRows(ctx.database.db, {
      mode: 'all',
      today: TODAY,
      sort: { field, direction: dir },
      limit,
      offset,
    })
  ).map((r) => r.id);

async function seed() {
  const db = ctx.database.db;
  const firms = [
    await insertCustomer(db, { shortName: 'Beta' }),
    await insertCustomer(db, { shortName: 'Alfa' }),
  ];
  const kinds = [
    await insertCategory(db, { name: 'Tokarki' }),
    await insertCategory(db, { name: 'Frezarki' }),
  ];
  const names = ['Prasa', 'Tokarka', 'Prasa', 'Frezarka', 'Prasa', 'Wiertarka'];
  const dates = ['2024-01-31', null, '2025-06-15', '2024-01-31', null, '2023-03-01'];
  for (const [i, name] of names.entries()) {
    await insertDevice(db, {
      name,
      type: 'INTERNAL',
      customerId: firms[i % 2]!.id,
      categoryId: kinds[(i >> 1) % 2]!.id,
      city: i % 3 ? 'Łódź' : 'Kalisz',
      statusWeight: (i % 3) + 1,
      transferDate: dates[i],
      warrantyLength: 12 * ((i % 2) + 1),
    });
  }
  await refreshAllInspectionSummaries(db);
  return { firms, kinds };
}

describe('inspection list sort keys (issue 11)', () => {
  it('orders every sort as the joined query did, on every page', async () => {
    await seed();
    for (const field of Object.keys(JOINED) as InspectionSortField[]) {
      for (const dir of ['asc', 'desc'] as const) {
        const expected = await joinedOrder(field, dir);
        expect(expected).toHaveLength(6);
        const pages = [...(await page(field, dir, 4, 0)), ...(await page(field, dir, 4, 4))];
        expect(pages, `${field},${dir}`).toEqual(expected);
      }
    }
  });

  it('follows changes of the machine, its customer and its category', async () => {
    const { firms, kinds } = await seed();
    const db = ctx.database.db;
    const [first] = await db.select().from(devices).orderBy(devices.id).limit(1);
    await db.update(devices).set({ name: 'Aaa prasa', city: 'Zgierz' }).where(eq(devices.id, first!.id));
    await db.update(customers).set({ shortName: 'Zeta' }).where(eq(customers.id, firms[1]!.id));
    await db.update(categories).set({ name: 'Wiertarki' }).where(eq(categories.id, kinds[0]!.id));
    for (const field of ['name', 'city', 'customer', 'category'] as const) {
      expect(await page(field, 'asc', 10, 0), field).toEqual(await joinedOrder(field, 'asc'));
    }
    expect((await page('name', 'asc', 1, 0))[0]).toBe(first!.id);
    // The rows show the renamed customer and category (the machine's copies of their names).
    const rows = await listInspectionRows(db, {
      mode: 'all',
      today: TODAY,
      sort: { field: 'name', direction: 'asc' },
      limit: 15,
      offset: 0,
    });
    const names = new Set(rows.flatMap((r) => [r.customer_short_name, r.category_name]));
    expect(names).toContain('Zeta');
    expect(names).toContain('Wiertarki');
    expect(rows.find((r) => r.customer_id === firms[1]!.id)?.customer_short_name).toBe('Zeta');
    expect(rows.find((r) => r.category_id === kinds[0]!.id)?.category_name).toBe('Wiertarki');
    // The search copy follows them too: the new texts are found, lower-cased as the database does.
    const stale = await db.execute(sql`SELECT count(*)::int AS n FROM inspection_summaries
      WHERE search_text <> lower(device_name || chr(31) || city || chr(31) || customer_short_name
        || chr(31) || category_name)`);
    expect(rowsOf<{ n: number }>(stale)[0]!.n).toBe(0);
    const found = async (q: string) => (await countInspectionRows(db, { mode: 'all', q })).total;
    expect(await found('ZGIERZ')).toBe(1);
    expect(await found('Ze')).toBe(3);
    expect(await found('wiertarki')).toBe(4);
    expect(await found('Alfa')).toBe(0);

    // One statement renaming every machine (an import's chunk) reaches every summary.
    await db.update(devices).set({ name: sql`'Zzz ' || ${devices.id}` });
    const behind = await db.execute(sql`SELECT count(*)::int AS n FROM inspection_summaries s
      JOIN devices d ON d.id = s.device_id WHERE s.device_name <> d.name`);
    expect(rowsOf<{ n: number }>(behind)[0]!.n).toBe(0);
    expect(await found('zzz')).toBe((await db.select().from(devices)).length);
  });

  it('counts exactly up to the bound and flags an estimate beyond it', async () => {
    await seed();
    const db = ctx.database.db;
    expect(await countInspectionRows(db, { mode: 'all' })).toEqual({ total: 6, estimated: false });
    const estimated = await countInspectionRows(db, { mode: 'all' }, 3);
    expect(estimated.estimated).toBe(true);
    expect(estimated.total).toBeGreaterThanOrEqual(4);
    expect(await countInspectionRows(db, { mode: 'all', q: 'Prasa' })).toEqual({
      total: 3,
      estimated: false,
    });
  });

  it('searches the copied texts: 1–2 characters at their start, 3+ anywhere', async () => {
    await seed();
    const names = async (q: string) =>
      (
        await listInspectionRows(ctx.database.db, {
          mode: 'all',
          today: TODAY,
          q,
          sort: { field: 'name', direction: 'asc' },
          limit: 15,
          offset: 0,
        })
      ).map((r) => `${r.name}/${r.city}/${r.customer_short_name}/${r.category_name}`);
    expect(await names('pr')).toHaveLength(3);
    expect(await names('ra')).toEqual([]); // inside "Prasa", "Tokarka" only
    expect(await names('rasa')).toHaveLength(3);
    expect(await names('Łó')).toHaveLength(4);
    // One character: the start of a text too (through the prefix B-trees, not the copy's trigrams).
    expect(await names('ł')).toHaveLength(4);
    expect(await names('K')).toHaveLength(2);
    expect(await names('a')).toHaveLength(3);
    expect(await names('z')).toEqual([]);
    expect(await names('łód')).toHaveLength(4);
    expect(await names('Al')).toHaveLength(3);
    expect(await names('frez')).toHaveLength(2); // category Frezarki (the machine Frezarka is in it)
    expect(await names('%')).toEqual([]);
  });
});
