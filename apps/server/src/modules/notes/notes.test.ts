import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { devices } from '../devices/devices.table.js';
import { insertTestDevice } from '../files/files.fixtures.js';
import { logs } from '../logs/logs.table.js';
import { deviceNotes } from './notes.table.js';

const ctx = useTestApp();

async function insertNote(user: TestUser, deviceId: number, text: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/deviceNote/insert',
    headers: as(user),
    payload: { device: { id: deviceId }, text },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: number };
}

const update = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/deviceNote/update', headers: as(user), payload });
const remove = (user: TestUser, id: number) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/deviceNote/delete/${id}`, headers: as(user) });

describe('device notes', () => {
  it('adds a note and lists the machine notes newest first with the last editor', async () => {
    const user = await createUserAndLogin(ctx, { firstName: 'Jan', lastName: 'Kowalski' });
    const deviceId = await insertTestDevice(ctx.database.db);
    const other = await insertTestDevice(ctx.database.db, 'Inna');
    const first = await insertNote(user, deviceId, 'Wymieniono filtr.');
    await insertNote(user, deviceId, '  Klient prosi o telefon.  ');
    await insertNote(user, other, 'Obca notatka');

    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/deviceNote/findByIdDevice/${deviceId}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(200);
    const notes = response.json();
    expect(notes.map((n: { text: string }) => n.text)).toEqual([
      'Klient prosi o telefon.',
      'Wymieniono filtr.',
    ]);
    expect(notes[1]).toMatchObject({
      id: first.id,
      device: { id: deviceId },
      userUpdated: { id: user.id, firstName: 'Jan', lastName: 'Kowalski' },
      userCreated: { id: user.id },
    });
    expect(typeof notes[1].updatedAt).toBe('string');
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `deviceNote:${first.id}`));
    expect(entries).toHaveLength(1);
  });

  it('validates the text and the machine', async () => {
    const user = await createUserAndLogin(ctx);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/deviceNote/insert',
      headers: as(user),
      payload: { device: { id: await insertTestDevice(ctx.database.db) }, text: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Wpisz treść notatki.');
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: '/api/deviceNote/insert',
      headers: as(user),
      payload: { device: { id: 9999 }, text: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(await ctx.database.db.select().from(deviceNotes)).toHaveLength(0);
  });

  it('lets the author edit, refuses others with 403, lets an admin edit and records the last editor', async () => {
    const author = await createUserAndLogin(ctx);
    const colleague = await createUserAndLogin(ctx, { firstName: 'Piotr', lastName: 'Zieliński' });
    const admin = await createUserAndLogin(ctx, { admin: true, firstName: 'Anna', lastName: 'Nowak' });
    const deviceId = await insertTestDevice(ctx.database.db);
    const note = await insertNote(author, deviceId, 'pierwotna');

    const own = await update(author, { id: note.id, device: { id: deviceId }, text: 'poprawiona' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ text: 'poprawiona', userUpdated: { id: author.id } });

    const foreign = await update(colleague, { id: note.id, device: { id: deviceId }, text: 'cudza zmiana' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Brak uprawnień do tej operacji.');

    const byAdmin = await update(admin, { id: note.id, device: { id: deviceId }, text: 'admin' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      text: 'admin',
      userUpdated: { id: admin.id, firstName: 'Anna', lastName: 'Nowak' },
      userCreated: { id: author.id },
    });
    const [row] = await ctx.database.db.select().from(deviceNotes).where(eq(deviceNotes.id, note.id));
    expect(row).toMatchObject({ text: 'admin', userUpdatedId: admin.id, userCreatedId: author.id });

    // The author still owns the note after an admin's edit.
    expect((await update(author, { id: note.id, text: 'znowu moja' })).statusCode).toBe(200);
    expect((await update(author, { id: 777, text: 'x' })).statusCode).toBe(404);
  });

  it('deletes own notes, refuses others, lets an admin delete any', async () => {
    const author = await createUserAndLogin(ctx);
    const colleague = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const deviceId = await insertTestDevice(ctx.database.db);
    const a = await insertNote(author, deviceId, 'a');
    const b = await insertNote(author, deviceId, 'b');

    const refused = await remove(colleague, a.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji.');
    expect((await remove(author, a.id)).statusCode).toBe(200);
    expect((await remove(admin, b.id)).statusCode).toBe(200);
    expect(await ctx.database.db.select().from(deviceNotes)).toHaveLength(0);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `deviceNote:${b.id}`));
    expect(entries.map((e) => e.arg0)).toContain(admin.email);
    expect((await remove(admin, b.id)).statusCode).toBe(404);
  });

  it('goes with its machine', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    await insertNote(user, deviceId, 'a');
    await ctx.database.db.delete(devices).where(eq(devices.id, deviceId));
    expect(await ctx.database.db.select().from(deviceNotes)).toHaveLength(0);
  });
});
