import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
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

describe('GET /api/deviceNote/findByIdDevice: page, size, sort and q', () => {
  const list = (user: TestUser, deviceId: number, query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/deviceNote/findByIdDevice/${deviceId}${query ? `?${query}` : ''}`,
      headers: as(user),
    });
  const texts = (response: { json: () => { text: string }[] }) => response.json().map((n) => n.text);

  async function seed() {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const other = await insertTestDevice(ctx.database.db, 'Inna');
    const oldest = await insertNote(user, deviceId, 'Wymieniono filtr oleju.');
    for (const text of [
      'Klient prosi o telefon.',
      'Filtr powietrza do zamówienia.',
      'Moc ograniczona do 50%.',
    ]) {
      await insertNote(user, deviceId, text);
    }
    await insertNote(user, other, 'Filtr obcej maszyny.');
    return { user, deviceId, oldest };
  }

  it('answers the full array, newest first, without parameters and without X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const all = await list(user, deviceId);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    expect(texts(all)).toEqual([
      'Moc ograniczona do 50%.',
      'Filtr powietrza do zamówienia.',
      'Klient prosi o telefon.',
      'Wymieniono filtr oleju.',
    ]);
    expect((await list(user, deviceId, 'q=&sort=')).body).toBe(all.body);
  });

  it('pages with X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const page = await list(user, deviceId, 'page=2&size=3');
    expect(page.statusCode).toBe(200);
    expect(page.headers['x-total-count']).toBe('4');
    expect(texts(page)).toEqual(['Wymieniono filtr oleju.']);
    const firstPage = await list(user, deviceId, 'page=1');
    expect(firstPage.json()).toHaveLength(4);
    const past = await list(user, deviceId, 'page=5&size=3');
    expect(past.headers['x-total-count']).toBe('4');
    expect(past.json()).toEqual([]);
  });

  it('sorts by text, creation or last edit; an unknown field is 400', async () => {
    const { user, deviceId, oldest } = await seed();
    expect(texts(await list(user, deviceId, 'sort=text,asc&page=1&size=2'))).toEqual([
      'Filtr powietrza do zamówienia.',
      'Klient prosi o telefon.',
    ]);
    expect(texts(await list(user, deviceId, 'sort=createdAt,asc'))[0]).toBe('Wymieniono filtr oleju.');
    expect(
      (await update(user, { id: oldest.id, text: 'Wymieniono filtr oleju i powietrza.' })).statusCode,
    ).toBe(200);
    expect(texts(await list(user, deviceId, 'sort=updatedAt,desc'))[0]).toBe(
      'Wymieniono filtr oleju i powietrza.',
    );
    for (const sort of ['userCreated,asc', 'text,sideways']) {
      const bad = await list(user, deviceId, `sort=${sort}&page=1&size=2`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MSG.invalidSort);
      expect(bad.headers['x-total-count']).toBeUndefined();
    }
  });

  it("searches the machine's notes' text, case-insensitively and with literal wildcards", async () => {
    const { user, deviceId } = await seed();
    const filtr = await list(user, deviceId, 'q=FILTR');
    expect(texts(filtr)).toEqual(['Filtr powietrza do zamówienia.', 'Wymieniono filtr oleju.']);
    expect(texts(await list(user, deviceId, `q=${encodeURIComponent('50%')}`))).toEqual([
      'Moc ograniczona do 50%.',
    ]);
    expect(texts(await list(user, deviceId, `q=${encodeURIComponent('%o%')}`))).toEqual([]);
    const counted = await list(user, deviceId, 'q=filtr&page=1&size=1');
    expect(counted.headers['x-total-count']).toBe('2');
    expect(texts(counted)).toEqual(['Filtr powietrza do zamówienia.']);
  });
});

describe("a note's audit entries", () => {
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );

  it('keeps the old and the new text of an edit and the text of a delete; the same text again logs nothing', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db, 'Prasa');
    const note = await insertNote(user, deviceId, 'Wymieniono filtr, „stary” w magazynie.');
    expect((await update(user, { id: note.id, text: 'Wymieniono filtr.' })).statusCode).toBe(200);
    expect((await update(user, { id: note.id, text: ' Wymieniono filtr. ' })).statusCode).toBe(200);
    expect((await remove(user, note.id)).statusCode).toBe(200);

    expect(await logged(`deviceNote:${note.id}`)).toEqual([
      `dodanie notatki nr ${note.id} do maszyny Prasa (id ${deviceId})`,
      `edycja notatki nr ${note.id} maszyny Prasa (id ${deviceId}): ` +
        'treść: „Wymieniono filtr, „stary” w magazynie.” → „Wymieniono filtr.”',
      `usunięcie notatki nr ${note.id} maszyny Prasa (id ${deviceId}): treść: „Wymieniono filtr.”`,
    ]);
  });

  it('cuts a long text to 1,000 characters with "…"', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db, 'Prasa');
    const long = `${'a'.repeat(999)}${'b'.repeat(9001)}`;
    const note = await insertNote(user, deviceId, long);
    expect((await remove(user, note.id)).statusCode).toBe(200);
    expect((await logged(`deviceNote:${note.id}`)).at(-1)).toBe(
      `usunięcie notatki nr ${note.id} maszyny Prasa (id ${deviceId}): treść: „${'a'.repeat(999)}…”`,
    );
  });
});
