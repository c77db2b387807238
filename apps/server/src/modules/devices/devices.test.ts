import { Readable } from 'node:stream';
import { eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { MSG, deviceSchema, type Device, DELETION_TEXT } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { logs } from '../logs/logs.table.js';
import { deviceNotes } from '../notes/notes.table.js';
import { parts } from '../parts/parts.table.js';
import { files } from '../files/files.table.js';
import { incidents } from '../incidents/incidents.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { devices } from './devices.table.js';
import { addDevice, deviceBody, seedReferences, type References } from './devices.fixtures.js';

const ctx = useTestApp();
let refs: References;
let user: TestUser;
let admin: TestUser;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
  admin = await createUserAndLogin(ctx, { admin: true });
});

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser, payload?: object) =>
  ctx.app.inject({ method, url, headers: as(who), payload });

const auditOf = (id: number) =>
  ctx.database.db
    .select()
    .from(logs)
    .where(eq(logs.arg1, `device:${id}`));

describe('machine insert', () => {
  it('creates an internal machine with the shape of spec §3 and writes an audit entry', async () => {
    const response = await inject('POST', '/api/device/insert', user, {
      ...deviceBody(refs, { status: 'W naprawie' }),
      type: 'INTERNAL',
    });
    expect(response.statusCode).toBe(201);
    const device: Device = response.json();
    expect(deviceSchema.parse(device)).toEqual(device);
    expect(device).toMatchObject({
      name: 'Tokarka CNC',
      category: { id: refs.tokarki, name: 'Tokarki' },
      customer: {
        id: refs.kowalski,
        shortName: 'Kowalski',
        fullName: 'Kowalski i Synowie Sp. z o.o.',
        streetAddress: 'Długa 1',
        zipCode: '00-001',
        city: 'Warszawa',
        nip: '5260001234',
      },
      serialNumber: 'SN-001',
      sourcePower: '400V',
      transferDate: '2024-03-15',
      warrantyLength: 24,
      warranty: 'pełna',
      streetAddress: 'Fabryczna 5',
      zipCode: '90-001',
      city: 'Łódź',
      province: 'łódzkie',
      status: 'IN_REPAIR',
      statusWeight: 5,
      type: 'INTERNAL',
      gpsLatitude: null,
      gpsLongitude: null,
      isPeriodicInspectionEnabled: true,
    });
    const entries = await auditOf(device.id);
    expect(entries).toHaveLength(1);
    expect(entries[0].arg0).toBe(user.email);
    expect(entries[0].formattedMessage).toContain('dodanie maszyny Tokarka CNC');
  });

  it('makes an external machine from the external path (no type sent), status defaulting to PRODUCTION', async () => {
    const { status: _omit, ...body } = deviceBody(refs);
    const response = await inject('POST', '/api/device-external/insert', user, body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ type: 'EXTERNAL', status: 'PRODUCTION', statusWeight: 1 });
  });

  it('keeps the family of the path whatever type the body claims', async () => {
    const response = await inject('POST', '/api/device/insert', user, {
      ...deviceBody(refs),
      type: 'EXTERNAL',
    });
    expect(response.json().type).toBe('INTERNAL');
  });

  it('stores a date-time as its day, an empty date as null and a negative warranty as 0', async () => {
    const a = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { transferDate: '2023-07-01T00:00:00' }),
    );
    const b = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { transferDate: '', warrantyLength: -3 }),
    );
    expect(a.transferDate).toBe('2023-07-01');
    expect(b).toMatchObject({ transferDate: null, warrantyLength: 0 });
  });

  it('keeps one-line fields on one line, bounds them once trimmed, and leaves out invisible marks', async () => {
    const serial = 'S'.repeat(100);
    const added = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, {
        name: 'Zgrzewarka\r\nZX-5\u200e',
        serialNumber: `${serial} `,
        streetAddress: 'ul. Hutnicza\n\t5',
        city: '\u2066Gliwice\u2069',
      }),
    );
    expect(added).toMatchObject({
      name: 'Zgrzewarka ZX-5',
      serialNumber: serial,
      streetAddress: 'ul. Hutnicza 5',
      city: 'Gliwice',
    });
    const found = await inject(
      'POST',
      `/api/device/getByFilter?page=1&size=10&q=${encodeURIComponent('Zgrzewarka ZX')}`,
      user,
      {},
    );
    expect(found.json().map((d: Device) => d.id)).toContain(added.id);
  });

  it('keeps one space of two typed, so that a search with one space finds the machine', async () => {
    const added = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, {
        name: 'Prasa  hydrauliczna',
        serialNumber: 'PH  77',
        streetAddress: 'ul.  Długa 5',
        city: 'Nowa \u00a0 Huta',
      }),
    );
    expect(added).toMatchObject({
      name: 'Prasa hydrauliczna',
      serialNumber: 'PH 77',
      streetAddress: 'ul. Długa 5',
      city: 'Nowa Huta',
    });
    // A filter typed with two spaces finds the value saved with one.
    for (const filter of [{ city: 'Nowa  Huta' }, { serialNumber: 'PH  77' }, { street: 'ul.  Długa' }]) {
      const filtered = await inject('POST', '/api/device/getByFilter?page=1&size=10', user, filter);
      expect(filtered.json().map((d: Device) => d.id)).toEqual([added.id]);
    }
    for (const q of ['prasa hydrauliczna', 'ul. długa', 'nowa huta']) {
      const found = await inject(
        'POST',
        `/api/device/getByFilter?page=1&size=10&q=${encodeURIComponent(q)}`,
        user,
        {},
      );
      expect(found.json().map((d: Device) => d.id)).toEqual([added.id]);
    }
  });

  it.each([
    [{ name: 'ab' }, MSG.machineNameTooShort],
    [{ name: '\r\n\u200e\u2066\u2069' }, MSG.machineNameTooShort],
    [{ serialNumber: 'S'.repeat(101) }, 'Pole „Numer seryjny”: Tekst może mieć najwyżej 100 znaków.'],
    [{ name: '  ab  ' }, MSG.machineNameTooShort],
    [{ category: {} }, MSG.chooseCategory],
    [{ category: { id: null } }, MSG.chooseCategory],
    [{ customer: { id: '' } }, MSG.chooseCustomer],
    [{ status: 'ZEPSUTA' }, MSG.unknownMachineStatus],
    [{ province: 'bawarskie' }, MSG.unknownProvince],
    [{ transferDate: '2024-02-30' }, `Pole „Data przekazania”: ${MSG.invalidDate}`],
    // Its inspections, counted past the year 9999, could not be shown ("Nieznany błąd.").
    [{ transferDate: '9999-07-01' }, MSG.handoverDateOutOfRange(1900, new Date().getFullYear() + 10)],
    [{ warrantyLength: 1.5 }, MSG.warrantyNotWhole],
    // Number() read these as 16 and 1000 months.
    [{ warrantyLength: '0x10' }, MSG.warrantyNotWhole],
    [{ warrantyLength: '1e3' }, MSG.warrantyNotWhole],
    [{ name: 'x'.repeat(300) }, 'Pole „Nazwa”: Tekst może mieć najwyżej 255 znaków.'],
  ])('refuses %j with a Polish message and saves nothing', async (overrides, message) => {
    const response = await inject('POST', '/api/device/insert', user, { ...deviceBody(refs), ...overrides });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await ctx.database.db.select().from(devices)).toHaveLength(0);
  });

  it('answers 400 with a Polish message for a category or customer that does not exist', async () => {
    const noCategory = await inject(
      'POST',
      '/api/device/insert',
      user,
      deviceBody(refs, { category: { id: 9999 } }),
    );
    expect(noCategory.statusCode).toBe(400);
    expect(noCategory.json().message).toBe(MSG.machineCategoryNotFound);
    const noCustomer = await inject('POST', '/api/device-external/insert', user, {
      ...deviceBody(refs),
      customer: { id: 9999 },
    });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json().message).toBe(MSG.machineCustomerNotFound);
    expect(await ctx.database.db.select().from(logs).where(like(logs.arg1, 'device:%'))).toHaveLength(0);
  });

  it('asks for a session and for the XMLHttpRequest header', async () => {
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/insert',
      payload: deviceBody(refs),
    });
    expect(anonymous.statusCode).toBe(403);
    const noSession = await ctx.app.inject({
      method: 'GET',
      url: '/api/device/findAllDevicesNames',
    });
    expect(noSession.statusCode).toBe(401);
  });
});

