import net from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../test/test-app.js';
import { customerWithMachines, postService, serviceJson } from '../modules/services/services.fixtures.js';
import { errorAnswer } from './errors.js';

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

describe('a NUL character, pasted into a text', () => {
  it('is refused in a write with 400 and a Polish message, and nothing is saved', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const customers = async () =>
      (await ctx.app.inject({ method: 'GET', url: '/api/customer/findAll', headers: as(admin) })).json()
        .length as number;
    const before = await customers();
    for (const [url, payload] of [
      ['/api/customer/insert', { shortName: 'Zakład\u0000 NUL' }],
      ['/api/category/insert', { name: 'Kategoria\u0000' }],
    ] as const) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: as(admin), payload });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: MSG.nulCharacter, code: 'INVALID_VALUE' });
    }
    expect(await customers()).toBe(before);
  });

  it('is a blank in a search term: every list answers as for the term without it', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const device = devices[0].id;
    await postService(ctx, admin, serviceJson(customer.id, [device], { faultDescription: 'Wyciek oleju' }));
    const incident = await ctx.app.inject({
      method: 'POST',
      url: '/api/incident/insert',
      headers: as(admin),
      payload: { id: 0, device: { id: device }, date: '2026-03-10', text: 'Wyciek z siłownika' },
    });
    expect(incident.statusCode).toBe(201);
    const found: Record<string, number> = {};
    for (const path of [
      '/api/service/findAllOrderInternal?page=1&size=15&q=',
      '/api/incident/findByParameters?text=',
      '/api/todo/get?page=1&size=10&toDoStatus=ALL&q=',
      '/api/log/findAll?page=1&size=20&q=',
      '/api/device/periodicInspections/all?page=1&size=15&q=',
      '/api/customer/findAll?page=1&size=10&q=',
      '/api/category/findAll?page=1&size=10&q=',
    ]) {
      const get = (q: string) =>
        ctx.app.inject({ method: 'GET', url: `${path}${encodeURIComponent(q)}`, headers: as(admin) });
      const [withNul, without] = [await get('\u0000wyciek'), await get('wyciek')];
      expect(withNul.statusCode, path).toBe(200);
      expect(withNul.body, path).toBe(without.body);
      found[path.split('?')[0]!] = (without.json() as unknown[]).length;
    }
    // The event and the incident are found through the term, with the NUL as without it.
    expect(found['/api/service/findAllOrderInternal']).toBe(1);
    expect(found['/api/incident/findByParameters']).toBe(1);
  });
});

describe('what the router refuses before any route runs', () => {
  it('answers a path parameter over its length and a broken %-escape as every other refusal', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const [url, status] of [
      [`/api/customer/findById/${'1'.repeat(101)}`, 414],
      ['/api/customer/findById/%E0%A4%A', 400],
    ] as const) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: as(admin) });
      expect(response.statusCode, url).toBe(status);
      expect(response.json(), url).toEqual({
        message: MSG.invalidInput,
        code: expect.stringMatching(/^FST_ERR_/),
      });
      expect(response.headers['x-request-id'], url).toEqual(expect.any(String));
    }
  });
});

describe('a server that cannot work right now says so', () => {
  const answerOf = (error: unknown) => errorAnswer(error, 'req-1');
  const withCause = (cause: object) => Object.assign(new Error('Failed query: insert …'), { cause });

  it('a full disk (the database, PGlite or the files) is 507 with a Polish message', () => {
    for (const error of [
      withCause({ code: '53100', message: 'could not extend file' }),
      withCause(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' })),
      new Error('could not extend file "base/5/2619": No space left on device'),
    ]) {
      expect(answerOf(error)).toEqual({
        status: 507,
        body: { message: MSG.serverDiskFull, code: 'DISK_FULL' },
      });
    }
  });

  it('a database or file store away is 503, not an unknown error', () => {
    for (const error of [
      withCause({ code: '57P01', message: 'terminating connection due to administrator command' }),
      withCause({ code: '08006' }),
      withCause({ code: '53300', message: 'too many connections' }),
      withCause(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
      new Error('Connection terminated unexpectedly'),
      // A transaction whose connection was ended under it: drizzle's failed ROLLBACK is what is thrown.
      Object.assign(new Error('Failed query: rollback\nparams: '), {
        cause: new Error('Client has encountered a connection error and is not queryable'),
      }),
    ]) {
      expect(answerOf(error)).toEqual({
        status: 503,
        body: { message: MSG.serverBackendDown, code: 'UNAVAILABLE' },
      });
    }
    // Other failures stay unknown errors with their id; a client hanging up is no outage.
    expect(answerOf(new Error('x is undefined')).status).toBe(500);
    expect(answerOf(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })).status).toBe(500);
    expect(
      answerOf(Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 })).status,
    ).toBe(400);
  });

  it('a database connection reset while it opens is 503; a client hanging up stays its own', async () => {
    // A database restarting resets the connections the pool is opening: the real error of pg's pool.
    const resetting = net.createServer((socket) => socket.resetAndDestroy());
    await new Promise<void>((resolve) => resetting.listen(0, '127.0.0.1', resolve));
    const { port } = resetting.address() as net.AddressInfo;
    const pool = new pg.Pool({ connectionString: `postgres://serwis:x@127.0.0.1:${port}/serwis` });
    const reset = await pool.query('SELECT 1').then(
      () => undefined,
      (error: unknown) => error,
    );
    await pool.end();
    await new Promise((resolve) => resetting.close(resolve));
    expect(reset).toMatchObject({ code: 'ECONNRESET' });
    for (const error of [reset, Object.assign(new Error('Failed query: select …'), { cause: reset })]) {
      expect(answerOf(error)).toEqual({
        status: 503,
        body: { message: MSG.serverBackendDown, code: 'UNAVAILABLE' },
      });
    }
    // The same code on a request its client ended names no system call: no outage.
    expect(answerOf(Object.assign(new Error('aborted'), { code: 'ECONNRESET' })).status).toBe(500);
  });

  it('/api/health answers 503 while the database does not answer', async () => {
    const db = ctx.app.db as unknown as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = db.execute;
    db.execute = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ message: MSG.serverBackendDown, code: 'UNAVAILABLE' });
    } finally {
      db.execute = execute;
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('a stopping server refuses new requests in Polish; /api/ready says why', async () => {
    const user = await createUserAndLogin(ctx);
    ctx.app.lifecycle.draining = true;
    try {
      const refused = await ctx.app.inject({
        method: 'GET',
        url: '/api/customer/findAll',
        headers: as(user),
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MSG.serverStopping, code: 'SHUTTING_DOWN' });
      expect(refused.headers.connection).toBe('close');
      const ready = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks.accepting).toBe('error');
      // Liveness stays: the process is alive and finishing its requests.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
    const after = await ctx.app.inject({ method: 'GET', url: '/api/customer/findAll', headers: as(user) });
    expect(after.statusCode).toBe(200);
  });
});
