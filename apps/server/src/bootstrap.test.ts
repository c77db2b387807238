import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ensureFirstAdmin } from './bootstrap.js';
import { loadConfig } from './config.js';
import type { Db } from './db/database.js';
import { listUsers } from './modules/users/users.repository.js';
import { createUserAndLogin, useTestApp } from '../test/test-app.js';
import { auditEntries, tryLogin } from '../test/accounts-helpers.js';

const ctx = useTestApp();

function fakeLog() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
}
const asLogger = (log: ReturnType<typeof fakeLog>) => log as unknown as FastifyBaseLogger;

/** Everything written to stdout while `work` runs. */
async function stdoutOf(work: () => Promise<void>) {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return out;
}

afterEach(() => vi.restoreAllMocks());

describe('ensureFirstAdmin', () => {
  it('creates the admin from ADMIN_EMAIL and ADMIN_PASSWORD on an empty database', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'Szef@Firma.pl', ADMIN_PASSWORD: 'Pierwsze-haslo-1' });
    const log = fakeLog();
    const out = await stdoutOf(() => ensureFirstAdmin(ctx.database.db, config, asLogger(log)));

    const all = await listUsers(ctx.database.db);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ email: 'szef@firma.pl', roles: ['ADMIN'], active: true });
    expect(all[0].passwordHash).not.toContain('Pierwsze-haslo-1');
    const login = await tryLogin(ctx, 'szef@firma.pl', 'Pierwsze-haslo-1');
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ isAdmin: true, roles: [{ id: 1, role: 'ADMIN' }] });

    // The given password is never echoed; the log only says where it came from.
    expect(out).not.toContain('Pierwsze-haslo-1');
    expect(log.info).toHaveBeenCalledWith(expect.stringContaining('ADMIN_PASSWORD'));
    const entries = await auditEntries(ctx);
    expect(entries[0]).toMatchObject({ arg0: null, arg1: `user:${all[0].id}` });
    expect(entries[0].formattedMessage).toMatch(/utworzenie pierwszego administratora szef@firma.pl/);
  });

  it('without ADMIN_PASSWORD prints a generated password once, and it logs in', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'admin@example.com' });
    const out = await stdoutOf(() => ensureFirstAdmin(ctx.database.db, config, asLogger(fakeLog())));

    expect(out).toContain('admin@example.com');
    const password = /Hasło \(wyświetlane tylko raz\): (\S+)/.exec(out)?.[1];
    expect(password).toBeDefined();
    expect(password!.length).toBeGreaterThanOrEqual(16);
    expect((await tryLogin(ctx, 'admin@example.com', password!)).statusCode).toBe(200);
  });

  it('creates nothing and prints nothing when employees exist', async () => {
    await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    const config = loadConfig({ ADMIN_EMAIL: 'admin@example.com' });
    const log = fakeLog();
    const out = await stdoutOf(() => ensureFirstAdmin(ctx.database.db, config, asLogger(log)));
    expect(out).toBe('');
    expect(log.info).not.toHaveBeenCalled();
    expect((await listUsers(ctx.database.db)).map((u) => u.email)).toEqual(['jan@firma.pl']);
  });

  it('two processes starting at once create one admin', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Pierwsze-haslo-1' });
    await Promise.all([
      ensureFirstAdmin(ctx.database.db, config, asLogger(fakeLog())),
      ensureFirstAdmin(ctx.database.db, config, asLogger(fakeLog())),
    ]);
    expect(await listUsers(ctx.database.db)).toHaveLength(1);
  });

  it('a database failure is not swallowed', async () => {
    const config = loadConfig({ ADMIN_EMAIL: 'admin@example.com', ADMIN_PASSWORD: 'Pierwsze-haslo-1' });
    const failing = Object.create(ctx.database.db) as Db;
    failing.transaction = () => Promise.reject(new Error('dysk pełny'));
    await expect(ensureFirstAdmin(failing, config, asLogger(fakeLog()))).rejects.toThrow('dysk pełny');
    expect(await listUsers(ctx.database.db)).toHaveLength(0);
  });
});
