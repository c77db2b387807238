import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  as,
  createUserAndLogin,
  useTestApp,
  type TestUser,
  clearStorage,
  storedNames,
} from '../../../test/test-app.js';
import { inTransaction } from '../../lib/transaction.js';
import { devices } from '../devices/devices.table.js';
import { logs } from '../logs/logs.table.js';
import { files } from './files.table.js';
import { addTestFile, insertTestDevice, storageNameOf } from './files.fixtures.js';
import { deleteStoredFilesOf } from './files.service.js';
import {
  customerWithMachines,
  postService,
  serviceJson,
  uploadToService,
} from '../services/services.fixtures.js';
import { sweepOrphanFiles } from './files.sweep.js';

const ctx = useTestApp();
beforeEach(() => clearStorage(ctx));

async function addFile(user: TestUser, deviceId: number, filename = 'schemat.pdf') {
  const { id } = await addTestFile(ctx, user, { deviceId, filename, content: `treść ${filename}` });
  return { id, storageName: await storageNameOf(ctx.database.db, id) };
}

describe('PATCH /api/file/updateDescription', () => {
  it('lets any employee change a description, with an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await addFile(user, await insertTestDevice(ctx.database.db));
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/file/updateDescription',
      headers: as(user),
      payload: { id: file.id, description: '  Schemat elektryczny  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: file.id, description: 'Schemat elektryczny' });
    const [row] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    expect(row.description).toBe('Schemat elektryczny');
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `file:${file.id}`));
    expect(entries.map((e) => e.formattedMessage).join('\n')).toContain('zmiana opisu pliku');
  });

  it('answers 404 for an unknown file and 400 for a too long description', async () => {
    const user = await createUserAndLogin(ctx);
    const missing = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/file/updateDescription',
      headers: as(user),
      payload: { id: 4321, description: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Nie znaleziono pliku.');
    const tooLong = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/file/updateDescription',
      headers: as(user),
      payload: { id: 1, description: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toContain('2000');
  });

  it('refuses a call without the description and keeps the stored one; null clears it', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await addFile(user, await insertTestDevice(ctx.database.db));
    const describe = (payload: object) =>
      ctx.app.inject({ method: 'PATCH', url: '/api/file/updateDescription', headers: as(user), payload });
    expect((await describe({ id: file.id, description: 'Schemat' })).statusCode).toBe(200);
    const missing = await describe({ id: file.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ field: 'description' });
    expect(missing.json().message).toContain('To pole jest wymagane.');
    const [kept] = await ctx.database.db.select().from(files).where(eq(files.id, file.id));
    expect(kept.description).toBe('Schemat');
    const cleared = await describe({ id: file.id, description: null });
    expect(cleared.json()).toMatchObject({ id: file.id, description: '' });
  });
});

describe('DELETE /api/file/delete/{id}', () => {
  it('refuses employees with 403 and keeps row and bytes', async () => {
    const user = await createUserAndLogin(ctx);
    const file = await addFile(user, await insertTestDevice(ctx.database.db));
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/file/delete/${file.id}`,
      headers: as(user),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Brak uprawnień do tej operacji.');
    expect(await ctx.database.db.select().from(files)).toHaveLength(1);
    expect(await ctx.app.storage.stat(file.storageName)).not.toBeNull();
  });

  it('lets an admin delete the row, the bytes, with an audit entry', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const deviceId = await insertTestDevice(ctx.database.db);
    const file = await addFile(user, deviceId);
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/file/delete/${file.id}`,
      headers: as(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
    expect(await storedNames(ctx)).toEqual([]);
    const entries = await ctx.database.db
      .select()
      .from(logs)
      .where(eq(logs.arg1, `file:${file.id}`))
      .orderBy(logs.eventId);
    expect(entries.map((e) => e.arg0)).toContain(admin.email);
    // Named as its add names it: the machine (a search of the log for the machine finds both), the tab.
    expect(entries.map((e) => e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2))).toEqual([
      `dodanie pliku „schemat.pdf” (zakładka Pliki) do maszyny Piec indukcyjny (id ${deviceId})`,
      `usunięcie pliku „schemat.pdf” (id ${file.id}) (zakładka Pliki) maszyny Piec indukcyjny (id ${deviceId})`,
    ]);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/file/delete/${file.id}`,
      headers: as(admin),
    });
    expect(again.statusCode).toBe(404);
  });

  it("names in the delete entry a parameter file's tab and a service event's number, types, machine and customer", async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const deviceId = await insertTestDevice(ctx.database.db, 'Prasa krawędziowa');
    const parameters = await addTestFile(ctx, user, {
      deviceId,
      filename: 'parametry.pdf',
      content: 'p',
      type: 'MACHINE_PARAMETER',
    });
    const { customer, devices: machines } = await customerWithMachines(ctx, 1);
    const event = (await postService(ctx, user, serviceJson(customer.id, [machines[0].id]))).json();
    expect(
      (await uploadToService(ctx, user, event.id, { filename: 'zdjęcie.jpg', content: 'jpg' })).statusCode,
    ).toBe(200);
    const [photo] = await ctx.database.db.select().from(files).where(eq(files.serviceId, event.id));
    for (const id of [parameters.id, photo.id]) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/file/delete/${id}`,
        headers: as(admin),
      });
      expect(response.statusCode).toBe(200);
    }
    // A machine's file has its own record; an event's attachment is in the event's history.
    const deleted = async (record: string) => {
      const entry = (
        await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)
      ).at(-1)!;
      return entry.formattedMessage.slice(entry.formattedMessage.indexOf(': ') + 2);
    };
    expect(await deleted(`file:${parameters.id}`)).toBe(
      `usunięcie pliku „parametry.pdf” (id ${parameters.id}) (zakładka Parametry) maszyny Prasa krawędziowa (id ${deviceId})`,
    );
    expect(await deleted(`service:${event.id}`)).toBe(
      `usunięcie pliku „zdjęcie.jpg” (id ${photo.id}) zdarzenia serwisowego (auto) (id ${event.id}) [Naprawa] ` +
        `maszyny ${machines[0].name} (id ${machines[0].id}), kontrahent ${customer.shortName}`,
    );
  });
});

