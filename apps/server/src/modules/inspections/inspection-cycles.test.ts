import { describe, expect, it } from 'vitest';
import { addMonths, todayInZone } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertDevice, insertMachine, insertService } from '../../../test/service-fixtures.js';

const ctx = useTestApp();

describe('GET /api/device/inspectionCycles', () => {
  it('answers each machine’s largest counted period, leaving out the event being edited', async () => {
    const user = await createUserAndLogin(ctx);
    const transferDate = addMonths(todayInZone(ctx.config.TZ_COMPANY), -20);
    const db = ctx.database.db;
    const { device, customer, category } = await insertMachine(db, { name: 'Prasa A', transferDate });
    const fresh = await insertDevice(db, {
      name: 'Prasa B',
      customerId: customer.id,
      categoryId: category.id,
      transferDate: null,
      isPeriodicInspectionEnabled: false,
    });
    const base = { userId: user.id, customerId: customer.id, deviceIds: [device.id] };
    await insertService(db, { ...base, date: addMonths(transferDate, 6), period: 6, number: 1 });
    const twelve = await insertService(db, {
      ...base,
      date: addMonths(transferDate, 12),
      period: 12,
      number: 2,
      deviceIds: [device.id, fresh.id],
    });
    // Neither a rejected inspection nor a repair counts.
    await insertService(db, {
      ...base,
      date: addMonths(transferDate, 18),
      period: 18,
      state: 'ODRZUCONY',
      number: 3,
    });
    await insertService(db, { ...base, date: addMonths(transferDate, 13), period: 30, types: ['NAPRAWA'] });

    const ask = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/device/inspectionCycles?${query}`, headers: as(user) });
    const response = await ask(`ids=${fresh.id},${device.id},999999`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: device.id, name: 'Prasa A', transferDate, isPeriodicInspectionEnabled: true, lastPeriod: 12 },
      {
        id: fresh.id,
        name: 'Prasa B',
        transferDate: null,
        isPeriodicInspectionEnabled: false,
        lastPeriod: 12,
      },
    ]);

    const editing = await ask(`ids=${device.id},${fresh.id}&exceptService=${twelve.id}`);
    expect(editing.json().map((c: { lastPeriod: number }) => c.lastPeriod)).toEqual([6, -1]);
    // An older inspection corrected: only the inspections up to its date count.
    const older = await ask(`ids=${device.id}&before=${addMonths(transferDate, 6)}`);
    expect(older.json()[0].lastPeriod).toBe(6);
    const beforeAny = await ask(`ids=${device.id}&before=${addMonths(transferDate, 1)}`);
    expect(beforeAny.json()[0].lastPeriod).toBe(-1);
  });

  it('refuses a list that is not of ids, or longer than an event’s machines, with a 400', async () => {
    const user = await createUserAndLogin(ctx);
    const ask = (query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/device/inspectionCycles?${query}`, headers: as(user) });
    for (const query of [
      'ids=1e2',
      'ids=0x10',
      'ids=1&before=2026-13',
      'ids=1&before=2026-13-01',
      'ids=1&before=2026-02-30',
      'ids=1&before=wczoraj',
      'ids=1,x',
      'ids=',
      'ids=0',
      'ids=1.5',
      `ids=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`,
      '',
    ]) {
      const response = await ask(query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toMatch(/[ąćęłńóśźżĄĆĘŁŃÓŚŹŻ]|Nieprawidłow/);
    }
  });
});
