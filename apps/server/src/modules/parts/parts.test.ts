import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { devices } from '../devices/devices.table.js';
import { insertTestDevice } from '../files/files.fixtures.js';
import { logs } from '../logs/logs.table.js';
import { parts } from './parts.table.js';

const ctx = useTestApp();

const save = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/part/save', headers: as(user), payload });

describe('parts', () => {
  it('inserts without id (201), updates with id (200), keeps decsription as spelt in the API', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const created = await save(user, {
      name: 'Pompa wody',
      serialNumber: 'PW-123',
      producer: 'Grundfos',
      decsription: 'obieg chłodzenia',
      device: { id: deviceId },
    });
    expect(created.statusCode).toBe(201);
    const part = created.json();
    expect(part).toEqual({
      id: part.id,
      name: 'Pompa wody',
      serialNumber: 'PW-123',
      producer: 'Grundfos',
      decsription: 'obieg chłodzenia',
      device: { id: deviceId },
    });
    const [row] = await ctx.database.db.select().from(parts).where(eq(parts.id, part.id));
    expect(row.description).toBe('obieg chłodzenia');

    const updated = await save(user, { ...part, name: 'Pompa wody 2', decsription: null, id: part.id });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ id: part.id, name: 'Pompa wody 2', decsription: '' });

    const zeroId = await save(user, { id: 0, name: 'Nowa', device: { id: deviceId } });
    expect(zeroId.statusCode).toBe(201);

    const list = await ctx.app.inject({
      method: 'GET',
      url: `/api/part/findByDevice/${deviceId}`,
      headers: as(user),
    });
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Nowa', 'Pompa wody 2']);

    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `part:${part.id}`));
    expect(entries.map((e) => e.formattedMessage)).toEqual([
      expect.stringContaining('dodanie części „Pompa wody”'),
      expect.stringContaining('edycja części „Pompa wody 2”'),
    ]);
  });

  it('refuses a missing name, an unknown machine and an unknown id', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const noName = await save(user, { name: '  ', device: { id: deviceId } });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Podaj nazwę części.');
    const tooLong = await save(user, { name: 'x', serialNumber: 'x'.repeat(101), device: { id: deviceId } });
    expect(tooLong.statusCode).toBe(400);
    const noDevice = await save(user, { name: 'x', device: { id: 9999 } });
    expect(noDevice.statusCode).toBe(404);
    expect(noDevice.json().message).toBe('Nie znaleziono maszyny.');
    const unknown = await save(user, { id: 555, name: 'x', device: { id: deviceId } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nie znaleziono części.');
    expect(await ctx.database.db.select().from(parts)).toHaveLength(0);
  });

  it('lets every employee delete a part, with an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const part = (await save(user, { name: 'Filtr', device: { id: deviceId } })).json();
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/part/delete/${part.id}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(parts)).toHaveLength(0);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `part:${part.id}`));
    expect(entries.some((e) => e.formattedMessage.includes('usunięcie części „Filtr”'))).toBe(true);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/part/delete/${part.id}`,
      headers: as(user),
    });
    expect(again.statusCode).toBe(404);
  });

  it('goes with its machine', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    await save(user, { name: 'Filtr', device: { id: deviceId } });
    await ctx.database.db.delete(devices).where(eq(devices.id, deviceId));
    expect(await ctx.database.db.select().from(parts)).toHaveLength(0);
  });
});
