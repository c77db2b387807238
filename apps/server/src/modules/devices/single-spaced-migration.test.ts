import { eq } from 'drizzle-orm';
import type { Device } from '@serwis/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { runMigrationFile } from '../../../test/migration-file.js';
import { customers } from '../customers/customers.table.js';
import { parts } from '../parts/parts.table.js';
import { users } from '../users/users.table.js';
import { addDevice, deviceBody, seedReferences, type References } from './devices.fixtures.js';
import { devices } from './devices.table.js';

const ctx = useTestApp();
let refs: References;
let user: TestUser;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
});

describe('migration 0048_single_spaced_lines', () => {
  it('writes single-spaced the one-line values saved before with runs of spaces, and touches no other row', async () => {
    const doubled = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Prasa', serialNumber: 'PH-1' }),
    );
    const plain = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Tokarka', serialNumber: 'T 1' }),
    );
    // As a release before the rule stored them.
    await ctx.database.db
      .update(devices)
      .set({
        name: 'Prasa  hydrauliczna',
        serialNumber: 'PH   1',
        city: 'Nowa \t Huta',
        streetAddress: 'ul.  Długa 5',
      })
      .where(eq(devices.id, doubled.id));
    await ctx.database.db
      .update(customers)
      .set({ fullName: 'ACME Sp.  z o.o.', phoneNumber: '600  100 200' })
      .where(eq(customers.id, refs.zaklad));
    await ctx.database.db
      .update(users)
      .set({ firstName: 'Anna  Maria', lastName: ' Nowak-Kowalska' })
      .where(eq(users.id, user.id));
    await ctx.database.db.insert(parts).values({
      deviceId: plain.id,
      name: 'Pasek  klinowy A',
      serialNumber: 'PK\t100',
      producer: 'Gates   Polska',
    });
    const before = await ctx.database.db.select().from(devices).where(eq(devices.id, plain.id));

    await runMigrationFile(ctx.database.db, '0048_single_spaced_lines');

    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, doubled.id));
    expect(row).toMatchObject({
      name: 'Prasa hydrauliczna',
      serialNumber: 'PH 1',
      city: 'Nowa Huta',
      streetAddress: 'ul. Długa 5',
      warranty: 'pełna',
    });
    expect(await ctx.database.db.select().from(devices).where(eq(devices.id, plain.id))).toEqual(before);
    const [customer] = await ctx.database.db.select().from(customers).where(eq(customers.id, refs.zaklad));
    expect(customer).toMatchObject({ fullName: 'ACME Sp. z o.o.', phoneNumber: '600 100 200' });
    const [employee] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(employee).toMatchObject({ firstName: 'Anna Maria', lastName: 'Nowak-Kowalska' });
    const [part] = await ctx.database.db.select().from(parts);
    expect(part).toMatchObject({ name: 'Pasek klinowy A', serialNumber: 'PK 100', producer: 'Gates Polska' });
    // Found by a search typed with one space, as a machine saved now is.
    const found = await ctx.app.inject({
      method: 'POST',
      url: `/api/device/getByFilter?page=1&size=10&q=${encodeURIComponent('prasa hydrauliczna')}`,
      headers: as(user),
      payload: {},
    });
    expect(found.json<Device[]>().map((d) => d.id)).toEqual([doubled.id]);
  });
});
