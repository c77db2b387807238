import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createUserAndLogin, recordStatements, useTestApp } from '../../../test/test-app.js';
import {
  insertCategory,
  insertCustomer,
  insertDevice,
  insertService,
} from '../../../test/service-fixtures.js';
import { expectPagesCutFromWhole } from './services.fixtures.js';
import { services } from './services.table.js';

const ctx = useTestApp();

/**
 * Customers and creators some of whom a search names ("nowak"), with events spread over months and
 * numbers, and events of the others that match by their description: the owners' events and the
 * rest interleave in every order.
 */
async function seed() {
  const db = ctx.database.db;
  const admin = await createUserAndLogin(ctx, { admin: true, firstName: 'Ewa', lastName: 'Zielińska' });
  const nowakowska = await createUserAndLogin(ctx, { firstName: 'Anna', lastName: 'Nowakowska' });
  const other = await createUserAndLogin(ctx, { firstName: 'Piotr', lastName: 'Adamski' });
  const category = await insertCategory(db, { name: 'Prasy' });
  const owners = [
    await insertCustomer(db, { shortName: 'Nowak Serwis', fullName: 'Nowak Serwis sp. j.' }),
    await insertCustomer(db, { shortName: 'Zakład Nowak', fullName: 'Zakład Nowak' }),
    await insertCustomer(db, { shortName: 'Adamczyk', fullName: 'Adamczyk i syn' }),
    await insertCustomer(db, { shortName: 'Wiśniewski', fullName: 'Wiśniewski Metal' }),
    await insertCustomer(db, { shortName: 'Nowacki', fullName: 'Nowacki Ślusarstwo' }),
  ];
  const creators = [admin, nowakowska, other];
  let n = 0;
  for (const [c, customer] of owners.entries()) {
    const device = await insertDevice(db, {
      customerId: customer.id,
      categoryId: category.id,
      type: 'INTERNAL',
    });
    for (let i = 0; i < 5; i++) {
      n += 1;
      const event = await insertService(db, {
        userId: creators[(c + i) % creators.length]!.id,
        customerId: customer.id,
        deviceIds: [device.id],
        date: `2026-0${1 + ((c * 5 + i) % 6)}-1${i}`,
        number: i === 4 ? 0 : n,
      });
      // The family as the services module copies it from the machines (replaceServiceDevices).
      const described = (c + i) % 4 === 0 ? { faultDescription: `Dzwonił pan Nowak, usterka ${n}` } : {};
      await db
        .update(services)
        .set({ hasInternal: true, ...described })
        .where(eq(services.id, event.id));
    }
  }
  return { admin };
}

describe('a search in the order of its customers or creators', () => {
  it.each([
    ['customer,asc', 'nowak', 'customers'],
    ['customer,desc', 'nowak', 'customers'],
    ['customer,asc', 'no', 'customers'],
    ['user,asc', 'nowak', 'users'],
    ['user,desc', 'nowak', 'users'],
    ['user,desc', 'an', 'users'],
  ])('sorted by %s, "%s": its pages are the whole list cut in order', async (sort, q, owners) => {
    const { admin } = await seed();
    const base = `/api/service/findAllOrderInternal?sort=${sort}&q=${q}`;
    const statements = recordStatements(ctx.database);
    try {
      const whole = await expectPagesCutFromWhole(ctx, admin, base);
      expect(whole.length).toBeGreaterThan(6);
    } finally {
      statements.stop();
    }
    // The rest of the search was read apart from the owners' events (which are read at their names,
    // in a transaction of their own).
    const apart = `NOT "services"."${owners === 'customers' ? 'customer_id' : 'user_created_id'}" = ANY`;
    expect(statements.sent.some((text) => text.includes(apart))).toBe(true);
  });
});
