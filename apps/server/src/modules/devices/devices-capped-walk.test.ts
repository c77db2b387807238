import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createUserAndLogin, useSeededTestApp, type TestUser } from '../../../test/test-app.js';
import { listIds, pageIds, seedReferences, type References } from './devices.fixtures.js';
import type { DeviceCriteria } from './devices.criteria.js';
import { deviceOrder } from './devices.order.js';
import { deviceWhere } from './devices.where.js';
import { cappedWalkIds, walkCap } from './devices.capped-walk.js';

/**
 * A walk that gives up (devices.capped-walk.ts). The register: 3 grinders in 00-100, then 3,000
 * milling machines in 31-100, then 6,000 grinders in 99-999, so that by zip code the grinders lie
 * together at both ends, as the bench's "sz" lies after 428,862 names.
 */
let refs: References;
let user: TestUser;

const ctx = useSeededTestApp(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  await ctx.database.db.execute(
    sql`INSERT INTO devices (type, name, category_id, customer_id, serial_number, zip_code)
        SELECT 'INTERNAL', CASE WHEN g <= 3 OR g > 3003 THEN 'Szlifierka' ELSE 'Frezarka' END,
               ${refs.tokarki}, ${refs.kowalski}, 'G-' || g,
               CASE WHEN g <= 3 THEN '00-100' WHEN g <= 3003 THEN '31-100' ELSE '99-999' END
        FROM generate_series(1, 9003) AS g`,
  );
  await ctx.database.db.execute(sql`ANALYZE devices`);
});

const db = () => ctx.database.db;
const ALL = { limit: 20_000, offset: 0 };

describe('the cap of a walk', () => {
  const first = { offset: 0, limit: 10 };

  it('allows the entries the estimate predicts, as many times over as the sort costs more, 2 to 256', () => {
    // 1,000 entries predicted for a first page of a hundredth of the family.
    expect(walkCap(first, 1_000_000, 10_000, 100)).toBe(100_000);
    expect(walkCap(first, 1_000_000, 10_000, 1.2)).toBe(2_000);
    expect(walkCap(first, 1_000_000, 10_000, 1_000)).toBe(256_000);
    expect(walkCap({ offset: 990, limit: 10 }, 1_000_000, 100_000, 3)).toBe(30_000);
    // 100 predicted: never fewer than 1,000.
    expect(walkCap(first, 1_000_000, 100_000, 5)).toBe(1_000);
  });

  it('leaves a walk uncapped on a deep page, when the cap would reach the family’s size, or the size is unknown', () => {
    expect(walkCap({ offset: 1_000, limit: 10 }, 1_000_000, 100_000, 3)).toBeUndefined();
    expect(walkCap(first, 100_000, 100, 2)).toBe(20_000);
    expect(walkCap(first, 100_000, 100, 10)).toBeUndefined();
    expect(walkCap(first, 1_000, 10, 2)).toBeUndefined();
    expect(walkCap(first, 0, 10, 2)).toBeUndefined();
  });
});

describe('a capped walk', () => {
  const criteria: DeviceCriteria = { family: 'INTERNAL', q: 'szlifierka' };

  it.each(['zipCode,asc', 'zipCode,desc'])(
    '%s: the page when the walk fills it within its cap, else nothing',
    async (sort) => {
      const order = deviceOrder(sort);
      // The family's machines in the order the walk passes them, and the matches among them.
      const passed = await pageIds(db(), deviceWhere({ family: 'INTERNAL' }), order, ALL);
      const matches = await pageIds(db(), deviceWhere(criteria), order, ALL);
      expect(matches).toHaveLength(6_003);
      let given = 0;
      let found = 0;
      for (const window of [
        { offset: 0, limit: 3 },
        { offset: 0, limit: 10 },
        { offset: 2, limit: 5 },
        { offset: 990, limit: 10 },
      ]) {
        const wanted = matches.slice(window.offset, window.offset + window.limit);
        for (const cap of [1, 3, 500, 3_004, 4_000, 20_000]) {
          // The last wanted match's place in the walk: within the cap, the page; beyond it, nothing.
          const within = passed.indexOf(wanted.at(-1)!) < cap;
          const walked = await cappedWalkIds(db(), criteria, sort, window, cap);
          expect(walked).toEqual(within ? wanted : undefined);
          if (within) found++;
          else given++;
        }
      }
      expect(found).toBeGreaterThan(3);
      expect(given).toBeGreaterThan(3);
    },
  );

  it('gives nothing for a page the list does not fill, however far it may walk', async () => {
    const window = { offset: 6_000, limit: 10 };
    expect(await cappedWalkIds(db(), criteria, 'zipCode,asc', window, 20_000)).toBeUndefined();
  });
});

describe('the list through the API', () => {
  it.each(['zipCode,asc', 'zipCode,desc', 'name,asc'])(
    '%s: the same pages as the plain query, where a walk would pass thousands of machines first',
    async (sort) => {
      const plain = (offset: number) =>
        pageIds(db(), deviceWhere({ family: 'INTERNAL', q: 'szlifierka' }), deviceOrder(sort), {
          limit: 10,
          offset,
        });
      for (const page of [1, 2, 100, 601]) {
        const ids = await listIds(
          ctx,
          user,
          'INTERNAL',
          {},
          `q=szlifierka&sort=${sort}&page=${page}&size=10`,
        );
        expect(ids).toEqual(await plain((page - 1) * 10));
        expect(ids).toHaveLength(page === 601 ? 3 : 10);
      }
    },
  );
});
