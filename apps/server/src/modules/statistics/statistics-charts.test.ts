import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { insertMachine, insertService } from '../../../test/service-fixtures.js';
import { services } from '../services/services.table.js';
import { eq } from 'drizzle-orm';

const ctx = useTestApp();

describe('GET /api/statistics/servicesCharts', () => {
  it('gives issued and signed per month, and the shares per service and payment type, within the range', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { customer, device } = await insertMachine(ctx.database.db);
    const add = async (date: string, state: string, types: string[], paymentType = 'PLATNA') => {
      const row = await insertService(ctx.database.db, {
        userId: admin.id,
        customerId: customer.id,
        deviceIds: [device.id],
        date,
        state,
        types,
      });
      await ctx.database.db.update(services).set({ paymentType }).where(eq(services.id, row.id));
    };
    await add('2025-01-31', 'PODPISANY', ['NAPRAWA']);
    await add('2025-02-01', 'PODPISANY', ['NAPRAWA', 'PRZEGLAD_OKRESOWY'], 'GWARANCYJNA');
    await add('2025-02-28', 'UTWORZONY', ['INSTALACJA']);
    await add('2025-03-01', 'PODPISANY', ['NAPRAWA'], 'GWARANCYJNA');
    await add('2024-12-31', 'PODPISANY', ['NAPRAWA']); // before the range

    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistics/servicesCharts?dateFrom=2025-01-01T00:00&dateTo=2025-03-01',
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      months: [
        { month: '2025-01', issued: 1, signed: 1 },
        { month: '2025-02', issued: 2, signed: 1 },
        { month: '2025-03', issued: 1, signed: 1 },
      ],
      serviceTypes: [
        { type: 'NAPRAWA', count: 3 },
        { type: 'INSTALACJA', count: 1 },
        { type: 'PRZEGLAD_OKRESOWY', count: 1 },
      ],
      paymentTypes: [
        { type: 'GWARANCYJNA', count: 2 },
        { type: 'PLATNA', count: 2 },
      ],
    });
    const open = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistics/servicesCharts',
      headers: as(admin),
    });
    expect(open.json().months).toHaveLength(4);
  });

  it("gives a month without protocols inside the range with 0s, and the empty months at the range's ends", async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { customer, device } = await insertMachine(ctx.database.db);
    for (const date of ['2026-11-15', '2027-01-10']) {
      await insertService(ctx.database.db, {
        userId: admin.id,
        customerId: customer.id,
        deviceIds: [device.id],
        date,
        state: 'PODPISANY',
        types: ['NAPRAWA'],
      });
    }
    const months = async (query: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/statistics/servicesCharts${query}`,
          headers: as(admin),
        })
      ).json().months as { month: string; issued: number }[];
    expect(await months('?dateFrom=2026-10-01&dateTo=2027-03-31')).toEqual([
      { month: '2026-10', issued: 0, signed: 0 },
      { month: '2026-11', issued: 1, signed: 1 },
      { month: '2026-12', issued: 0, signed: 0 },
      { month: '2027-01', issued: 1, signed: 1 },
      { month: '2027-02', issued: 0, signed: 0 },
      { month: '2027-03', issued: 0, signed: 0 },
    ]);
    // Open ends, or ends centuries apart, draw the months from the first protocol to the last.
    for (const query of ['', '?dateFrom=1900-01-01&dateTo=2200-12-31']) {
      expect((await months(query)).map((m) => `${m.month}:${m.issued}`)).toEqual([
        '2026-11:1',
        '2026-12:0',
        '2027-01:1',
      ]);
    }
    // No protocol in the range: no months (the screen says there is nothing to show).
    expect(await months('?dateFrom=2020-01-01&dateTo=2020-06-30')).toEqual([]);
  });

  it('is for admins only', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistics/servicesCharts',
      headers: as(user),
    });
    expect(response.statusCode).toBe(403);
  });
});
