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
