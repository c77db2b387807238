import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/result-rows.js';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { postService, serviceJson } from '../services/services.fixtures.js';
import { addDevice, deviceBody, seedReferences } from './devices.fixtures.js';

/**
 * Trivial on PGlite (one query at a time); on PostgreSQL (`npm run test:pg`) the saves overlap. A
 * machine's and an event's copies of their customer's and category's names (the lists' sort keys)
 * must end equal to the names, whatever ran beside the rename; and a rename beside saves of its
 * machines, which lock the same rows the other way round, must not answer 500. So must an event's
 * copy of its creator's name while the employee is renamed.
 */
const ctx = useTestApp();
const ROUNDS = 4;
const PARALLEL = 10;

const customerBody = (id: number, shortName: string) => ({
  id,
  shortName,
  fullName: 'Kowalski i Synowie Sp. z o.o.',
  streetAddress: 'Długa 1',
  zipCode: '00-001',
  city: 'Warszawa',
  province: 'mazowieckie',
  nip: '5260001234',
});

function put(user: TestUser, url: string, payload: object) {
  return ctx.app.inject({ method: 'PUT', url, headers: as(user), payload });
}

async function staleCopies() {
  const machines = rowsOf<{ n: number }>(
    await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM devices d
      JOIN customers c ON c.id = d.customer_id JOIN categories k ON k.id = d.category_id
      WHERE d.customer_short_name <> c.short_name OR d.category_name <> k.name`),
  )[0]!.n;
  const events = rowsOf<{ n: number }>(
    await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM services s JOIN customers c ON c.id = s.customer_id
      WHERE s.customer_short_name <> c.short_name`),
  )[0]!.n;
  return { machines, events };
}

async function staleCreatorCopies() {
  return rowsOf<{ n: number }>(
    await ctx.database.db.execute(sql`
      SELECT count(*)::int AS n FROM services s JOIN users u ON u.id = s.user_created_id
      WHERE (s.user_last_name, s.user_first_name) <> (u.last_name, u.first_name)`),
  )[0]!.n;
}

describe('copies of names while an employee is renamed', () => {
  it('events the employee adds during the renames carry the new name', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const ewa = await createUserAndLogin(ctx, { firstName: 'Ewa', lastName: 'Zielińska' });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, admin, 'INTERNAL', deviceBody(refs));
    // A long history, so that each rename rewrites many copies and stays open while events arrive.
    await ctx.database.db.execute(sql`
      INSERT INTO services (date, month, year, customer_id, user_created_id)
      SELECT '2026-03-15', 3, 2026, ${refs.kowalski}, ${ewa.id} FROM generate_series(1, 3000)`);
    const ewaNow = (
      await ctx.app.inject({ method: 'GET', url: `/api/user/findById/${ewa.id}`, headers: as(admin) })
    ).json();
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all([
        put(admin, '/api/user/update', { ...ewaNow, lastName: `Adamska ${round}` }),
        ...Array.from({ length: PARALLEL }, () =>
          postService(ctx, ewa, serviceJson(refs.kowalski, [device.id], { type: ['NAPRAWA'] })),
        ),
      ]);
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    }
    expect(await staleCreatorCopies()).toBe(0);
  });
});

describe('copies of names while a customer or a category is renamed', () => {
  it('machines and events added during renames carry the new names', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, admin, 'INTERNAL', deviceBody(refs));
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all([
        ...Array.from({ length: PARALLEL }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: '/api/device/insert',
            headers: as(admin),
            payload: { ...deviceBody(refs, { serialNumber: `SN-${round}-${i}` }), type: 'INTERNAL' },
          }),
        ),
        ...Array.from({ length: PARALLEL / 2 }, () =>
          postService(ctx, admin, serviceJson(refs.kowalski, [device.id], { type: ['NAPRAWA'] })),
        ),
        put(admin, '/api/customer/update', customerBody(refs.kowalski, `Kowalski ${round}`)),
        put(admin, '/api/category/update', { id: refs.tokarki, name: `Tokarki ${round}` }),
      ]);
      expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    }
    expect(await staleCopies()).toEqual({ machines: 0, events: 0 });
  });

  it('a rename beside saves of its machines, and of machines moved into it, answers no 500', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    const inCategory = [];
    const moving = [];
    for (let i = 0; i < PARALLEL; i++) {
      inCategory.push(await addDevice(ctx, admin, 'INTERNAL', deviceBody(refs, { serialNumber: `A-${i}` })));
      moving.push(
        await addDevice(
          ctx,
          admin,
          'INTERNAL',
          deviceBody(refs, { serialNumber: `B-${i}`, category: { id: refs.frezarki } }),
        ),
      );
    }
    for (let round = 1; round <= ROUNDS; round++) {
      const target = round % 2 ? refs.tokarki : refs.frezarki;
      const answers = await Promise.all([
        put(admin, '/api/category/update', { id: refs.tokarki, name: `Tokarki ${round}` }),
        put(admin, '/api/customer/update', customerBody(refs.kowalski, `Kowalski ${round}`)),
        ...inCategory.map((d) =>
          put(admin, '/api/device/update', {
            ...deviceBody(refs, { serialNumber: d.serialNumber }),
            id: d.id,
          }),
        ),
        ...moving.map((d) =>
          put(admin, '/api/device/update', {
            ...deviceBody(refs, { serialNumber: d.serialNumber, category: { id: target } }),
            id: d.id,
          }),
        ),
      ]);
      for (const a of answers) if (a.statusCode !== 200) console.log('XX', a.statusCode, a.body);
      expect(answers.map((a) => a.statusCode)).toEqual(Array(answers.length).fill(200));
    }
    expect(await staleCopies()).toEqual({ machines: 0, events: 0 });
  });
});