describe('machine update', () => {
  it('changes the fields, recomputes the status weight and audits', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const response = await inject('PUT', '/api/device/update', user, {
      ...deviceBody(refs, { name: 'Frezarka 5-osiowa', category: { id: refs.frezarki }, status: 'DANGER' }),
      customer: { id: refs.zaklad },
      id: device.id,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: device.id,
      name: 'Frezarka 5-osiowa',
      category: { id: refs.frezarki, name: 'Frezarki' },
      customer: { id: refs.zaklad, shortName: 'ZPH Łódź' },
      status: 'DANGER',
      statusWeight: 8,
      type: 'INTERNAL',
    });
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.statusWeight).toBe(8);
    const entries = await auditOf(device.id);
    expect(entries.map((e) => e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2))).toEqual([
      `dodanie maszyny Tokarka CNC S/N SN-001 (id ${device.id})`,
      `edycja maszyny Frezarka 5-osiowa S/N SN-001 (id ${device.id}): nazwa: „Tokarka CNC” → „Frezarka 5-osiowa”, ` +
        'status: Ok → Pilna awaria, kategoria: „Tokarki” → „Frezarki”, kontrahent: „Kowalski” → „ZPH Łódź”',
    ]);
  });

  it('keeps the current status when the body has none, and GPS and the inspection switch always', async () => {
    const device = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { status: 'BROKEN' }));
    await ctx.database.db
      .update(devices)
      .set({ gpsLatitude: 51.1, gpsLongitude: 19.2, isPeriodicInspectionEnabled: false })
      .where(eq(devices.id, device.id));
    const { status: _omit, ...body } = deviceBody(refs, { city: 'Kraków' });
    const response = await inject('PUT', '/api/device-external/update', user, { ...body, id: device.id });
    expect(response.json()).toMatchObject({
      city: 'Kraków',
      status: 'BROKEN',
      statusWeight: 7,
      gpsLatitude: 51.1,
      gpsLongitude: 19.2,
      isPeriodicInspectionEnabled: false,
    });
  });

  it('answers 404 when the id belongs to the other family or to nothing', async () => {
    const internal = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const external = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs));
    for (const [url, id] of [
      ['/api/device-external/update', internal.id],
      ['/api/device/update', external.id],
      ['/api/device/update', 9999],
    ] as const) {
      const response = await inject('PUT', url, user, { ...deviceBody(refs, { name: 'Zmieniona' }), id });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(MSG.machineNotFound);
    }
    const rows = await ctx.database.db.select().from(devices);
    expect(rows.map((r) => r.name)).toEqual(['Tokarka CNC', 'Tokarka CNC']);
  });

  it('refuses an unknown customer on update with 400 and leaves the machine as it was', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const response = await inject('PUT', '/api/device/update', user, {
      ...deviceBody(refs, { customer: { id: 4242 } }),
      id: device.id,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(MSG.machineCustomerNotFound);
    const [row] = await ctx.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row.customerId).toBe(refs.kowalski);
  });
});

