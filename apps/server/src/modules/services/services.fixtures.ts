import type { ServiceJsonInput } from '@serwis/domain';
import { expect } from 'vitest';
import { as, type TestContext, type TestUser } from '../../../test/test-app.js';
import { insertCategory, insertCustomer, insertDevice } from '../../../test/service-fixtures.js';
import { multipart, type PartSpec } from '../files/files.fixtures.js';

/** Test helpers for service events: a customer with machines, and the add call as the browser sends it. */

export async function customerWithMachines(
  ctx: TestContext,
  count = 2,
  type: 'INTERNAL' | 'EXTERNAL' = 'INTERNAL',
) {
  const db = ctx.database.db;
  const customer = await insertCustomer(db);
  const category = await insertCategory(db);
  const devices = [];
  for (let i = 0; i < count; i++) {
    devices.push(await insertDevice(db, { customerId: customer.id, categoryId: category.id, type }));
  }
  return { customer, category, devices };
}

export function serviceJson(
  customerId: number,
  deviceIds: number[],
  overrides: Partial<ServiceJsonInput> = {},
): ServiceJsonInput {
  return {
    date: '2026-03-15',
    number: '',
    paymentType: 'PLATNA',
    type: ['NAPRAWA'],
    customer: { id: customerId },
    isToSign: false,
    faultDescription: 'Nie grzeje',
    period: -1,
    devices: deviceIds.map((id) => ({ id })),
    ...overrides,
  };
}

/** POST /api/service/add with `serviceJson` (raw text allowed, to send broken JSON) and an optional file. */
export async function postService(
  ctx: TestContext,
  user: TestUser,
  json: ServiceJsonInput | string,
  file?: { filename: string; content: Buffer | string; type?: string },
) {
  const parts: PartSpec[] = [
    { kind: 'field', name: 'serviceJson', value: typeof json === 'string' ? json : JSON.stringify(json) },
  ];
  if (file) parts.push({ kind: 'file', name: 'protocolSerwisowyFile', ...file });
  const body = await multipart(parts);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/service/add',
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
}

export async function uploadToService(
  ctx: TestContext,
  user: TestUser,
  serviceId: number,
  file: { filename: string; content: Buffer | string; type?: string },
) {
  const body = await multipart([{ kind: 'file', name: 'file', ...file }]);
  return ctx.app.inject({
    method: 'PATCH',
    url: `/api/service/addFile/${serviceId}`,
    headers: { ...as(user), ...body.headers },
    payload: body.payload,
  });
}

export function serviceAction(ctx: TestContext, user: TestUser, action: string, id: number) {
  return ctx.app.inject({ method: 'PATCH', url: `/api/service/${action}/${id}`, headers: as(user) });
}

export function updateService(ctx: TestContext, user: TestUser, payload: object) {
  return ctx.app.inject({ method: 'PUT', url: '/api/service/update', headers: as(user), payload });
}

export function deleteService(ctx: TestContext, user: TestUser, id: number) {
  return ctx.app.inject({ method: 'DELETE', url: `/api/service/delete/${id}`, headers: as(user) });
}

/**
 * A list call's ids without paging (the whole list, streamed in its order) and page by page with
 * each size: every page's X-Total-Count is the whole list's length, and the pages put together are
 * the whole list. Returns the whole list.
 */
export async function expectPagesCutFromWhole(
  ctx: TestContext,
  user: TestUser,
  base: string,
  sizes = [2, 5],
): Promise<number[]> {
  const get = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: as(user) });
    expect(response.statusCode).toBe(200);
    return response;
  };
  const ids = (body: { id: number }[]) => body.map((s) => s.id);
  const whole = ids((await get(base)).json());
  for (const size of sizes) {
    const pages: number[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / size) + 1; page++) {
      const response = await get(`${base}&page=${page}&size=${size}`);
      expect(response.headers['x-total-count']).toBe(String(whole.length));
      pages.push(...ids(response.json()));
    }
    expect(pages).toEqual(whole);
  }
  return whole;
}
