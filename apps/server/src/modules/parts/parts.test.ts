import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
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
      expect.stringMatching(
        new RegExp(
          `dodanie części nr ${part.id} „Pompa wody” do maszyny .+ \\(id ${deviceId}\\): numer seryjny: „PW-123”, producent: „Grundfos”, opis: „obieg chłodzenia”$`,
        ),
      ),
      expect.stringContaining(`edycja części nr ${part.id} „Pompa wody 2” maszyny`),
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
    expect(entries.some((e) => /usunięcie części nr \d+ „Filtr”/.test(e.formattedMessage))).toBe(true);
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

describe('GET /api/part/findByDevice: page, size, sort and q', () => {
  const list = (user: TestUser, deviceId: number, query = '') =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/part/findByDevice/${deviceId}${query ? `?${query}` : ''}`,
      headers: as(user),
    });
  const names = (response: { json: () => { name: string }[] }) => response.json().map((p) => p.name);

  async function seed() {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const other = await insertTestDevice(ctx.database.db, 'Inna');
    const rows = [
      { name: 'Pompa wody', serialNumber: 'PW-123', producer: 'Grundfos', decsription: 'obieg chłodzenia' },
      { name: 'Filtr', serialNumber: '', producer: 'Mann', decsription: 'wymiana co 500 h' },
      { name: 'Wrzeciono', serialNumber: 'WR-9', producer: 'Grundfos', decsription: '' },
      { name: 'Łożysko', serialNumber: '6204', producer: 'SKF', decsription: 'przy pompie' },
    ];
    for (const row of rows)
      expect((await save(user, { ...row, device: { id: deviceId } })).statusCode).toBe(201);
    await save(user, { name: 'Pompa obca', producer: 'Grundfos', device: { id: other } });
    return { user, deviceId };
  }

  it('answers the full array by name without parameters and without X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const all = await list(user, deviceId);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    // Database collation (C.UTF-8): Polish capitals after Z.
    expect(names(all)).toEqual(['Filtr', 'Pompa wody', 'Wrzeciono', 'Łożysko']);
    expect(all.json()[1]).toEqual({
      id: expect.any(Number),
      name: 'Pompa wody',
      serialNumber: 'PW-123',
      producer: 'Grundfos',
      decsription: 'obieg chłodzenia',
      device: { id: deviceId },
    });
    expect((await list(user, deviceId, 'q=&sort=')).body).toBe(all.body);
  });

  it('pages with X-Total-Count', async () => {
    const { user, deviceId } = await seed();
    const page = await list(user, deviceId, 'page=2&size=3');
    expect(page.headers['x-total-count']).toBe('4');
    expect(names(page)).toEqual(['Łożysko']);
    const second = await list(user, deviceId, 'page=2&size=1');
    expect(names(second)).toEqual(['Pompa wody']);
  });

  it('sorts by the API field names (decsription as spelt); an unknown field is 400', async () => {
    const { user, deviceId } = await seed();
    expect(names(await list(user, deviceId, 'sort=producer,asc'))).toEqual([
      'Pompa wody',
      'Wrzeciono',
      'Filtr',
      'Łożysko',
    ]);
    expect(names(await list(user, deviceId, 'sort=decsription,desc&page=1&size=2'))).toEqual([
      'Filtr',
      'Łożysko',
    ]);
    expect(names(await list(user, deviceId, 'sort=serialNumber,desc'))[0]).toBe('Wrzeciono');
    const bad = await list(user, deviceId, 'sort=description,asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.invalidSort);
  });

  it('searches name, serial number, producer and decsription of this machine only', async () => {
    const { user, deviceId } = await seed();
    const search = async (q: string) => names(await list(user, deviceId, `q=${encodeURIComponent(q)}`));
    expect(await search('grundfos')).toEqual(['Pompa wody', 'Wrzeciono']);
    expect(await search('wr-9')).toEqual(['Wrzeciono']);
    expect(await search('POMP')).toEqual(['Pompa wody', 'Łożysko']);
    expect(await search('500 h')).toEqual(['Filtr']);
    expect(await search('obca')).toEqual([]);
    const counted = await list(user, deviceId, 'q=grundfos&page=1&size=1');
    expect(counted.headers['x-total-count']).toBe('2');
  });

  it('keeps one space of two typed in a name, serial number and producer, and a search squeezes what is typed', async () => {
    const { user, deviceId } = await seed();
    const saved = await save(user, {
      name: 'Pasek  klinowy A',
      serialNumber: 'PK\t100',
      producer: 'Gates   Polska',
      device: { id: deviceId },
    });
    expect(saved.json()).toMatchObject({
      name: 'Pasek klinowy A',
      serialNumber: 'PK 100',
      producer: 'Gates Polska',
    });
    const search = async (q: string) => names(await list(user, deviceId, `q=${encodeURIComponent(q)}`));
    for (const q of ['pasek klinowy', 'PK 100', 'gates  polska'])
      expect(await search(q)).toEqual(['Pasek klinowy A']);
  });
});

describe("a part's audit entries", () => {
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );

  it('lists what an edit changed, old → new, and keeps every value a delete took away', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db, 'Prasa');
    const part = (
      await save(user, {
        name: 'Pompa wody',
        serialNumber: 'PW-123',
        producer: 'Grundfos',
        decsription: 'obieg chłodzenia',
        device: { id: deviceId },
      })
    ).json();
    const edited = { ...part, name: 'Pompa wody 2', serialNumber: 'PW-124', decsription: '' };
    expect((await save(user, edited)).statusCode).toBe(200);
    // Saved again as it is: no entry.
    expect((await save(user, edited)).statusCode).toBe(200);
    expect((await save(user, { ...edited, decsription: 'wymieniona 2026' })).statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/part/delete/${part.id}`,
      headers: as(user),
    });
    expect(del.statusCode).toBe(200);

    const machine = `maszyny Prasa (id ${deviceId})`;
    expect((await logged(`part:${part.id}`)).slice(1)).toEqual([
      `edycja części nr ${part.id} „Pompa wody 2” ${machine}: nazwa: „Pompa wody” → „Pompa wody 2”, ` +
        'numer seryjny: „PW-123” → „PW-124”, opis: „obieg chłodzenia” → —',
      `edycja części nr ${part.id} „Pompa wody 2” ${machine}: opis: — → „wymieniona 2026”`,
      `usunięcie części nr ${part.id} „Pompa wody 2” ${machine}: numer seryjny: „PW-124”, ` +
        'producent: „Grundfos”, opis: „wymieniona 2026”',
    ]);
  });

  it('names a deleted part with a name alone by its name', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db, 'Prasa');
    const part = (await save(user, { name: 'Filtr', device: { id: deviceId } })).json();
    await ctx.app.inject({ method: 'DELETE', url: `/api/part/delete/${part.id}`, headers: as(user) });
    expect((await logged(`part:${part.id}`)).at(-1)).toBe(
      `usunięcie części nr ${part.id} „Filtr” maszyny Prasa (id ${deviceId})`,
    );
  });
});
