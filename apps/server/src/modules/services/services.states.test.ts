import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, storedNames } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { files } from '../files/files.table.js';
import { logs } from '../logs/logs.table.js';
import {
  customerWithMachines,
  postService,
  serviceAction,
  serviceJson,
  updateService,
  uploadToService,
} from './services.fixtures.js';

const ctx = useTestApp();
const PDF = Buffer.from('%PDF-1.4\nprotokół\n%%EOF\n');

async function setup() {
  const user = await createUserAndLogin(ctx);
  const admin = await createUserAndLogin(ctx, { admin: true });
  const { customer, devices } = await customerWithMachines(ctx);
  const json = (overrides = {}) => serviceJson(customer.id, [devices[0].id], overrides);
  return { user, admin, customer, devices, json };
}

describe('service states and locks', () => {
  it('lets the creator edit an open event and refuses other employees with 403', async () => {
    const { user, json } = await setup();
    const colleague = await createUserAndLogin(ctx);
    const created = (await postService(ctx, user, json())).json();
    const edited = await updateService(ctx, user, {
      ...json({ faultDescription: 'Wymiana grzałki' }),
      id: created.id,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      faultDescription: 'Wymiana grzałki',
      state: 'UTWORZONY',
      number: 0,
    });
    const foreign = await updateService(ctx, colleague, { ...json(), id: created.id });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toBe('Brak uprawnień do tej operacji!');
    const missing = await updateService(ctx, user, { ...json(), id: 99_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(MSG.serviceNotFound);
  });

  it('locks signed and rejected events for employees and lets admins edit them', async () => {
    const { user, admin, json } = await setup();
    const signed = (await postService(ctx, user, json({ isToSign: true }))).json();
    const refused = await updateService(ctx, user, {
      ...json({ isToSign: true, number: '1' }),
      id: signed.id,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji!');
    const byAdmin = await updateService(ctx, admin, {
      ...json({ faultDescription: 'Poprawione', isToSign: true }),
      id: signed.id,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ faultDescription: 'Poprawione', state: 'PODPISANY', number: 1 });

    const draft = (await postService(ctx, user, json())).json();
    const rejected = await serviceAction(ctx, user, 'reject', draft.id);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().state).toBe('ODRZUCONY');
    expect((await updateService(ctx, user, { ...json(), id: draft.id })).statusCode).toBe(403);
    expect((await serviceAction(ctx, user, 'sign', draft.id)).statusCode).toBe(403);
    expect((await updateService(ctx, admin, { ...json(), id: draft.id })).statusCode).toBe(200);
  });

  it('lets only admins reject a signed event and refuses impossible transitions with 409', async () => {
    const { user, admin, json } = await setup();
    const signed = (await postService(ctx, user, json({ isToSign: true }))).json();
    expect((await serviceAction(ctx, user, 'reject', signed.id)).statusCode).toBe(403);
    const rejected = await serviceAction(ctx, admin, 'reject', signed.id);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ state: 'ODRZUCONY', number: 1 });
    const again = await serviceAction(ctx, admin, 'reject', signed.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.serviceStateChangeInvalid);
    expect((await serviceAction(ctx, admin, 'sign', signed.id)).statusCode).toBe(409);
    expect((await serviceAction(ctx, admin, 'printForScan', signed.id)).statusCode).toBe(409);
    expect((await serviceAction(ctx, admin, 'sign', 99_999)).statusCode).toBe(404);
  });

  it('prints for scan with a number, and the uploaded scan signs the event', async () => {
    const { user, json } = await setup();
    await postService(ctx, user, json({ isToSign: true })); // takes 1
    const draft = (await postService(ctx, user, json())).json();
    const printed = await serviceAction(ctx, user, 'printForScan', draft.id);
    expect(printed.statusCode).toBe(200);
    expect(printed.json()).toMatchObject({ state: 'DODAJ_SKAN', number: 2, fullNumber: '2/03/2026' });
    // Still open: the creator may edit it while the scan is missing.
    expect((await updateService(ctx, user, { ...json({ number: '2' }), id: draft.id })).statusCode).toBe(200);

    const scan = await uploadToService(ctx, user, draft.id, {
      filename: 'skan protokołu.pdf',
      content: PDF,
      type: 'application/pdf',
    });
    expect(scan.statusCode).toBe(200);
    const body = scan.json();
    expect(body).toMatchObject({ state: 'PODPISANY', number: 2 });
    expect(body.files).toHaveLength(1);
    expect(body.files[0]).toMatchObject({
      filename: 'skan protokołu.pdf',
      type: 'SERVICE_FILE',
      size: PDF.length,
    });
    // The file's time as every other time of the API: UTC with milliseconds, and the stored one.
    const [stored] = await ctx.database.db.select().from(files).where(eq(files.serviceId, draft.id));
    expect(body.files[0].createdAt).toBe(stored!.createdAt.toISOString());
    expect(body.files[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/storage/downloadFile?fileName=${encodeURIComponent(body.files[0].filename)}`,
      headers: as(user),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const entries = await auditEntriesFor(ctx.database.db, `service:${draft.id}`);
    expect(entries.map((e) => e.formattedMessage).join('\n')).toMatch(
      /dodanie skanu „skan protokołu.pdf” i podpisanie/,
    );
  });

  it("attaches a colleague's file to an event waiting for its scan without signing it", async () => {
    const { user, json } = await setup();
    const colleague = await createUserAndLogin(ctx);
    const draft = (await postService(ctx, user, json())).json();
    expect((await serviceAction(ctx, user, 'printForScan', draft.id)).statusCode).toBe(200);
    // The colleague may not sign it (only its author or an admin may), so the photo does not either.
    expect((await serviceAction(ctx, colleague, 'sign', draft.id)).statusCode).toBe(403);
    const photo = await uploadToService(ctx, colleague, draft.id, {
      filename: 'zdjęcie.jpg',
      content: 'jpg',
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.json()).toMatchObject({ state: 'DODAJ_SKAN' });
    expect(photo.json().files).toHaveLength(1);
    const scan = await uploadToService(ctx, user, draft.id, { filename: 'skan.pdf', content: PDF });
    expect(scan.json()).toMatchObject({ state: 'PODPISANY' });
    expect(scan.json().files).toHaveLength(2);
  });

  it('attaches files to open events, and to locked ones only for admins', async () => {
    const { user, admin, json } = await setup();
    const draft = (await postService(ctx, user, json())).json();
    const attached = await uploadToService(ctx, user, draft.id, { filename: 'zdjęcie.jpg', content: 'jpg' });
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toMatchObject({ state: 'UTWORZONY' });
    expect(attached.json().files).toHaveLength(1);

    const signed = (await postService(ctx, user, json({ isToSign: true }))).json();
    const before = (await storedNames(ctx)).length;
    const refused = await uploadToService(ctx, user, signed.id, { filename: 'a.pdf', content: PDF });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji!');
    expect((await storedNames(ctx)).length).toBe(before);
    expect(
      (await uploadToService(ctx, admin, signed.id, { filename: 'a.pdf', content: PDF })).statusCode,
    ).toBe(200);

    const noFile = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/service/addFile/${draft.id}`,
      headers: { ...as(user), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(noFile.statusCode).toBe(400);
  });

  it('stores the protocol file sent with a new event as its SERVICE_FILE', async () => {
    const { user, json } = await setup();
    const response = await postService(ctx, user, json({ isToSign: true }), {
      filename: 'protokół.pdf',
      content: PDF,
      type: 'application/pdf',
    });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created.files).toHaveLength(1);
    const rows = await ctx.database.db.select().from(files).where(eq(files.serviceId, created.id));
    expect(rows).toMatchObject([{ type: 'SERVICE_FILE', filename: 'protokół.pdf', deviceId: null }]);
  });

  it('leaves no stored bytes when the event is refused', async () => {
    const { user, json } = await setup();
    await postService(ctx, user, json({ isToSign: true, number: '3' }));
    const before = (await storedNames(ctx)).length;
    const duplicate = await postService(ctx, user, json({ isToSign: true, number: '3' }), {
      filename: 'p.pdf',
      content: PDF,
    });
    expect(duplicate.statusCode).toBe(409);
    const invalid = await postService(ctx, user, json({ type: [] }), { filename: 'p.pdf', content: PDF });
    expect(invalid.statusCode).toBe(400);
    expect((await storedNames(ctx)).length).toBe(before);
    expect(await ctx.database.db.select().from(files)).toHaveLength(0);
  });

  it('writes one audit entry per request that adds a file to an event, in its history, naming the file', async () => {
    const { user, json, customer, devices } = await setup();
    const entriesSince = async (eventId: number) =>
      (await ctx.database.db.select().from(logs)).filter((e) => e.eventId > eventId);
    const lastEventId = async () => Math.max(0, ...(await entriesSince(0)).map((e) => e.eventId));

    let mark = await lastEventId();
    const created = await postService(ctx, user, json({ isToSign: true }), {
      filename: 'protokół.pdf',
      content: PDF,
      type: 'application/pdf',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    let entries = await entriesSince(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg0: user.email, arg1: `service:${id}` });
    expect(entries[0].formattedMessage).toContain(
      `dodanie i podpisanie zdarzenia serwisowego 1/03/2026 (id ${id}) [Naprawa] maszyny ${devices[0].name} (id ${devices[0].id}), ` +
        `kontrahent ${customer.shortName}, z plikiem „protokół.pdf”`,
    );

    const draft = (await postService(ctx, user, json())).json();
    mark = await lastEventId();
    expect(
      (await uploadToService(ctx, user, draft.id, { filename: 'zdjęcie.jpg', content: 'jpg' })).statusCode,
    ).toBe(200);
    entries = await entriesSince(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg0: user.email, arg1: `service:${draft.id}` });
    expect(entries[0].formattedMessage).toContain(
      `dodanie pliku „zdjęcie.jpg” do zdarzenia serwisowego (auto) (id ${draft.id})`,
    );

    await serviceAction(ctx, user, 'printForScan', draft.id);
    mark = await lastEventId();
    expect(
      (await uploadToService(ctx, user, draft.id, { filename: 'skan.pdf', content: PDF })).json(),
    ).toMatchObject({ state: 'PODPISANY' });
    entries = await entriesSince(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg1: `service:${draft.id}` });
    expect(entries[0].formattedMessage).toContain(
      'dodanie skanu „skan.pdf” i podpisanie zdarzenia serwisowego 2/03/2026',
    );
  });

  it('writes an audit entry for every state change', async () => {
    const { user, admin, json } = await setup();
    const draft = (await postService(ctx, user, json())).json();
    await serviceAction(ctx, user, 'printForScan', draft.id);
    await serviceAction(ctx, user, 'sign', draft.id);
    await serviceAction(ctx, admin, 'reject', draft.id);
    const messages = (await auditEntriesFor(ctx.database.db, `service:${draft.id}`)).map(
      (e) => e.formattedMessage,
    );
    expect(messages).toHaveLength(4);
    expect(messages.join('\n')).toMatch(
      /wydruk do podpisu.*\n.*podpisanie zdarzenia serwisowego 1\/03\/2026.*\n.*odrzucenie/,
    );
  });
});