describe('machine reads', () => {
  it('finds a machine of either family by id, 404 otherwise, 400 for a bad id', async () => {
    const internal = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const external = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { name: 'Prasa krawędziowa' }));
    expect((await inject('GET', `/api/device/findById/${internal.id}`, user)).json()).toEqual(internal);
    expect((await inject('GET', `/api/device/findById/${external.id}`, user)).json()).toEqual(external);
    const missing = await inject('GET', '/api/device/findById/9999', user);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.machineNotFound);
    expect((await inject('GET', '/api/device/findById/abc', user)).statusCode).toBe(400);
  });

  it('lists the distinct names of one family, sorted', async () => {
    for (const name of ['Tokarka CNC', 'Frezarka', 'Tokarka CNC', 'Anodyzer']) {
      await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name }));
    }
    await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { name: 'Obca prasa' }));
    const internal = await inject('GET', '/api/device/findAllDevicesNames', user);
    expect(internal.json()).toEqual(['Anodyzer', 'Frezarka', 'Tokarka CNC']);
    const external = await inject('GET', '/api/device-external/findAllDevicesNames', user);
    expect(external.json()).toEqual(['Obca prasa']);
  });

  it('lists the machines of a category or customer from both families by status weight, then id', async () => {
    const a = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { status: 'DANGER' }));
    const b = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs, { status: 'PRODUCTION' }));
    const c = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { status: 'PRODUCTION' }));
    const other = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { category: { id: refs.prasy }, customer: { id: refs.zaklad } }),
    );
    const byCategory = await inject('GET', `/api/device/findByCategory/${refs.tokarki}`, user);
    expect(byCategory.json().map((d: Device) => d.id)).toEqual([b.id, c.id, a.id]);
    const byCustomer = await inject('GET', `/api/device/findByCustomer/${refs.zaklad}`, user);
    expect(byCustomer.json().map((d: Device) => d.id)).toEqual([other.id]);
    expect((await inject('GET', '/api/device/findByCustomer/9999', user)).json()).toEqual([]);
  });
});

