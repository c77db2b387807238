import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import {
  insertCategory,
  insertCustomer,
  insertDevice,
  insertService,
} from '../../../test/service-fixtures.js';
import { descriptionRegionPage } from './services.description-region.js';
import { lookUpListSearch, type ServiceListOptions } from './services.list.js';
import { expectPagesCutFromWhole } from './services.fixtures.js';
import { services } from './services.table.js';

const ctx = useTestApp();

const DESCRIPTIONS = [
  'Szlifierka nie startuje',
  'SZYBA pęknięta',
  'sz',
  'sZczelina w obudowie',
  'Sa. brak zasilania',
  'Śruba luźna',
  'S{ dziwny znak',
  'Łożysko głośne',
  'łożysko do wymiany',
  'Lożysko?',
  'Zawór cieknie',
  '',
  'szum w przekładni',
];

/**
 * Events whose descriptions start with the cases of "sz" and their neighbours in code-point order,
 * some of the customer "Szymański" (found by the same short term, whatever the description).
 */
async function seed() {
  const db = ctx.database.db;
  const admin = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Zielińska' });
  const category = await insertCategory(db, { name: 'Prasy' });
  const szymanski = await insertCustomer(db, { shortName: 'Szymański', fullName: 'Szymański Metal' });
  const other = await insertCustomer(db, { shortName: 'Odlewnia', fullName: 'Odlewnia Kraków' });
  let n = 0;
  for (const customer of [szymanski, other]) {
    const device = await insertDevice(db, {
      customerId: customer.id,
      categoryId: category.id,
      type: 'INTERNAL',
    });
    for (const [i, description] of DESCRIPTIONS.entries()) {
      n += 1;
      if ((i + n) % 3 === 0) continue;
      const event = await insertService(db, {
        userId: admin.id,
        customerId: customer.id,
        deviceIds: [device.id],
        date: `2026-0${1 + (n % 6)}-1${n % 10}`,
        number: n % 4 === 0 ? 0 : n,
      });
      // The family as the services module copies it from the machines (replaceServiceDevices).
      await db
        .update(services)
        .set({ hasInternal: true, faultDescription: description })
        .where(eq(services.id, event.id));
    }
  }
  return { admin };
}

describe('a short search in the order of the description', () => {
  it.each([
    ['faultDescription,asc', 'sz'],
    ['faultDescription,desc', 'sz'],
    ['faultDescription,asc', 'ł'],
    ['faultDescription,desc', 's'],
  ])('sorted by %s, "%s": its pages are the whole list cut in order', async (sort, q) => {
    const { admin } = await seed();
    const base = `/api/service/findAllOrderInternal?sort=${sort}&q=${encodeURIComponent(q)}`;
    const whole = await expectPagesCutFromWhole(ctx, admin, base);
    expect(whole.length).toBeGreaterThan(1);
    // The region's own reading gives those pages (the database sorts by code point here).
    const options: ServiceListOptions = { family: 'INTERNAL', q, sort };
    const found = await lookUpListSearch(ctx.database.db, options);
    const window = { offset: 2, limit: 3 };
    expect(await descriptionRegionPage(ctx.database.db, options, window, found)).toEqual(whole.slice(2, 5));
  });

  it('serves only a family list sorted by description with a short term', async () => {
    const db = ctx.database.db;
    const window = { offset: 0, limit: 15 };
    const cases: ServiceListOptions[] = [
      { family: 'INTERNAL', q: 'szlif', sort: 'faultDescription,asc' },
      { family: 'INTERNAL', q: 'sz', sort: 'date,asc' },
      { family: 'INTERNAL', q: 'é', sort: 'faultDescription,asc' },
      { deviceId: 1, q: 'sz', sort: 'faultDescription,asc' },
    ];
    for (const options of cases) {
      expect(
        await descriptionRegionPage(db, options, window, await lookUpListSearch(db, options)),
      ).toBeUndefined();
    }
  });
});
