import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { logs } from '../logs/logs.table.js';
import { addDevice, deviceBody, seedReferences, type References } from './devices.fixtures.js';

const ctx = useTestApp();
let refs: References;
let user: TestUser;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
});

/** The device's entries without the actor ("Jan Kowalski (jan@…): "). */
const messagesOf = async (id: number) =>
  (
    await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `device:${id}`))
      .orderBy(logs.eventId)
  ).map((e) => e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2));

const send = (method: 'PUT' | 'PATCH', url: string, payload: object) =>
  ctx.app.inject({ method, url, headers: as(user), payload });

describe('audit entries of a machine edit', () => {
  it('name what changed, with the old and the new value, for an external machine too', async () => {
    const device = await addDevice(ctx, user, 'EXTERNAL', deviceBody(refs));
    const response = await send('PUT', '/api/device-external/update', {
      ...deviceBody(refs, {
        serialNumber: 'SN-002',
        transferDate: null,
        warrantyLength: 36,
        warranty: '',
        status: 'BROKEN',
        province: 'mazowieckie',
      }),
      id: device.id,
    });
    expect(response.statusCode).toBe(200);
    expect((await messagesOf(device.id)).at(-1)).toBe(
      `edycja maszyny zewnętrznej Tokarka CNC S/N SN-002 (id ${device.id}): status: Ok → Awaria, ` +
        'numer seryjny: „SN-001” → „SN-002”, data przekazania: 2024-03-15 → —, ' +
        'długość gwarancji (miesiące): 24 → 36, rodzaj gwarancji: „pełna” → —, ' +
        'województwo: „łódzkie” → „mazowieckie”',
    );
  });

  it('name the old name of a renamed machine, so that a search of the log for it finds the entry', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    await send('PUT', '/api/device/update', {
      ...deviceBody(refs, { name: 'Tokarka CNC 2', transferDate: '2024-04-01' }),
      id: device.id,
    });
    expect((await messagesOf(device.id)).at(-1)).toBe(
      `edycja maszyny Tokarka CNC 2 S/N SN-001 (id ${device.id}): nazwa: „Tokarka CNC” → „Tokarka CNC 2”, ` +
        'data przekazania: 2024-03-15 → 2024-04-01',
    );
  });

  it('write no entry for a save that changed nothing, and still answer 200', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const same = await send('PUT', '/api/device/update', { ...deviceBody(refs), id: device.id });
    expect(same.statusCode).toBe(200);
    // Without a status the machine keeps its own: still nothing changed.
    const { status: _status, ...withoutStatus } = deviceBody(refs);
    expect((await send('PUT', '/api/device/update', { ...withoutStatus, id: device.id })).statusCode).toBe(
      200,
    );
    expect(await messagesOf(device.id)).toEqual([`dodanie maszyny Tokarka CNC S/N SN-001 (id ${device.id})`]);
  });
});

describe('state switches that change nothing', () => {
  it('the periodic-inspection switch set to the value it has writes no entry', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const patch = (enabled: boolean) =>
      send('PATCH', '/api/device/isPeriodicInspectionEnabled', {
        id: device.id,
        isPeriodicInspectionEnabled: enabled,
      });
    const same = await patch(true);
    expect(same.statusCode).toBe(200);
    expect(same.json()).toMatchObject({ id: device.id, isPeriodicInspectionEnabled: true });
    expect((await patch(false)).statusCode).toBe(200);
    expect((await patch(false)).statusCode).toBe(200);
    expect(await messagesOf(device.id)).toEqual([
      `dodanie maszyny Tokarka CNC S/N SN-001 (id ${device.id})`,
      `wyłączenie przeglądów okresowych maszyny Tokarka CNC S/N SN-001 (id ${device.id})`,
    ]);
  });

  it('the position saved again with the same coordinates writes no entry', async () => {
    const device = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs));
    const place = (latitude: number | null, longitude: number | null) =>
      send('PATCH', '/api/device/updateGpsLocation', { deviceId: device.id, latitude, longitude });
    expect((await place(null, null)).statusCode).toBe(200);
    expect((await place(51.1, 17.03)).statusCode).toBe(200);
    const again = await place(51.1, 17.03);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Zapisano' });
    expect(await messagesOf(device.id)).toEqual([
      `dodanie maszyny Tokarka CNC S/N SN-001 (id ${device.id})`,
      `lokalizacja maszyny Tokarka CNC S/N SN-001 (id ${device.id}): 51.1, 17.03`,
    ]);
  });
});