describe('machines of a category or customer: page, size, sort and q', () => {
  const ids = (response: { json: () => Device[] }) => response.json().map((d) => d.id);
  let danger: Device, production: Device, external: Device, broken: Device, elsewhere: Device;

  beforeEach(async () => {
    danger = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Tokarka A', status: 'DANGER' }),
    );
    production = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Tokarka D', status: 'PRODUCTION', serialNumber: 'X-77' }),
    );
    external = await addDevice(
      ctx,
      user,
      'EXTERNAL',
      deviceBody(refs, { name: 'Tokarka C', status: 'OK', customer: { id: refs.zaklad } }),
    );
    broken = await addDevice(
      ctx,
      user,
      'EXTERNAL',
      deviceBody(refs, { name: 'Tokarka B', status: 'BROKEN' }),
    );
    elsewhere = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Prasa', category: { id: refs.prasy }, customer: { id: refs.zaklad } }),
    );
  });

  it('answers the full array by status weight without parameters, with no X-Total-Count', async () => {
    const all = await inject('GET', `/api/device/findByCategory/${refs.tokarki}`, user);
    expect(all.statusCode).toBe(200);
    expect(all.headers['x-total-count']).toBeUndefined();
    expect(ids(all)).toEqual([production.id, external.id, broken.id, danger.id]);
    expect(all.json()[0]).toEqual(production);
    const empty = await inject('GET', `/api/device/findByCategory/${refs.tokarki}?q=&sort=`, user);
    expect(empty.body).toBe(all.body);
  });

  it('pages with X-Total-Count, 10 rows when only page is given, [] past the end', async () => {
    const page = await inject('GET', `/api/device/findByCategory/${refs.tokarki}?page=2&size=3`, user);
    expect(page.headers['x-total-count']).toBe('4');
    expect(ids(page)).toEqual([danger.id]);
    const first = await inject('GET', `/api/device/findByCategory/${refs.tokarki}?page=1`, user);
    expect(ids(first)).toEqual([production.id, external.id, broken.id, danger.id]);
    const past = await inject('GET', `/api/device/findByCustomer/${refs.zaklad}?page=3&size=1`, user);
    expect(past.headers['x-total-count']).toBe('2');
    expect(past.json()).toEqual([]);
  });

  it("sorts by the machine list's fields before paging; an unknown field is 400", async () => {
    const byName = await inject('GET', `/api/device/findByCategory/${refs.tokarki}?sort=name,desc`, user);
    expect(ids(byName)).toEqual([production.id, external.id, broken.id, danger.id]);
    const paged = await inject(
      'GET',
      `/api/device/findByCategory/${refs.tokarki}?sort=name,asc&page=1&size=2`,
      user,
    );
    expect(ids(paged)).toEqual([danger.id, broken.id]);
    const byCustomer = await inject(
      'GET',
      `/api/device/findByCustomer/${refs.zaklad}?sort=category,asc`,
      user,
    );
    expect(ids(byCustomer)).toEqual([elsewhere.id, external.id]);
    for (const path of [`findByCategory/${refs.tokarki}`, `findByCustomer/${refs.kowalski}`]) {
      const bad = await inject('GET', `/api/device/${path}?sort=password,asc`, user);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(MSG.invalidSort);
      expect(bad.headers['x-total-count']).toBeUndefined();
    }
  });

  it("searches with the machine list's q, in both families, within the category or customer", async () => {
    const get = async (path: string, q: string) =>
      ids(await inject('GET', `/api/device/${path}?q=${encodeURIComponent(q)}`, user));
    // Status label ("Awaria", "Pilna awaria"): an internal and an external machine.
    expect(await get(`findByCategory/${refs.tokarki}`, 'awaria')).toEqual([broken.id, danger.id]);
    // Customer short name; the customer's machine of another category stays out.
    expect(await get(`findByCategory/${refs.tokarki}`, 'zph')).toEqual([external.id]);
    expect(await get(`findByCategory/${refs.tokarki}`, 'x-77')).toEqual([production.id]);
    expect(await get(`findByCustomer/${refs.zaklad}`, 'prasa')).toEqual([elsewhere.id]);
    expect(await get(`findByCustomer/${refs.zaklad}`, 'nic takiego')).toEqual([]);
    const counted = await inject('GET', `/api/device/findByCategory/${refs.tokarki}?q=tokarka&size=1`, user);
    expect(counted.headers['x-total-count']).toBe('4');
  });
});

