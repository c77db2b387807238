import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, storedNames, useTestApp, type TestUser } from '../../test/test-app.js';
import { insertTestDevice, multipart } from '../modules/files/files.fixtures.js';
import { deviceNotes } from '../modules/notes/notes.table.js';
import { customerWithMachines, serviceJson } from '../modules/services/services.fixtures.js';
import { services } from '../modules/services/services.table.js';

const ctx = useTestApp();

const addNote = (user: TestUser, deviceId: number, text: string, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/deviceNote/insert',
    headers: { ...as(user), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { device: { id: deviceId }, text },
  });

const notesOf = async (deviceId: number) =>
  ctx.database.db.select().from(deviceNotes).where(eq(deviceNotes.deviceId, deviceId));

describe('a write sent again with its key', () => {
  it('adds the record once and answers the retry as the first time', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const key = '3f1c2a8e-0b7d-4c55-9e1a-7d2f6b9c0e11';
    const first = await addNote(user, deviceId, 'Wymieniono filtr.', key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The answer was lost on the way; "Zapisz" is pressed again.
    const retry = await addNote(user, deviceId, 'Wymieniono filtr.', key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await notesOf(deviceId)).toHaveLength(1);
  });

  it('adds anew without a key, with a new key, and for another employee using the same key', async () => {
    const user = await createUserAndLogin(ctx);
    const other = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const key = 'klucz-zapisu-0001';
    await addNote(user, deviceId, 'Notatka', key);
    expect((await addNote(user, deviceId, 'Notatka')).statusCode).toBe(201);
    expect((await addNote(user, deviceId, 'Notatka', 'klucz-zapisu-0002')).statusCode).toBe(201);
    const theirs = await addNote(other, deviceId, 'Notatka', key);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await notesOf(deviceId)).toHaveLength(4);
  });

  it('keeps no refusal: a retry after a refused write is judged afresh', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const key = 'klucz-odmowy-0001';
    const refused = await addNote(user, deviceId, '   ', key);
    expect(refused.statusCode).toBe(400);
    const mended = await addNote(user, deviceId, 'Teraz z treścią', key);
    expect(mended.statusCode).toBe(201);
    expect(await notesOf(deviceId)).toHaveLength(1);
  });

  it('makes one service event of a multipart save sent twice, its file kept once', async () => {
    const user = await createUserAndLogin(ctx);
    const { customer, devices } = await customerWithMachines(ctx, 1);
    const send = async () => {
      const body = await multipart([
        {
          kind: 'field',
          name: 'serviceJson',
          value: JSON.stringify(serviceJson(customer.id, [devices[0].id])),
        },
        { kind: 'file', name: 'protocolSerwisowyFile', filename: 'protokol.pdf', content: '%PDF-1.4' },
      ]);
      return ctx.app.inject({
        method: 'POST',
        url: '/api/service/add',
        headers: { ...as(user), ...body.headers, 'idempotency-key': 'klucz-zdarzenia-0001' },
        payload: body.payload,
      });
    };
    const first = await send();
    expect(first.statusCode).toBe(201);
    const filesBefore = await storedNames(ctx);
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect(retry.json().id).toBe(first.json().id);
    const saved = await ctx.database.db.select().from(services).where(eq(services.customerId, customer.id));
    expect(saved).toHaveLength(1);
    expect(await storedNames(ctx)).toEqual(filesBefore);
  });
});