describe('removing a machine', () => {
  it('cascades the rows; deleteStoredFilesOf removes the bytes after the commit', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const keptDevice = await insertTestDevice(ctx.database.db, 'Zostaje');
    const gone = [await addFile(user, deviceId, 'a.pdf'), await addFile(user, deviceId, 'b.png')];
    const kept = await addFile(user, keptDevice, 'c.pdf');

    const removeBytes = await inTransaction(ctx.database.db, async (tx) => {
      const remove = await deleteStoredFilesOf(tx, ctx.app.storage, { deviceId });
      await tx.delete(devices).where(eq(devices.id, deviceId));
      return remove;
    });
    expect((await ctx.database.db.select().from(files)).map((f) => f.id)).toEqual([kept.id]);
    for (const file of gone) expect(await ctx.app.storage.stat(file.storageName)).not.toBeNull();
    await removeBytes();
    expect(await storedNames(ctx)).toEqual([kept.storageName]);
  });

  it('keeps the bytes when the delete transaction rolls back', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const file = await addFile(user, deviceId);
    await expect(
      inTransaction(ctx.database.db, async (tx) => {
        await deleteStoredFilesOf(tx, ctx.app.storage, { deviceId });
        await tx.delete(devices).where(eq(devices.id, deviceId));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await ctx.database.db.select().from(files)).toHaveLength(1);
    expect(await ctx.app.storage.stat(file.storageName)).not.toBeNull();
  });

  it('the orphan sweep removes bytes without a row, and only those', async () => {
    const user = await createUserAndLogin(ctx);
    const deviceId = await insertTestDevice(ctx.database.db);
    const kept = await addFile(user, deviceId, 'zostaje.pdf');
    const orphan = await addFile(user, deviceId, 'sierota.pdf');
    await ctx.database.db.delete(files).where(eq(files.id, orphan.id));

    expect(await sweepOrphanFiles(ctx.database.db, ctx.app.storage)).toBe(0); // still within the grace period
    expect(await sweepOrphanFiles(ctx.database.db, ctx.app.storage, { graceMs: -1000 })).toBe(1);
    expect(await storedNames(ctx)).toEqual([kept.storageName]);
  });
});

describe("a file description's audit entries", () => {
  /** The record's entries in order, without the actor ("Jan Kowalski (…): "). */
  const logged = async (record: string) =>
    (await ctx.database.db.select().from(logs).where(eq(logs.arg1, record)).orderBy(logs.eventId)).map((e) =>
      e.formattedMessage.slice(e.formattedMessage.indexOf(': ') + 2),
    );
  const describeFile = (user: TestUser, id: number, description: string | null) =>
    ctx.app.inject({
      method: 'PATCH',
      url: '/api/file/updateDescription',
      headers: as(user),
      payload: { id, description },
    });

  it('keeps the old and the new description of a change and the description a delete took away', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const deviceId = await insertTestDevice(ctx.database.db);
    const file = await addFile(admin, deviceId);
    expect((await describeFile(admin, file.id, 'Schemat, „stary” układ')).statusCode).toBe(200);
    expect((await describeFile(admin, file.id, 'Schemat po przebudowie')).statusCode).toBe(200);
    // The same description again: no entry.
    expect((await describeFile(admin, file.id, 'Schemat po przebudowie')).statusCode).toBe(200);
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/file/delete/${file.id}`, headers: as(admin) }))
        .statusCode,
    ).toBe(200);

    const name = `„schemat.pdf” (id ${file.id})`;
    expect((await logged(`file:${file.id}`)).slice(1)).toEqual([
      `zmiana opisu pliku ${name}: opis: — → „Schemat, „stary” układ”`,
      `zmiana opisu pliku ${name}: opis: „Schemat, „stary” układ” → „Schemat po przebudowie”`,
      `usunięcie pliku ${name} (zakładka Pliki) maszyny Piec indukcyjny (id ${deviceId}): ` +
        'opis: „Schemat po przebudowie”',
    ]);
  });
});
