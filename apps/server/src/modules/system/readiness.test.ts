import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { LocalStorage } from '../../plugins/storage/index.js';
import { as, createUserAndLogin, storedNames, useTestApp } from '../../../test/test-app.js';
import { insertTestDevice, multipart } from '../files/files.fixtures.js';

const ctx = useTestApp();

/** A second app on the same database whose file store cannot be written (its root is a file). */
async function appWithBrokenStorage() {
  const blocker = path.join(ctx.dataDir, 'not-a-directory');
  fs.writeFileSync(blocker, 'x');
  return buildApp({
    config: ctx.config,
    database: { ...ctx.database, close: async () => undefined },
    mailer: ctx.mailer,
    storage: new LocalStorage(path.join(blocker, 'files')),
    logger: false,
  });
}

describe('the probes in the log', () => {
  it('write nothing when they answer; the app’s other requests are logged', async () => {
    const lines: { msg: string; req?: { url?: string } }[] = [];
    const app = await buildApp({
      config: ctx.config,
      database: { ...ctx.database, close: async () => undefined },
      mailer: ctx.mailer,
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
    });
    try {
      for (const url of ['/api/health', '/api/ready']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(200);
      }
      expect(lines.map((l) => l.msg)).not.toContain('incoming request');
      expect((await app.inject({ method: 'GET', url: '/api/reference-data' })).statusCode).toBe(200);
      expect(lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url)).toEqual([
        '/api/reference-data',
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('readiness', () => {
  it('is ready with the database migrated and the storage writable, leaving no probe behind', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', accepting: 'ok' },
    });
    expect(response.headers['cache-control']).toBe('no-store');
    expect(await storedNames(ctx)).toEqual([]);
  });

  it('answers 503 while draining for a shutdown, and health stays 200', async () => {
    ctx.app.lifecycle.draining = true;
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not-ready', checks: { accepting: 'error' } });
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      ctx.app.lifecycle.draining = false;
    }
  });

  it('answers 503 naming the storage when files cannot be written', async () => {
    const app = await appWithBrokenStorage();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().checks).toEqual({
        database: 'ok',
        migrations: 'ok',
        storage: 'error',
        accepting: 'ok',
      });
    } finally {
      await app.close();
    }
  });
});

describe('request ids', () => {
  it('returns a generated id on every answer, or the proxy’s when it is sane', async () => {
    const first = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    const given = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'proxy-1234abcd' },
    });
    expect(given.headers['x-request-id']).toBe('proxy-1234abcd');
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'x\u2028<script>' },
    });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('puts the id into the 5xx message, the body and the header, and logs it as JSON', async () => {
    const lines: string[] = [];
    const blocker = path.join(ctx.dataDir, 'blocker-2');
    fs.writeFileSync(blocker, 'x');
    const app = await buildApp({
      config: ctx.config,
      database: { ...ctx.database, close: async () => undefined },
      mailer: ctx.mailer,
      storage: new LocalStorage(path.join(blocker, 'files')),
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      const user = await createUserAndLogin({ ...ctx, app });
      const deviceId = await insertTestDevice(ctx.database.db);
      const body = await multipart([
        { kind: 'field', name: 'fileJson', value: JSON.stringify({ deviceId, type: 'MACHINE_FILE' }) },
        { kind: 'file', name: 'file', filename: 'a.pdf', content: '%PDF-1.4' },
      ]);
      const response = await app.inject({
        method: 'POST',
        url: '/api/file/add',
        headers: { ...as(user), ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(500);
      const id = response.headers['x-request-id'] as string;
      expect(response.json()).toEqual({
        message: `Nieznany błąd. Identyfikator błędu: ${id}.`,
        code: 'INTERNAL',
        requestId: id,
      });
      const logged = lines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; err?: unknown });
      const error = logged.find((l) => l.msg === 'unexpected error');
      expect(error).toMatchObject({ reqId: id, err: expect.anything() });
      expect(logged.filter((l) => l.reqId === id).length).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });
});
