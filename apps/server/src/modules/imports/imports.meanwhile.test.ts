import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { IMPORT_MSG, type ImportResult } from '@serwis/domain';
import { createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { rowsOf } from '../../lib/result-rows.js';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { devices } from '../devices/devices.table.js';
import { sendImport } from './imports.fixtures.js';

/**
 * A hand edit of a record an import is about to update, made while the import runs. The import
 * locks the records it updates before it writes anything: an edit holding one of them makes it
 * wait (never the two waiting for each other), and a record no longer the one a row found (its
 * serial number or short name changed meanwhile) stops it with nothing written. On PGlite
 * statements run one at a time and nothing can come between, so these run on PostgreSQL (CI runs
 * the server suite with DATABASE_URL).
 */
const ctx = useTestApp();
const onPostgres = Boolean(process.env.DATABASE_URL);

/** Until the import's backend waits for a row lock (its `… FOR UPDATE`), in this file's database. */
async function importWaitsForLock() {
  for (let i = 0; i < 200; i++) {
    const waiting = rowsOf<{ n: number }>(
      await ctx.database.db.execute(sql`SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%' AND datname = current_database()`),
    );
    if (Number(waiting[0]!.n) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the import never waited for the edited record');
}

async function seedMachines(user: TestUser) {
  await ctx.database.db.insert(customers).values({ shortName: 'Metalex' });
  await ctx.database.db.insert(categories).values({ name: 'Lasery' });
  const first = [
    'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
    'Laser;Metalex;Lasery;S-1;Łódź',
    'Prasa;Metalex;Lasery;S-2;Łódź',
  ];
  expect((await sendImport(ctx, user, '/api/device/import', first.join('\n'))).statusCode).toBe(200);
}

const secondFile = [
  'Nazwa;Kontrahent;Kategoria;S/N;Miasto',
  'Laser;Metalex;Lasery;S-1;Sopot',
  'Giętarka;Metalex;Lasery;S-3;Sopot',
];

describe.runIf(onPostgres)('an import and a hand edit at the same time', () => {
  it('waits for an edit of a machine it updates, then writes after it', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    await seedMachines(user);
    let answer: ReturnType<typeof sendImport> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      // The edit changes the status too, so it holds the list's kept totals as well.
      await tx
        .update(devices)
        .set({ status: 'BROKEN', statusWeight: 7 })
        .where(eq(devices.serialNumber, 'S-1'));
      answer = sendImport(ctx, user, '/api/device/import', secondFile.join('\n'));
      await importWaitsForLock();
    });
    const response = await answer!;
    expect(response.statusCode).toBe(200);
    expect(response.json<ImportResult>()).toMatchObject({ added: 1, updated: 1 });
    const machines = await ctx.database.db.select().from(devices).orderBy(devices.id);
    expect(machines.map((m) => [m.serialNumber, m.city, m.status])).toEqual([
      ['S-1', 'Sopot', 'BROKEN'],
      ['S-2', 'Łódź', 'PRODUCTION'],
      ['S-3', 'Sopot', 'PRODUCTION'],
    ]);
  });

  it('writes nothing when a machine it found by serial number got another one meanwhile', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    await seedMachines(user);
    let answer: ReturnType<typeof sendImport> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(devices).set({ city: 'Gdańsk' }).where(eq(devices.serialNumber, 'S-1'));
      answer = sendImport(ctx, user, '/api/device/import', secondFile.join('\n'));
      await importWaitsForLock();
      await tx.update(devices).set({ serialNumber: 'S-1-nowy' }).where(eq(devices.serialNumber, 'S-1'));
    });
    const response = await answer!;
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(IMPORT_MSG.changedMeanwhile);
    const machines = await ctx.database.db.select().from(devices).orderBy(devices.id);
    expect(machines.map((m) => [m.serialNumber, m.city])).toEqual([
      ['S-1-nowy', 'Gdańsk'],
      ['S-2', 'Łódź'],
    ]);
  });

  it('writes nothing when a customer it updates was renamed meanwhile, so the rename stays', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    const first = ['Nazwa skrócona;Miejscowość', 'Klient 1;Łódź', 'Klient 2;Łódź'].join('\n');
    expect((await sendImport(ctx, user, '/api/customer/import', first, undefined, 'k.csv')).statusCode).toBe(
      200,
    );
    const second = ['Nazwa skrócona;Miejscowość', 'Klient 1;Sopot', 'Klient 3;Sopot'].join('\n');
    let answer: ReturnType<typeof sendImport> | undefined;
    await ctx.database.db.transaction(async (tx) => {
      await tx.update(customers).set({ city: 'Gdańsk' }).where(eq(customers.shortName, 'Klient 1'));
      answer = sendImport(ctx, user, '/api/customer/import', second, undefined, 'k.csv');
      await importWaitsForLock();
      await tx
        .update(customers)
        .set({ shortName: 'Przemianowany' })
        .where(eq(customers.shortName, 'Klient 1'));
    });
    const response = await answer!;
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(IMPORT_MSG.changedMeanwhile);
    const rows = await ctx.database.db.select().from(customers).orderBy(customers.id);
    expect(rows.map((c) => [c.shortName, c.city])).toEqual([
      ['Przemianowany', 'Gdańsk'],
      ['Klient 2', 'Łódź'],
    ]);
  });
});
