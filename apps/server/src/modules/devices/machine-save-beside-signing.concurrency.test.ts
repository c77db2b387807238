import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../lib/result-rows.js';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { addDevice, deviceBody, seedReferences } from './devices.fixtures.js';

/**
 * On PostgreSQL only (`npm run test:pg`; PGlite runs one transaction at a time): a signing holds its
 * machines' summary locks and then writes their summary rows; a save of the machine must not write
 * that row (its trigger does, devices_follow_inspection_keys) before it waits for the same lock, or
 * the two wait for each other and PostgreSQL ends one (a deadlock, found in a morning rush: the
 * office corrected a machine's city while its protocol was being signed).
 */
const ctx = useTestApp();

/** Waits until some transaction waits for an advisory lock (the save, behind the signing). */
async function untilAdvisoryWait() {
  for (let tries = 0; tries < 100; tries++) {
    const [row] = rowsOf<{ n: number }>(
      await ctx.database.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`,
      ),
    );
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the save never waited for the summary lock');
}

describe.runIf(process.env.DATABASE_URL)('a machine saved while its event is being signed', () => {
  it('waits for the signing, which writes the summary and commits; then saves', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const refs = await seedReferences(ctx);
    const device = await addDevice(ctx, admin, 'INTERNAL', deviceBody(refs));
    let save: Promise<{ statusCode: number }> | undefined;
    // What a signing does (refreshInspectionSummaries): the lock, then the machine's summary row.
    await ctx.database.db.transaction(async (tx) => {
      // Checked for a deadlock before the save is (PostgreSQL ends the one that finds it): a save
      // ended so runs again unseen, a signing answers 409.
      await tx.execute(sql`SET LOCAL deadlock_timeout = '100ms'`);
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('inspection-summary'), ${device.id}::int)`);
      save = ctx.app.inject({
        method: 'PUT',
        url: '/api/device/update',
        headers: as(admin),
        payload: { ...deviceBody(refs), id: device.id, city: 'Gdańsk' },
      });
      await untilAdvisoryWait();
      // Before the mend the save held this row already: this statement waited for it, and
      // PostgreSQL ended the signing for a deadlock.
      const updated = await tx.execute(
        sql`UPDATE inspection_summaries SET device_id = device_id WHERE device_id = ${device.id}`,
      );
      expect((updated as { rowCount?: number }).rowCount).toBe(1);
    });
    expect((await save!).statusCode).toBe(200);
    const [saved] = rowsOf<{ city: string }>(
      await ctx.database.db.execute(sql`SELECT city FROM devices WHERE id = ${device.id}`),
    );
    expect(saved!.city).toBe('Gdańsk');
  });
});
