import { describe, expect, it } from 'vitest';
import { MSG, incidentDateLastYear, incidentDateOutOfRange } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { customerWithMachines, postService, serviceJson } from '../services/services.fixtures.js';

const ctx = useTestApp();

const insert = (user: TestUser, payload: object) =>
  ctx.app.inject({ method: 'POST', url: '/api/incident/insert', headers: as(user), payload });

async function find(user: TestUser, query: Record<string, string | number>) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const response = await ctx.app.inject({
    method: 'GET',
    url: `/api/incident/findByParameters?${qs}`,
    headers: as(user),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    id: number;
    date: string;
    text: string;
    service: unknown;
    serviceId: number | null;
  }[];
}

async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const { customer, devices } = await customerWithMachines(ctx, 2);
  return { user, admin, customer, devices };
}

describe('incidents', () => {
  it('creates an incident (201), answers it in company time and writes an audit entry', async () => {
    const { user, devices } = await setup();
    const response = await insert(user, {
      id: 0,
      device: { id: devices[0].id },
      date: '2026-03-10T14:30',
      text: 'Wyciek oleju',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toMatchObject({
      date: '2026-03-10T14:30:00',
      text: 'Wyciek oleju',
      device: { id: devices[0].id },
      service: null,
      serviceId: null,
      userCreated: { id: user.id, fullName: 'Jan Kowalski' },
    });
    const entries = await auditEntriesFor(ctx.database.db, `incident:${body.id}`);
    expect(entries).toHaveLength(1);
    // The machine by its name too: a search of the log for it finds its incidents.
    expect(entries[0].formattedMessage).toMatch(
      new RegExp(`dodanie zdarzenia nr ${body.id} maszyny ${devices[0].name} \\(id ${devices[0].id}\\)$`),
    );
    // id empty also means "new".
    expect(
      (await insert(user, { id: '', device: { id: devices[0].id }, date: '2026-03-10', text: 'x' }))
        .statusCode,
    ).toBe(201);
  });

  it('lets the author or an admin edit and refuses others with 403 "Brak uprawnień."', async () => {
    const { user, admin, devices } = await setup();
    const colleague = await createUserAndLogin(ctx);
    const created = (
      await insert(user, { device: { id: devices[0].id }, date: '2026-03-10 08:00', text: 'A' })
    ).json();
    const own = await insert(user, {
      id: created.id,
      device: { id: devices[0].id },
      date: '2026-03-10 09:15:30',
      text: 'B',
    });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: created.id, text: 'B', date: '2026-03-10T09:15:30' });
    const foreign = await insert(colleague, {
      id: created.id,
      device: { id: devices[0].id },
      date: '2026-03-10',
      text: 'C',
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Brak uprawnień.');
    expect(
      (await insert(admin, { id: created.id, device: { id: devices[0].id }, date: '2026-03-10', text: 'D' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await insert(admin, { id: 99_999, device: { id: devices[0].id }, date: '2026-03-10', text: 'D' }))
        .statusCode,
    ).toBe(404);
    const entries = await auditEntriesFor(ctx.database.db, `incident:${created.id}`);
    expect(entries).toHaveLength(3);
  });

  it('links a service event only when it covers the machine', async () => {
    const { user, customer, devices } = await setup();
    const service = (
      await postService(ctx, user, serviceJson(customer.id, [devices[0].id], { isToSign: true }))
    ).json();
    const linked = await insert(user, {
      device: { id: devices[0].id },
      date: '2026-03-15',
      text: 'x',
      service: { id: service.id },
    });
    expect(linked.statusCode).toBe(201);
    expect(linked.json()).toMatchObject({
      serviceId: service.id,
      service: { id: service.id, fullNumber: '1/03/2026', state: 'PODPISANY' },
    });
    const otherMachine = await insert(user, {
      device: { id: devices[1].id },
      date: '2026-03-15',
      text: 'x',
      service: { id: service.id },
    });
    expect(otherMachine.statusCode).toBe(400);
    expect(otherMachine.json().message).toBe(MSG.incidentServiceOtherDevice);
    expect(
      (await insert(user, { device: { id: devices[0].id }, date: '2026-03-15', service: { id: 99_999 } }))
        .statusCode,
    ).toBe(400);
    expect((await insert(user, { device: { id: 99_999 }, date: '2026-03-15' })).statusCode).toBe(400);
    // service {id: 0} or null means "no service".
    expect(
      (await insert(user, { device: { id: devices[0].id }, date: '2026-03-15', service: { id: 0 } })).json()
        .serviceId,
    ).toBeNull();
  });

  it('validates date and text', async () => {
    const { user, devices } = await setup();
    const noDate = await insert(user, { device: { id: devices[0].id }, date: '', text: 'x' });
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json().message).toBe(MSG.incidentDateRequired);
    const badDate = await insert(user, { device: { id: devices[0].id }, date: '2026-13-01', text: 'x' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toBe(`Pole „Data”: ${MSG.invalidDate}`);
    expect(
      (await insert(user, { device: { id: devices[0].id }, date: '2026-03-01', text: 'x'.repeat(5001) }))
        .statusCode,
    ).toBe(400);
  });

  it('refuses a zone no place uses and a year outside the machine history, in Polish, not as a fault', async () => {
    const { user, devices } = await setup();
    const device = { id: devices[0].id };
    for (const date of ['2026-12-06T10:00:00+23:59', '2026-12-06T10:00:00+99:99', '2026-12-06T10:00-12:30']) {
      const response = await insert(user, { device, date, text: date });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().message).toBe(`Pole „Data”: ${MSG.invalidDate}`);
    }
    const last = incidentDateLastYear();
    for (const date of [
      '9999-12-31T23:59:59Z',
      '1899-12-31T12:00:00',
      `${last + 1}-01-01`,
      '0001-01-01T00:00+14:00',
      // Within the years as written, outside them as moments.
      `${last}-12-31T23:30:00-05:00`,
      '1900-01-01T00:30:00+14:00',
    ]) {
      const response = await insert(user, { device, date, text: date });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().message).toBe(incidentDateOutOfRange(1900, last));
    }
    // The ends of the range and the world's furthest zones are taken.
    for (const date of [
      '1900-01-01T12:00:00',
      `${last}-12-31T10:00:00`,
      '2026-12-06T10:00+14:00',
      '2026-12-06T10:00-12:00',
    ]) {
      expect((await insert(user, { device, date, text: date })).statusCode, date).toBe(201);
    }
    const badQuery = await ctx.app.inject({
      method: 'GET',
      url: `/api/incident/findByParameters?deviceId=${device.id}&dateFrom=${encodeURIComponent('2026-12-06T10:00:00+23:59')}`,
      headers: as(user),
    });
    expect(badQuery.statusCode).toBe(400);
    expect(badQuery.json().message).toContain(MSG.invalidDate);
  });

  it('refuses a time the clocks skipped when summer time began; the hour that repeats is taken', async () => {
    const { user, devices } = await setup();
    const before = (await find(user, { deviceId: devices[0].id })).length;
    const skipped = await insert(user, {
      id: 0,
      device: { id: devices[0].id },
      date: '2026-03-29 02:30',
      text: 'x',
    });
    expect(skipped.statusCode).toBe(400);
    expect(skipped.json()).toMatchObject({ message: MSG.incidentTimeSkipped, field: 'date' });
    expect((await find(user, { deviceId: devices[0].id })).length).toBe(before);
    for (const date of ['2026-03-29 01:59', '2026-03-29 03:00', '2026-10-25 02:30', '2026-03-29']) {
      const saved = await insert(user, { id: 0, device: { id: devices[0].id }, date, text: date });
      expect(saved.statusCode).toBe(201);
      expect(saved.json().date.slice(0, 16)).toBe(
        date.length === 10 ? `${date}T00:00` : date.replace(' ', 'T'),
      );
    }
    // A time with its own offset names one moment; it is not checked against Poland's clocks.
    const withZone = await insert(user, {
      id: 0,
      device: { id: devices[0].id },
      date: '2026-03-29T02:30Z',
      text: 'z',
    });
    expect(withZone.statusCode).toBe(201);
    expect(withZone.json().date).toBe('2026-03-29T04:30:00');
  });

  it('filters by machine and text (case-insensitive), newest first, with the service only on request', async () => {
    const { user, customer, devices } = await setup();
    const service = (await postService(ctx, user, serviceJson(customer.id, [devices[0].id]))).json();
    const add = (deviceId: number, date: string, text: string, serviceId?: number) =>
      insert(user, {
        device: { id: deviceId },
        date,
        text,
        ...(serviceId ? { service: { id: serviceId } } : {}),
      });
    await add(devices[0].id, '2026-03-01T10:00', 'Awaria PALNIKA', service.id);
    await add(devices[0].id, '2026-03-05T10:00', 'Przegląd');
    await add(devices[0].id, '2026-03-03T10:00', 'palnik wymieniony');
    await add(devices[1].id, '2026-03-04T10:00', 'Palnik innej maszyny');

    const all = await find(user, { deviceId: devices[0].id });
    expect(all.map((i) => i.text)).toEqual(['Przegląd', 'palnik wymieniony', 'Awaria PALNIKA']);
    const burner = await find(user, { deviceId: devices[0].id, text: 'Palnik' });
    expect(burner.map((i) => i.text)).toEqual(['palnik wymieniony', 'Awaria PALNIKA']);
    expect(burner[1]).toMatchObject({ serviceId: service.id, service: null });
    const withService = await find(user, { deviceId: devices[0].id, text: 'awaria', showService: 'true' });
    expect(withService[0].service).toMatchObject({
      id: service.id,
      fullNumber: '(auto)',
      state: 'UTWORZONY',
    });
    expect(await find(user, { deviceId: devices[0].id, text: '%' })).toEqual([]);
  });

  it('includes the whole of dateTo (23:59:59) and nothing of the next day; dateFrom from 00:00:00', async () => {
    const { user, devices } = await setup();
    const at = (date: string) => insert(user, { device: { id: devices[0].id }, date, text: date });
    await at('2026-03-09T23:59:59');
    await at('2026-03-10T00:00:00');
    await at('2026-03-10T23:59:59');
    await at('2026-03-11T00:00:00');
    const texts = async (query: Record<string, string>) =>
      (await find(user, { deviceId: devices[0].id, ...query })).map((i) => i.text);
    expect(await texts({ dateFrom: '2026-03-10', dateTo: '2026-03-10' })).toEqual([
      '2026-03-10T23:59:59',
      '2026-03-10T00:00:00',
    ]);
    // As the browser sends them (spec §5).
    expect(await texts({ dateFrom: '2026-03-10 00:00:00', dateTo: '2026-03-10 23:59:59.999999' })).toEqual([
      '2026-03-10T23:59:59',
      '2026-03-10T00:00:00',
    ]);
    expect(await texts({ dateFrom: '2026-03-11' })).toEqual(['2026-03-11T00:00:00']);
    expect(await texts({ dateTo: '2026-03-09' })).toEqual(['2026-03-09T23:59:59']);
    const bad = await ctx.app.inject({
      method: 'GET',
      url: '/api/incident/findByParameters?dateFrom=jutro',
      headers: as(user),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets only admins delete, with an audit entry', async () => {
    const { user, admin, devices } = await setup();
    const created = (
      await insert(user, { device: { id: devices[0].id }, date: '2026-03-10', text: 'x' })
    ).json();
    const del = (who: TestUser, id: number) =>
      ctx.app.inject({ method: 'DELETE', url: `/api/incident/delete/${id}`, headers: as(who) });
    const refused = await del(user, created.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji!');
    expect((await del(admin, created.id)).statusCode).toBe(200);
    expect(await find(admin, { deviceId: devices[0].id })).toEqual([]);
    expect((await del(admin, created.id)).statusCode).toBe(404);
    const entries = await auditEntriesFor(ctx.database.db, `incident:${created.id}`);
    expect(entries.at(-1)!.formattedMessage).toContain(`usunięcie zdarzenia nr ${created.id} maszyny`);
  });
});

describe("an incident's audit entries", () => {
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await auditEntriesFor(ctx.database.db, record))
      .sort((a, b) => a.eventId - b.eventId)
      .map((e) => e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2));

  it('lists what an edit changed, old → new, and keeps the date, text and event a delete took away', async () => {
    const { user, admin, customer, devices } = await setup();
    const [first, second] = devices.map((d) => `${d.name} (id ${d.id})`);
    const service = (
      await postService(
        ctx,
        user,
        serviceJson(customer.id, [devices[0].id, devices[1].id], { isToSign: true }),
      )
    ).json();
    const created = (
      await insert(user, { device: { id: devices[0].id }, date: '2026-03-10 08:00', text: 'Wyciek oleju' })
    ).json();
    const edited = {
      id: created.id,
      device: { id: devices[1].id },
      date: '2026-03-11 09:15:30',
      text: 'Wyciek oleju, „uszczelka” do wymiany',
      service: { id: service.id },
    };
    expect((await insert(user, edited)).statusCode).toBe(200);
    // Saved again as it is: no entry.
    expect((await insert(user, edited)).statusCode).toBe(200);
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/incident/delete/${created.id}`,
      headers: as(admin),
    });
    expect(del.statusCode).toBe(200);

    const event = `1/03/2026 (id ${service.id})`;
    expect((await logged(`incident:${created.id}`)).slice(1)).toEqual([
      `edycja zdarzenia nr ${created.id} maszyny ${second}: maszyna: ${first} → ${second}, ` +
        'data: 2026-03-10 08:00 → 2026-03-11 09:15:30, ' +
        'treść: „Wyciek oleju” → „Wyciek oleju, „uszczelka” do wymiany”, ' +
        `zdarzenie serwisowe: — → ${event}`,
      `usunięcie zdarzenia nr ${created.id} maszyny ${second}: data: 2026-03-11 09:15:30, ` +
        `treść: „Wyciek oleju, „uszczelka” do wymiany”, zdarzenie serwisowe: ${event}`,
    ]);
  });

  it('gives a deleted incident without text or event its date (company time)', async () => {
    const { user, admin, devices } = await setup();
    const created = (
      await insert(user, { device: { id: devices[0].id }, date: '2026-07-01T10:00:00Z', text: '' })
    ).json();
    await ctx.app.inject({ method: 'DELETE', url: `/api/incident/delete/${created.id}`, headers: as(admin) });
    expect((await logged(`incident:${created.id}`)).at(-1)).toBe(
      `usunięcie zdarzenia nr ${created.id} maszyny ${devices[0].name} (id ${devices[0].id}): data: 2026-07-01 12:00`,
    );
  });
});