describe('machine delete', () => {
  it('is for admins only: 403 with the spec message, nothing deleted', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const response = await inject('DELETE', `/api/device/delete/${device.id}`, user);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await ctx.database.db.select().from(devices)).toHaveLength(1);
  });

  it('removes a machine of either family with its notes, parts, file rows and bytes, and audits', async () => {
    const device = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs));
    await ctx.database.db
      .insert(deviceNotes)
      .values({ deviceId: device.id, text: 'Notatka', userCreatedId: user.id, userUpdatedId: user.id });
    await ctx.database.db.insert(parts).values({ deviceId: device.id, name: 'Wrzeciono' });
    const stored = await ctx.app.storage.save(Readable.from([Buffer.from('%PDF-1.4 instrukcja')]), {
      extension: '.pdf',
    });
    await ctx.database.db.insert(files).values({
      deviceId: device.id,
      type: 'MACHINE_FILE',
      filename: 'instrukcja.pdf',
      downloadName: 'instrukcja.pdf',
      storageName: stored.name,
    });
    expect(await ctx.app.storage.stat(stored.name)).not.toBeNull();
    // Asked before the confirmation: what goes with it, and nothing keeps it.
    const dependants = await inject('GET', `/api/device/dependants/${device.id}`, user);
    expect(dependants.json()).toEqual({
      services: 0,
      incidents: 0,
      notes: 1,
      parts: 1,
      files: 1,
      nameplates: 0,
    });
    expect(DELETION_TEXT.machineTakesWith(dependants.json())).toBe(
      'Razem z nią zostaną usunięte: 1 notatka, 1 część i 1 plik.',
    );
    expect(DELETION_TEXT.machineKeptBy(dependants.json())).toBe('');
    const response = await inject('DELETE', `/api/device/delete/${device.id}`, admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(MSG.machineDeleted);
    expect(await ctx.database.db.select().from(devices)).toHaveLength(0);
    expect(await ctx.database.db.select().from(deviceNotes)).toHaveLength(0);
    expect(await ctx.database.db.select().from(parts)).toHaveLength(0);
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
    expect(await ctx.app.storage.stat(stored.name)).toBeNull();
    const entries = await auditOf(device.id);
    expect(entries.at(-1)!.formattedMessage).toContain(
      `usunięcie maszyny zewnętrznej Tokarka CNC S/N SN-001 (id ${device.id})`,
    );
    expect(entries.at(-1)!.arg0).toBe(admin.email);
  });

  it('answers 409 while a service event or an incident refers to the machine', async () => {
    const withService = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const withIncident = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const [service] = await ctx.database.db
      .insert(services)
      .values({ date: '2025-01-10', month: 1, year: 2025, customerId: refs.kowalski, userCreatedId: user.id })
      .returning();
    await ctx.database.db.insert(serviceDevices).values({ serviceId: service.id, deviceId: withService.id });
    await ctx.database.db.insert(incidents).values({
      deviceId: withIncident.id,
      date: '2025-01-10T10:00:00Z',
      text: 'Wyciek',
      userCreatedId: user.id,
    });
    expect((await inject('GET', `/api/device/dependants/${withService.id}`, admin)).json()).toMatchObject({
      services: 1,
      incidents: 0,
    });
    const kept = (await inject('GET', `/api/device/dependants/${withIncident.id}`, admin)).json();
    expect(DELETION_TEXT.machineKeptBy(kept)).toBe(
      'Maszyny nie można teraz usunąć. Powiązane z nią dane: 1 wpis w zakładce Zdarzenia. Najpierw usuń je na karcie maszyny.',
    );
    expect((await inject('GET', '/api/device/dependants/9999', admin)).statusCode).toBe(404);
    for (const device of [withService, withIncident]) {
      const response = await inject('DELETE', `/api/device/delete/${device.id}`, admin);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(MSG.machineInUse);
      expect(await auditOf(device.id)).toHaveLength(1);
    }
    expect(await ctx.database.db.select().from(devices)).toHaveLength(2);
  });

  it('answers 404 for a machine that does not exist', async () => {
    const response = await inject('DELETE', '/api/device/delete/9999', admin);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(MSG.machineNotFound);
  });
});
