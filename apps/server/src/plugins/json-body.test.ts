import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../test/test-app.js';
import { customerWithMachines, postService, serviceJson } from '../modules/services/services.fixtures.js';

const ctx = useTestApp();
const JSON_TYPE = { 'content-type': 'application/json' };

const addTodo = async (admin: TestUser) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/todo/save',
    headers: as(admin),
    payload: { description: 'Zadzwonić do klienta', toDoStatus: 'TODO', date: '2026-03-28T10:00:00.000Z' },
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: number }>().id;
};

const todoIds = async (admin: TestUser) =>
  (await ctx.app.inject({ method: 'GET', url: '/api/todo/get?toDoStatus=ALL', headers: as(admin) }))
    .json<{ id: number }[]>()
    .map((t) => t.id);

describe('a JSON Content-Type on a call without a body', () => {
  it('is a call without a body: a DELETE of spec §7 deletes', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const kept = await addTodo(admin);
    const removed = await addTodo(admin);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/todo/delete?id=${removed}`,
      headers: { ...as(admin), ...JSON_TYPE },
    });
    expect(response.statusCode).toBe(200);
    expect(await todoIds(admin)).toEqual([kept]);
  });

  it('still refuses a malformed body and a __proto__ key in Polish, writing nothing', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const payload of ['{"description":', '{"__proto__":{"isAdmin":true},"description":"x"}']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/todo/save',
        headers: { ...as(admin), ...JSON_TYPE },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message).toBe(MSG.invalidInput);
    }
    expect(await todoIds(admin)).toEqual([]);
  });

  it('leaves a call that needs a body refused for want of one', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/todo/save',
      headers: { ...as(admin), ...JSON_TYPE },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(await todoIds(admin)).toEqual([]);
  });
});

describe('texts arriving in a JSON body', () => {
  const composed = 'Kawiarnia Café';
  const decomposed = 'Kawiarnia Cafe\u0301';

  it('are stored composed: a name pasted with a combining accent is the same name, found by either form', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const insert = (shortName: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/customer/insert',
        headers: as(admin),
        payload: { shortName },
      });
    const first = await insert(decomposed);
    expect(first.statusCode).toBe(201);
    expect(first.json().shortName).toBe(composed);
    const second = await insert(composed);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('Kontrahent z podaną nazwą już istnieje.');

    for (const q of [composed, decomposed]) {
      const found = await ctx.app.inject({
        method: 'GET',
        url: `/api/customer/findAll?page=1&size=10&q=${encodeURIComponent(q)}`,
        headers: as(admin),
      });
      expect(found.json<{ shortName: string }[]>().map((c) => c.shortName)).toEqual([composed]);
    }
  });

  it('count towards a limit as letters: twenty accented letters are twenty', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/insert',
      headers: as(admin),
      payload: { shortName: 'e\u0301'.repeat(20) },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().shortName).toBe('é'.repeat(20));
  });
});

describe('a multipart call sent as JSON', () => {
  it('is told to send multipart, naming the part, and nothing is saved', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const [url, part] of [
      ['/api/service/add', 'serviceJson'],
      ['/api/file/add', 'fileJson'],
      ['/api/device/import', 'file'],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: as(admin),
        payload: { date: '2026-01-10', type: ['NAPRAWA'], customer: { id: 1 }, devices: [{ id: 1 }] },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toMatchObject({
        message: `Wyślij dane jako multipart/form-data, z częścią „${part}”.`,
        code: 'NOT_MULTIPART',
        field: part,
      });
    }
  });

  it("names the file part of a call that takes a file alone (a service event's scan)", async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const saved = await postService(ctx, admin, serviceJson(customer.id, [devices[0]!.id]));
    expect(saved.statusCode).toBe(201);
    const id = saved.json<{ id: number }>().id;
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/service/addFile/${id}`,
      headers: as(admin),
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      message: 'Wyślij dane jako multipart/form-data, z częścią „file”.',
      field: 'file',
    });
  });
});
