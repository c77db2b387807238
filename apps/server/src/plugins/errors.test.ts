import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../test/test-app.js';
import { customerWithMachines, postService, serviceJson } from '../modules/services/services.fixtures.js';

const ctx = useTestApp();

describe('validation answers name their field', () => {
  it('names a wrong value inside the multipart serviceJson', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const json = serviceJson(customer.id, [devices[0].id], { paymentType: 'GWARANCJA' as 'PLATNA' });
    const response = await postService(ctx, user, json);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'Pole „Rodzaj płatności”: Nieprawidłowa wartość pola.',
      code: 'VALIDATION',
      field: 'paymentType',
    });
  });

  it('names a nested field of serviceJson and a missing customer', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const badDevice = await postService(
      ctx,
      user,
      serviceJson(customer.id, [devices[0].id], { devices: [{ id: 'x' as unknown as number }] }),
    );
    expect(badDevice.statusCode).toBe(400);
    expect(badDevice.json().field).toBe('devices.0.id');
    expect(badDevice.json().message).toContain('Maszyny');
    const noCustomer = await postService(ctx, user, serviceJson(999_999, [devices[0].id]));
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json()).toMatchObject({ field: 'customer.id', message: MSG.customerNotFound });
  });

  it('keeps the spec wording of a JSON body failure and adds the field', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, category } = await customerWithMachines(ctx, 0);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/insert',
      headers: as(user),
      payload: { name: 'ab', category: { id: category.id }, customer: { id: customer.id }, type: 'INTERNAL' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: MSG.machineNameTooShort, code: 'VALIDATION', field: 'name' });
  });

  it('names a query parameter', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll?page=0',
      headers: as(user),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field).toBe('page');
    expect(response.json().message).toMatch(/^Pole „Strona”: /);
    const sort = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll?sort=nope,asc',
      headers: as(user),
    });
    expect(sort.json()).toMatchObject({ field: 'sort', message: MSG.invalidSort });
  });
});
