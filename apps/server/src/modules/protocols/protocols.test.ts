import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatOperations, MSG, PROTOCOL_MSG, protocolPdfFileName, todayInZone } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { auditEntriesFor, insertDevice } from '../../../test/service-fixtures.js';
import { eq } from 'drizzle-orm';
import { categories } from '../categories/categories.table.js';
import { customers } from '../customers/customers.table.js';
import { files as filesTable } from '../files/files.table.js';
import { logs } from '../logs/logs.table.js';
import { serviceDevices, services } from '../services/services.table.js';
import { serviceAction, serviceJson, updateService, uploadToService } from '../services/services.fixtures.js';
import {
  BROKEN_PNG,
  filledIn,
  getProtocol,
  inspectionSetup,
  OPERATIONS,
  pdfText,
  saveProtocol,
  sendProtocol,
  signProtocol,
} from './protocols.fixtures.js';

const ctx = useTestApp();

const serviceOf = async (id: number, user: Parameters<typeof as>[0], deviceId: number) =>
  (
    (
      await ctx.app.inject({
        method: 'GET',
        url: `/api/service/findByDeviceWithFilesEnitiy/${deviceId}`,
        headers: as(user),
      })
    ).json() as {
      id: number;
      state: string;
      number: number;
      fullNumber: string;
      files: { id: number; filename: string }[];
      protocolSent: { to: string; at: string } | null;
    }[]
  ).find((s) => s.id === id)!;

const storedFiles = () => {
  const dir = path.join(ctx.dataDir, 'files');
  return fs.existsSync(dir)
    ? fs.readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.pdf'))
    : [];
};

describe('field protocol of a service event', () => {
  it('starts from the category list with units, keeps the draft and its snapshot when the list changes', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, category } = await inspectionSetup(ctx, user);
    const fresh = await getProtocol(ctx, user, serviceId);
    expect(fresh.statusCode).toBe(200);
    const protocol = fresh.json();
    expect(protocol).toMatchObject({ saved: false, signed: false, editable: true });
    expect(protocol.header).toMatchObject({ fullNumber: '(auto)', installation: false, period: 6 });
    expect(protocol.title).toBe('Protokół serwisowy');
    expect(protocol.header.machines).toEqual([
      expect.objectContaining({ name: 'Kocioł Żółw', serialNumber: 'SN-ŁÓDŹ-1' }),
    ]);
    const items = protocol.data.checklists[0].items;
    expect(items.map((i: { name: string }) => i.name)).toEqual([
      'Sprawdzenie ciśnienia',
      'Kontrola łożysk',
      'Czyszczenie filtrów',
    ]);
    expect(items[0].fields).toEqual([
      { name: 'Ciśnienie', unit: 'bar', value: '' },
      { name: 'Temperatura', unit: '°C', value: '' },
    ]);

    const draft = { ...protocol.data, workDone: 'W trakcie' };
    draft.checklists[0].items[0].answer = 'POPRAWNE';
    draft.checklists[0].items[0].fields[0].value = '4,2';
    // A client cannot rename the snapshot's operations, nor answer one under another name.
    draft.checklists[0].items[2].name = 'Inna nazwa';
    draft.checklists[0].items[2].answer = 'NIE_DOTYCZY';
    const saved = await saveProtocol(ctx, user, serviceId, draft);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().saved).toBe(true);

    await ctx.database.db
      .update(categories)
      .set({ serviceReviewOperationsList: formatOperations([{ name: 'Nowa czynność', fields: [] }]) });
    const again = (await getProtocol(ctx, user, serviceId)).json();
    expect(again.data.workDone).toBe('W trakcie');
    expect(again.data.checklists[0].items.map((i: { name: string }) => i.name)).toEqual([
      'Sprawdzenie ciśnienia',
      'Kontrola łożysk',
      'Czyszczenie filtrów',
    ]);
    expect(again.data.checklists[0].items[0]).toMatchObject({ answer: 'POPRAWNE' });
    expect(again.data.checklists[0].items[2]).toMatchObject({ name: 'Czyszczenie filtrów', answer: '' });
    expect(again.data.checklists[0].items[0].fields[0].value).toBe('4,2');
    void category;
  });

  it('keeps an answer on its operation when the list changed after the screen opened, before and after the first save', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, category } = await inspectionSetup(ctx, user);
    // The screen opens with the list as it is, not yet saved.
    const opened = (await getProtocol(ctx, user, serviceId)).json();
    // An administrator then moves "Kontrola łożysk" to the top, drops "Czyszczenie filtrów" and adds one.
    const [pressure, bearings] = OPERATIONS;
    await ctx.database.db
      .update(categories)
      .set({
        serviceReviewOperationsList: formatOperations([
          bearings!,
          pressure!,
          { name: 'Kontrola szczelności', fields: [] },
        ]),
      })
      .where(eq(categories.id, category.id));
    const draft = structuredClone(opened.data);
    const [first, second, third] = draft.checklists[0].items;
    first.answer = 'NIEPOPRAWNE';
    first.remark = 'Wyciek oleju przy pompie';
    first.fields[1].value = '71';
    second.answer = 'POPRAWNE';
    third.answer = 'NIE_DOTYCZY';
    const saved = await saveProtocol(ctx, user, serviceId, draft);
    expect(saved.statusCode).toBe(200);
    type Row = { name: string; answer: string; remark: string; fields: { value: string }[] };
    const stored = async () =>
      (await getProtocol(ctx, user, serviceId)).json().data.checklists[0].items as Row[];
    const rows = await stored();
    expect(rows.map((r) => [r.name, r.answer, r.remark])).toEqual([
      ['Kontrola łożysk', 'POPRAWNE', ''],
      ['Sprawdzenie ciśnienia', 'NIEPOPRAWNE', 'Wyciek oleju przy pompie'],
      ['Kontrola szczelności', '', ''],
    ]);
    expect(rows[1]!.fields.map((f) => f.value)).toEqual(['', '71']);

    // The same screen, still showing the old order, saves again: the stored snapshot is matched by name too.
    second.answer = 'NIEPOPRAWNE';
    second.remark = 'Luz 0,4 mm';
    expect((await saveProtocol(ctx, user, serviceId, draft)).statusCode).toBe(200);
    expect((await stored()).map((r) => [r.name, r.answer, r.remark])).toEqual([
      ['Kontrola łożysk', 'NIEPOPRAWNE', 'Luz 0,4 mm'],
      ['Sprawdzenie ciśnienia', 'NIEPOPRAWNE', 'Wyciek oleju przy pompie'],
      ['Kontrola szczelności', '', ''],
    ]);
  });

  it('refuses to sign without signatures or answers, naming what is missing (400)', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = (await getProtocol(ctx, user, serviceId)).json().data;
    const empty = await signProtocol(ctx, user, serviceId, data);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(
      'Nie można podpisać protokołu. Brakuje: podpisu serwisanta, podpisu klienta, imienia i nazwiska ' +
        'podpisującego klienta, odpowiedzi w punkcie „Sprawdzenie ciśnienia” (Kocioł Żółw), odpowiedzi w ' +
        'punkcie „Kontrola łożysk” (Kocioł Żółw) i 1 innych.',
    );
    const full = filledIn(data);
    const oneMissing = { ...full, customerSignature: '' };
    oneMissing.checklists[0].items[2].answer = '';
    const partly = await signProtocol(ctx, user, serviceId, oneMissing);
    expect(partly.statusCode).toBe(400);
    expect(partly.json().message).toBe(
      'Nie można podpisać protokołu. Brakuje: podpisu klienta, odpowiedzi w punkcie „Czyszczenie filtrów” (Kocioł Żółw).',
    );
    const notPng = await signProtocol(ctx, user, serviceId, {
      ...full,
      customerSignature: 'data:text/html,<b>',
    });
    expect(notPng.statusCode).toBe(400);
    expect(notPng.json().message).toContain('Podpis musi być obrazem PNG.');
    const service = await serviceOf(serviceId, user, device.id);
    expect(service).toMatchObject({ state: 'UTWORZONY', number: 0 });
  });

  it('signs without the material rows left empty, and asks for the name of a row with only a quantity', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId } = await inspectionSetup(ctx, user);
    const full = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    const blankRow = { name: '', quantity: ' ', unit: 'szt.' };
    // A draft keeps the row the technician has just added.
    const draft = await saveProtocol(ctx, user, serviceId, { ...full, materials: [blankRow] });
    expect(draft.json().data.materials).toEqual([{ name: '', quantity: '', unit: 'szt.' }]);

    const nameless = await signProtocol(ctx, user, serviceId, {
      ...full,
      materials: [blankRow, { name: ' ', quantity: '3', unit: 'm' }],
    });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toBe(
      'Nie można podpisać protokołu. Brakuje: nazwy materiału w wierszu 2.',
    );

    const materials = [blankRow, { name: 'Filtr F-10', quantity: '2', unit: 'szt.' }, blankRow];
    const signed = await signProtocol(ctx, user, serviceId, { ...full, materials });
    expect(signed.statusCode).toBe(200);
    expect(signed.json().data.materials).toEqual([{ name: 'Filtr F-10', quantity: '2', unit: 'szt.' }]);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(user),
    });
    const lines = pdfText(pdf.rawPayload)
      .split('\n')
      .filter((line) => line.trim());
    const header = lines.findIndex((line) => /Lp\.\s+Nazwa\s+Ilość/.test(line));
    expect(lines[header + 1]).toMatch(/^\s*1\s+Filtr F-10\s+2\s+szt\.\s*$/);
    expect(lines.slice(header + 2).some((line) => /^\s*2\s+/.test(line))).toBe(false);
  });

  it('refuses a NUL character pasted into a field (400, the Polish message) and keeps the saved draft', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const full = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await saveProtocol(ctx, user, serviceId, full)).statusCode).toBe(200);
    const saved = (await getProtocol(ctx, user, serviceId)).json().data;
    const pasted = {
      ...full,
      workDone: 'Wymiana\u0000 uszczelki',
      materials: [{ name: 'Olej\u0000', quantity: '1', unit: 'l' }],
    };
    for (const answer of [
      await saveProtocol(ctx, user, serviceId, pasted),
      await signProtocol(ctx, user, serviceId, pasted),
    ]) {
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: MSG.nulCharacter, code: 'INVALID_VALUE' });
    }
    expect((await getProtocol(ctx, user, serviceId)).json().data).toEqual(saved);
    expect(await serviceOf(serviceId, user, device.id)).toMatchObject({ state: 'UTWORZONY', number: 0 });
  });

  it('reads kilometres and nights as typed, with a comma, and refuses what only Number() would read', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId } = await inspectionSetup(ctx, user);
    const data = (await getProtocol(ctx, user, serviceId)).json().data;
    const typed = await saveProtocol(ctx, user, serviceId, { ...data, kilometers: '12,5', nights: '2' });
    expect(typed.statusCode).toBe(200);
    expect((await getProtocol(ctx, user, serviceId)).json().data).toMatchObject({
      kilometers: 12.5,
      nights: 2,
    });
    for (const kilometers of ['0x10', '1e3']) {
      const refused = await saveProtocol(ctx, user, serviceId, { ...data, kilometers });
      expect(refused.statusCode, kilometers).toBe(400);
    }
  });

  it('signs in one transaction: number, PODPISANY, the PDF among the files with everything written', async () => {
    const user = await createUserAndLogin(ctx, { firstName: 'Jędrzej', lastName: 'Bąk' });
    const admin = await createUserAndLogin(ctx, { admin: true });
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: {
        name: 'Źródło Maszyn Sp. z o.o.',
        street: 'ul. Żeromskiego 1',
        zipCode: '00-001',
        city: 'Gdańsk',
        nip: '5841234567',
        regon: '987654321',
        phone: '58 000 00 00',
        email: 'biuro@zrodlo.pl',
        www: 'zrodlo.pl',
        installationProtocolTitle: 'Protokół montażu',
        installationProtocolTableHeader: 'Czynności',
      },
    });
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    const signed = await signProtocol(ctx, user, serviceId, data);
    expect(signed.statusCode).toBe(200);
    expect(signed.json()).toMatchObject({ signed: true, editable: false });
    expect(signed.json().header.fullNumber).toBe('1/03/2026');
    const service = await serviceOf(serviceId, user, device.id);
    expect(service).toMatchObject({ state: 'PODPISANY', number: 1 });
    expect(service.files.map((f) => f.filename)).toEqual([
      expect.stringMatching(/^Protokół 1-03-2026.*\.pdf$/),
    ]);

    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(user),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    for (const expected of [
      'Źródło Maszyn Sp. z o.o.',
      'NIP 5841234567',
      'Protokół serwisowy nr 1/03/2026',
      'Kocioł Żółw',
      'SN-ŁÓDŹ-1',
      'Sprawdzenie ciśnienia',
      'Ciśnienie: 2.5 bar',
      'Temperatura: 3.5 °C',
      'Luz: 2.5 mm',
      'Niepoprawne',
      'Wymienić łożysko',
      'Zażółć gęślą jaźń — wymiana uszczelki',
      'Uszczelka DN50',
      'Olej hydrauliczny',
      'Przyjazd: 08:15',
      'Zakończenie: 11:45',
      'Kilometry: 120 km',
      'Łucja Śliwińska',
      'Jędrzej Bąk',
      'Strona 1 z',
    ]) {
      expect(text).toContain(expected);
    }
    // The stored PDF carries the two signature images.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBeGreaterThanOrEqual(2);

    const log = await auditEntriesFor(ctx.database.db, `service:${serviceId}`);
    expect(log.map((l) => l.formattedMessage).join('\n')).toContain('podpisanie protokołu w aplikacji');
    // Signed: the employee can no longer change it, and is told why (not "no rights"); an admin can.
    const closed = await saveProtocol(ctx, user, serviceId, data);
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({ code: 'LOCKED', message: PROTOCOL_MSG.serviceClosedForAuthor });
    expect((await signProtocol(ctx, user, serviceId, data)).json().code).toBe('LOCKED');
    const byAdmin = await saveProtocol(ctx, admin, serviceId, { ...data, recommendations: 'Poprawione' });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().editable).toBe(true);
  });

  it('writes one audit entry for a signature in the app and for a save that makes a new PDF, naming the PDF', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    const lastEventId = async () =>
      Math.max(0, ...(await ctx.database.db.select({ id: logs.eventId }).from(logs)).map((e) => e.id));
    const entriesAfter = async (mark: number) =>
      (await ctx.database.db.select().from(logs)).filter((e) => e.eventId > mark);

    let mark = await lastEventId();
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const pdfName = protocolPdfFileName((await serviceOf(serviceId, user, device.id)).fullNumber);
    let entries = await entriesAfter(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg0: user.email, arg1: `service:${serviceId}` });
    expect(entries[0].formattedMessage).toContain(`podpisanie protokołu w aplikacji`);
    expect(entries[0].formattedMessage).toContain(`plik „${pdfName}”`);
    // Named by its machine too, as its other entries: a search of the log by the machine finds it.
    expect(entries[0].formattedMessage).toContain(`maszyny ${device.name}`);

    mark = await lastEventId();
    const saved = await saveProtocol(ctx, admin, serviceId, { ...data, recommendations: 'Poprawione' });
    expect(saved.statusCode).toBe(200);
    entries = await entriesAfter(mark);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ arg0: admin.email, arg1: `service:${serviceId}` });
    expect(entries[0].formattedMessage).toContain(`zapis protokołu zdarzenia serwisowego`);
    expect(entries[0].formattedMessage).toContain(`maszyny ${device.name}`);
    // By its download name: the second PDF of that name is "… (2).pdf".
    expect(entries[0].formattedMessage).toContain(`nowy plik „${pdfName.replace(/\.pdf$/, ' (2).pdf')}”`);
    // Two PDFs of one name: the correction says it is one, and of which day.
    const files = await ctx.database.db
      .select({ description: filesTable.description })
      .from(filesTable)
      .where(eq(filesTable.serviceId, serviceId));
    expect(files.map((f) => f.description).sort()).toEqual([
      `Korekta protokołu z ${todayInZone(ctx.config.TZ_COMPANY)}`,
      'Protokół podpisany w aplikacji',
    ]);
  });

  it('refuses a draft made on another version than the server has (409), and keeps the other changes', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId } = await inspectionSetup(ctx, user);
    const opened = (await getProtocol(ctx, user, serviceId)).json();
    expect(opened.updatedAt).toBeNull();
    // Two screens opened on the template: the author's and an administrator's.
    const draft = (who: typeof user, base: string, payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/service/protocol/${serviceId}?asDraft=true&base=${encodeURIComponent(base)}`,
        headers: as(who),
        payload,
      });
    const first = await draft(user, '', { ...opened.data, workDone: 'Wymieniono łożysko' });
    expect(first.statusCode).toBe(200);
    const version = first.json().updatedAt as string;
    // The administrator's screen still builds on the template: its whole form would erase the work.
    const stale = await draft(admin, '', { ...opened.data, recommendations: 'Smarować co tydzień' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      message: PROTOCOL_MSG.protocolChangedMeanwhile,
      code: 'CHANGED_MEANWHILE',
    });
    expect((await getProtocol(ctx, admin, serviceId)).json().data).toMatchObject({
      workDone: 'Wymieniono łożysko',
      recommendations: '',
    });
    // Built on the version now on the server (after merging), it is taken.
    const merged = await draft(admin, version, {
      ...opened.data,
      workDone: 'Wymieniono łożysko',
      recommendations: 'Smarować co tydzień',
    });
    expect(merged.statusCode).toBe(200);
    expect(merged.json().updatedAt).not.toBe(version);
    // A client that names no base saves as before (spec clients).
    const plain = await saveProtocol(ctx, user, serviceId, { ...opened.data, kilometers: 42 });
    expect(plain.statusCode).toBe(200);
    // Signing from a screen that has not seen that save is refused, and signs nothing.
    const sign = (base: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/service/protocol/${serviceId}/sign?base=${encodeURIComponent(base)}`,
        headers: as(user),
        payload: filledIn(plain.json().data),
      });
    const unseen = await sign(merged.json().updatedAt);
    expect(unseen.statusCode).toBe(409);
    expect(unseen.json()).toMatchObject({
      message: PROTOCOL_MSG.protocolChangedBeforeSigning,
      code: 'CHANGED_MEANWHILE',
    });
    expect((await getProtocol(ctx, user, serviceId)).json().signed).toBe(false);
    expect((await sign(plain.json().updatedAt)).statusCode).toBe(200);
  });

  it('keeps the customer it was signed for: a rename since does not reprint a correction or change its screen', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, customer } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const signedFor = (await getProtocol(ctx, admin, serviceId)).json().header.customer;

    await ctx.database.db
      .update(customers)
      .set({ fullName: 'Nowa Firma Spółka Akcyjna', streetAddress: 'ul. Nowa 9', email: 'nowy@firma.pl' })
      .where(eq(customers.id, customer.id));
    const shown = (await getProtocol(ctx, admin, serviceId)).json().header.customer;
    expect(shown).toMatchObject({ fullName: signedFor.fullName, address: signedFor.address });
    // Its address for "Wyślij do klienta" is the customer's current one.
    expect(shown.email).toBe('nowy@firma.pl');

    const corrected = await saveProtocol(ctx, admin, serviceId, { ...data, recommendations: 'Poprawione' });
    expect(corrected.statusCode).toBe(200);
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(admin),
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Poprawione');
    expect(text).toContain(signedFor.fullName);
    expect(text).not.toContain('Nowa Firma');
    // Marked on its first page: the signatures under it were given to the version signed first.
    const today = todayInZone(ctx.config.TZ_COMPANY);
    expect(text.replace(/\s+/g, ' ')).toContain(
      `Korekta z ${today} (Anna Nowak), wprowadzona po podpisaniu. Podpisy złożono pod wersją z ${today}.`,
    );
  });

  it('refuses a draft save from a screen opened before the signing elsewhere (409), and writes nothing', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    // An administrator's second tab, opened while the protocol was a draft, autosaves as a draft.
    const asDraft = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/service/protocol/${serviceId}?asDraft=true`,
        headers: as(admin),
        payload,
      });
    expect((await asDraft({ ...data, workDone: 'Przed podpisem' })).statusCode).toBe(200);
    expect((await signProtocol(ctx, user, serviceId, { ...data, workDone: 'Podpisane' })).statusCode).toBe(
      200,
    );
    const late = await asDraft({ ...data, workDone: 'Po podpisie, z drugiej karty' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      message: PROTOCOL_MSG.protocolSignedMeanwhile,
      code: 'SIGNED_MEANWHILE',
    });
    // The signed text and its one PDF stay as signed.
    expect((await getProtocol(ctx, admin, serviceId)).json().data.workDone).toBe('Podpisane');
    expect((await serviceOf(serviceId, user, device.id)).files).toHaveLength(1);
    // The author's own late draft is refused as before (403: the event is closed to him).
    const byAuthor = await ctx.app.inject({
      method: 'PUT',
      url: `/api/service/protocol/${serviceId}?asDraft=true`,
      headers: as(user),
      payload: data,
    });
    expect(byAuthor.statusCode).toBe(403);
    // An administrator's correction made on the signed protocol's own screen is still taken.
    const corrected = await saveProtocol(ctx, admin, serviceId, { ...data, workDone: 'Poprawione' });
    expect(corrected.statusCode).toBe(200);
    expect((await serviceOf(serviceId, user, device.id)).files).toHaveLength(2);
  });

  // Another picture than the signatures given (2×1 red pixels).
  const OTHER_PNG =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAADUlEQVR4nGP4z8AARAAI/gH/xp559wAAAABJRU5ErkJggg==';
  it("keeps the customer's signature and name through a correction, and logs which parts it changed", async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const signed = (await getProtocol(ctx, admin, serviceId)).json().data;
    // "Zapisz zmiany" with nothing changed files no PDF and writes no entry.
    const entriesBefore = (await auditEntriesFor(ctx.database.db, `service:${serviceId}`)).length;
    const unchanged = await saveProtocol(ctx, admin, serviceId, signed);
    expect(unchanged.statusCode).toBe(200);
    expect(await auditEntriesFor(ctx.database.db, `service:${serviceId}`)).toHaveLength(entriesBefore);
    expect(
      await ctx.database.db.select().from(filesTable).where(eq(filesTable.serviceId, serviceId)),
    ).toHaveLength(1);
    const corrected = await saveProtocol(ctx, admin, serviceId, {
      ...signed,
      workDone: 'Wymiana uszczelki i filtra',
      recommendations: signed.recommendations,
      customerSignerName: 'Ktoś Inny',
      customerSignature: OTHER_PNG,
      technicianSignature: OTHER_PNG,
    });
    expect(corrected.statusCode).toBe(200);
    const after = (await getProtocol(ctx, admin, serviceId)).json().data;
    expect(after).toMatchObject({
      workDone: 'Wymiana uszczelki i filtra',
      customerSignerName: signed.customerSignerName,
      customerSignature: signed.customerSignature,
      technicianSignature: signed.technicianSignature,
    });
    const entries = await auditEntriesFor(ctx.database.db, `service:${serviceId}`);
    expect(entries.map((e) => e.formattedMessage).at(-1)).toMatch(
      /nowy plik „Protokół .+ \(2\)\.pdf”; korekta po podpisaniu: „Wykonane prace”$/,
    );
  });

  it("keeps the signed PDF: no delete on its own (409), no employee's description change (403)", async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const [signedPdf] = (await serviceOf(serviceId, user, device.id)).files;
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/file/delete/${signedPdf.id}`,
      headers: as(admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'SIGNED_PROTOCOL',
      message: PROTOCOL_MSG.signedProtocolFileKept,
    });
    expect((await serviceOf(serviceId, user, device.id)).files).toHaveLength(1);
    // After a correction the first PDF (what the customer signed) is kept as the new one is: an
    // auditor deleted the superseded original with one click.
    expect((await saveProtocol(ctx, admin, serviceId, { ...data, workDone: 'Poprawione' })).statusCode).toBe(
      200,
    );
    const pdfs = (await serviceOf(serviceId, user, device.id)).files;
    expect(pdfs).toHaveLength(2);
    for (const pdf of pdfs) {
      const response = await ctx.app.inject({
        method: 'DELETE',
        url: `/api/file/delete/${pdf.id}`,
        headers: as(admin),
      });
      expect(response.statusCode, `file ${pdf.id}`).toBe(409);
    }
    expect((await serviceOf(serviceId, user, device.id)).files).toHaveLength(2);
    // Its files are part of the locked record: the employee no longer changes their descriptions.
    const describe = (who: typeof user) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/file/updateDescription',
        headers: as(who),
        payload: { id: signedPdf.id, description: 'zmienione' },
      });
    const byEmployee = await describe(user);
    expect(byEmployee.statusCode).toBe(403);
    // A file's refusal, as spec §8 words it ("Note, file, hotel 403"), without the service's "!".
    expect(byEmployee.json().message).toBe(MSG.forbidden);
    expect((await describe(admin)).statusCode).toBe(200);
    const sent = await ctx.app.inject({
      method: 'POST',
      url: `/api/service/protocol/${serviceId}/send`,
      headers: as(admin),
      payload: { email: 'klient@example.com' },
    });
    expect(sent.statusCode).toBe(200);
  });

  it('leaves the event unsigned, unnumbered and without files when the PDF cannot be made', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    const before = storedFiles();
    const failed = await signProtocol(ctx, user, serviceId, { ...data, customerSignature: BROKEN_PNG });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().message).toBe(
      'Nie udało się utworzyć pliku PDF protokołu. Protokół nie został podpisany.',
    );
    const service = await serviceOf(serviceId, user, device.id);
    expect(service).toMatchObject({ state: 'UTWORZONY', number: 0, files: [] });
    expect(storedFiles()).toEqual(before);
    expect((await getProtocol(ctx, user, serviceId)).json().saved).toBe(false);
  });

  it('lets only the author (or an admin) write an unsigned protocol', async () => {
    const author = await createUserAndLogin(ctx);
    const colleague = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId } = await inspectionSetup(ctx, author);
    const protocol = (await getProtocol(ctx, colleague, serviceId)).json();
    expect(protocol.editable).toBe(false);
    const refused = await saveProtocol(ctx, colleague, serviceId, protocol.data);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Brak uprawnień do tej operacji!');
    expect((await signProtocol(ctx, colleague, serviceId, filledIn(protocol.data))).statusCode).toBe(403);
    expect((await saveProtocol(ctx, admin, serviceId, protocol.data)).statusCode).toBe(200);
    expect((await saveProtocol(ctx, author, serviceId, protocol.data)).statusCode).toBe(200);
    expect((await getProtocol(ctx, author, 99_999)).statusCode).toBe(404);

    // Rejected by an administrator while the author types: his next save says why it is refused.
    expect((await serviceAction(ctx, admin, 'reject', serviceId)).statusCode).toBe(200);
    const late = await saveProtocol(ctx, author, serviceId, protocol.data);
    expect(late.statusCode).toBe(403);
    expect(late.json()).toMatchObject({ code: 'LOCKED', message: PROTOCOL_MSG.serviceClosedForAuthor });
    expect((await saveProtocol(ctx, colleague, serviceId, protocol.data)).json().message).toBe(
      'Brak uprawnień do tej operacji!',
    );
  });

  it('prints for the scan: a numbered PDF with empty signature boxes; the scan still signs', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = (await getProtocol(ctx, user, serviceId)).json().data;
    await saveProtocol(ctx, user, serviceId, { ...data, workDone: 'Zażółć gęślą jaźń' });
    expect((await serviceAction(ctx, user, 'printForScan', serviceId)).json().state).toBe('DODAJ_SKAN');
    const pdf = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(user),
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Protokół serwisowy nr 1/03/2026');
    expect(text).toContain('Zażółć gęślą jaźń');
    expect(text.replace(/\s+/g, ' ')).toMatch(/Poprawne \/ Niepoprawne \/ Nie/);
    expect(text).toContain('Imię i nazwisko:');
    expect(pdf.rawPayload.toString('latin1')).not.toMatch(/\/Subtype \/Image/);
    const service = await serviceOf(serviceId, user, device.id);
    expect(service).toMatchObject({ state: 'DODAJ_SKAN', files: [] });
    const scan = await uploadToService(ctx, user, serviceId, {
      filename: 'skan.pdf',
      content: pdf.rawPayload,
    });
    expect(scan.json()).toMatchObject({ state: 'PODPISANY', number: 1 });
    // Signed by its scan: the app's protocol fields are only read, even by an administrator.
    const admin = await createUserAndLogin(ctx, { admin: true });
    for (const reader of [user, admin]) {
      expect((await getProtocol(ctx, reader, serviceId)).json()).toMatchObject({
        signed: true,
        signedAt: null,
        editable: false,
      });
    }
    // And the server keeps them so: an administrator's save of its fields is refused, unsaved.
    const before = (await getProtocol(ctx, admin, serviceId)).json().data;
    const saved = await saveProtocol(ctx, admin, serviceId, { ...before, workDone: 'Dopisane później' });
    expect(saved.statusCode).toBe(409);
    expect(saved.json()).toMatchObject({
      code: 'SIGNED_OUTSIDE_APP',
      message: PROTOCOL_MSG.signedOutsideAppReadOnly,
    });
    expect((await getProtocol(ctx, admin, serviceId)).json().data).toEqual(before);
  });

  it('sends the signed PDF to the customer as an attachment and logs it', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const send = (payload: object) => sendProtocol(ctx, user, serviceId, payload);
    const early = await send({});
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Protokół nie jest jeszcze podpisany.');
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    expect((await serviceOf(serviceId, user, device.id)).protocolSent).toBeNull();
    const sent = await send({});
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ message: 'Wysłano protokół do klienta.', sentTo: 'klient@zazolc.pl' });
    const [mail] = ctx.mailer.sent;
    expect(mail.to).toBe('klient@zazolc.pl');
    expect(mail.subject).toBe('Protokół serwisowy nr 1/03/2026');
    expect(mail.attachments?.[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(pdfText(mail.attachments![0].content)).toContain('Zażółć gęślą jaźń');
    const other = await send({ email: 'inny@firma.pl' });
    expect(other.json().sentTo).toBe('inny@firma.pl');
    expect((await send({ email: 'zły adres' })).statusCode).toBe(400);
    const protocol = (await getProtocol(ctx, user, serviceId)).json();
    expect(protocol.sentTo).toBe('inny@firma.pl');
    // The event's rows (machine card, service lists) show the last sending.
    expect((await serviceOf(serviceId, user, device.id)).protocolSent).toEqual({
      to: 'inny@firma.pl',
      at: protocol.sentAt,
    });
    const internal = await ctx.app.inject({
      method: 'GET',
      url: '/api/service/findAllOrderInternal',
      headers: as(user),
    });
    expect(internal.json().find((s: { id: number }) => s.id === serviceId).protocolSent.to).toBe(
      'inny@firma.pl',
    );
    const log = await auditEntriesFor(ctx.database.db, `service:${serviceId}`);
    expect(log.map((l) => l.formattedMessage).join('\n')).toContain('do klienta na adres klient@zazolc.pl');
  });

  it("names the customer an administrator moved the signed event to, and sends the former's PDF to no one", async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, customer, category, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    // The event was written for the wrong customer and machine: an administrator corrects it after
    // the signing.
    const db = ctx.database.db;
    const [other] = await db
      .insert(customers)
      .values({ shortName: 'Inna', fullName: 'Inna Firma Sp. z o.o.', email: 'biuro@inna.pl' })
      .returning();
    const right = await insertDevice(db, {
      name: 'Giętarka GX',
      serialNumber: 'GX-77',
      customerId: other!.id,
      categoryId: category.id,
    });
    await db.update(services).set({ customerId: other!.id }).where(eq(services.id, serviceId));
    await db
      .update(serviceDevices)
      .set({ deviceId: right.id })
      .where(eq(serviceDevices.serviceId, serviceId));

    const moved = (await getProtocol(ctx, admin, serviceId)).json();
    expect(moved.header.customer).toMatchObject({
      id: other!.id,
      fullName: 'Inna Firma Sp. z o.o.',
      email: 'biuro@inna.pl',
    });
    // Its checklist is the right machine's (its category's list, to be answered again).
    expect(moved.header.machines).toEqual([{ id: right.id, name: 'Giętarka GX', serialNumber: 'GX-77' }]);
    expect(moved.data.checklists.map((l: { deviceId: number }) => l.deviceId)).toEqual([right.id]);
    // Its stored PDF names the former customer: the screen is told so, and it is not sent to the new one.
    expect(moved.signedForOthers).toBe(true);
    const refused = await sendProtocol(ctx, admin, serviceId, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: PROTOCOL_MSG.protocolSignedForOthers,
      code: 'SIGNED_FOR_OTHERS',
    });
    expect(ctx.mailer.sent).toHaveLength(0);

    // The new machine's checklist is answered before a correction is saved (said as a correction).
    const unanswered = await saveProtocol(ctx, admin, serviceId, moved.data);
    expect(unanswered.statusCode).toBe(400);
    expect(unanswered.json().message).toMatch(
      /^Nie można zapisać poprawki podpisanego protokołu\. Brakuje: /,
    );
    // A correction prints the customer and machine as the event has them now, and that PDF goes.
    const corrected = await saveProtocol(ctx, admin, serviceId, filledIn(moved.data));
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().signedForOthers).toBe(false);
    const sent = await sendProtocol(ctx, admin, serviceId, {});
    expect(sent.json()).toMatchObject({ sentTo: 'biuro@inna.pl' });
    const text = pdfText(ctx.mailer.sent[0]!.attachments![0]!.content);
    expect(text).toContain('Inna Firma Sp. z o.o.');
    expect(text).toContain('GX-77');
    expect(text).not.toContain(customer.fullName);
    expect(text).not.toContain(device.serialNumber!);
  });

  it('sends no PDF that tells a payment an administrator changed after the signing, until a correction', async () => {
    const user = await createUserAndLogin(ctx);
    const admin = await createUserAndLogin(ctx, { admin: true });
    const { serviceId, customer, device } = await inspectionSetup(ctx, user, [
      'PRZEGLAD_OKRESOWY',
      'NAPRAWA',
    ]);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const signedHeader = (await getProtocol(ctx, admin, serviceId)).json().header;
    expect((await getProtocol(ctx, admin, serviceId)).json().signedForOthers).toBe(false);
    const update = (changes: object) =>
      updateService(ctx, admin, {
        ...serviceJson(customer.id, [device.id], { type: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'], period: 6 }),
        id: serviceId,
        number: signedHeader.fullNumber.split('/')[0],
        date: signedHeader.date,
        ...changes,
      });
    // The same types ticked in another order are the ones its PDF prints.
    expect((await update({ type: ['NAPRAWA', 'PRZEGLAD_OKRESOWY'] })).statusCode).toBe(200);
    expect((await getProtocol(ctx, admin, serviceId)).json().signedForOthers).toBe(false);
    // The maker decided: the warranty repair is paid.
    const edited = await update({ paymentType: 'GWARANCYJNA' });
    expect(edited.statusCode).toBe(200);
    const after = (await getProtocol(ctx, admin, serviceId)).json();
    // Only the payment changed: the number, date and types are as signed.
    expect(after.header).toMatchObject({
      paymentType: 'GWARANCYJNA',
      fullNumber: signedHeader.fullNumber,
      date: signedHeader.date,
      types: signedHeader.types,
    });
    expect(after.signedForOthers).toBe(true);
    const refused = await sendProtocol(ctx, admin, serviceId, {});
    expect(refused.json()).toMatchObject({ code: 'SIGNED_FOR_OTHERS' });
    expect(ctx.mailer.sent).toHaveLength(0);
    const corrected = await saveProtocol(ctx, admin, serviceId, data);
    expect(corrected.json().signedForOthers).toBe(false);
    expect((await sendProtocol(ctx, admin, serviceId, {})).statusCode).toBe(200);
    expect(pdfText(ctx.mailer.sent[0]!.attachments![0]!.content)).toContain('Gwarancyjna');
  });

  it('sends before it writes: a slow mail server holds up no other request, and a refused mail leaves no record', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, device } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    let refuse: (error: Error) => void = () => undefined;
    const mailing = new Promise<void>((resolve) => {
      vi.spyOn(ctx.mailer, 'send').mockImplementationOnce(() => {
        resolve();
        return new Promise<void>((_, reject) => (refuse = reject));
      });
    });
    const sending = sendProtocol(ctx, user, serviceId, {});
    await mailing;
    // While the mail server keeps the send waiting, the register answers (on the embedded database
    // a transaction held open over the mail would keep this waiting, and the test would time out).
    const meanwhile = await ctx.app.inject({
      method: 'GET',
      url: '/api/customer/findAll',
      headers: as(user),
    });
    expect(meanwhile.statusCode).toBe(200);
    refuse(new Error('greeting never received'));
    const sent = await sending;
    expect(sent.statusCode).toBe(503);
    expect(sent.json().message).toBe(MSG.mailFailed);
    expect((await serviceOf(serviceId, user, device.id)).protocolSent).toBeNull();
    const log = await auditEntriesFor(ctx.database.db, `service:${serviceId}`);
    expect(log.map((l) => l.formattedMessage).join('\n')).not.toContain('do klienta na adres');
  });

  it("reads the customer's e-mail field as the reminders do: its first address, never a note", async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId, customer } = await inspectionSetup(ctx, user);
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const send = () => sendProtocol(ctx, user, serviceId);
    const customerEmail = (email: string) =>
      ctx.database.db.update(customers).set({ email }).where(eq(customers.id, customer.id));

    await customerEmail('jan@dwa-adresy.pl, prezes@konkurencja.pl');
    const first = await send();
    expect(first.json()).toEqual({ message: 'Wysłano protokół do klienta.', sentTo: 'jan@dwa-adresy.pl' });
    expect(ctx.mailer.sent.map((m) => m.to)).toEqual(['jan@dwa-adresy.pl']);

    await customerEmail('brak – dzwonić do p. Zenka');
    const note = await send();
    expect(note.statusCode).toBe(400);
    expect(note.json().message).toBe('Podaj adres e-mail klienta.');
    expect(ctx.mailer.sent).toHaveLength(1);
    expect((await getProtocol(ctx, user, serviceId)).json().sentTo).toBe('jan@dwa-adresy.pl');
  });

  it('names the company from MAIL_FROM until "Dane firmy" is filled in, and replies go to its address', async () => {
    const user = await createUserAndLogin(ctx);
    const { serviceId } = await inspectionSetup(ctx, user);
    const printed = await ctx.app.inject({
      method: 'GET',
      url: `/api/service/protocol-pdf/${serviceId}`,
      headers: as(user),
    });
    // MAIL_FROM is "Serwis <serwis@localhost>" in the tests: its name heads the page.
    expect(pdfText(printed.rawPayload).split('\n')[0]?.trim()).toBe('Serwis');
    const data = filledIn((await getProtocol(ctx, user, serviceId)).json().data);
    expect((await signProtocol(ctx, user, serviceId, data)).statusCode).toBe(200);
    const send = () => sendProtocol(ctx, user, serviceId);
    await send();
    // The customer is addressed as the inspection notice addresses him, and the company signs.
    expect(ctx.mailer.sent[0]?.text).toMatch(
      /^Szanowni Państwo,\n\nw załączeniu przesyłamy podpisany protokół nr \S+ z dnia \d{4}-\d\d-\d\d\.\n\nZ poważaniem\nSerwis\nserwis@localhost\n$/,
    );
    // "serwis@localhost" is no address a customer can answer to: no Reply-To.
    expect(ctx.mailer.sent[0]?.replyTo).toBeUndefined();
    const admin = await createUserAndLogin(ctx, { admin: true });
    const company = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: { name: 'Źródło Maszyn', email: 'biuro@zrodlo.pl' },
    });
    expect(company.statusCode).toBe(200);
    await send();
    expect(ctx.mailer.sent[1]?.replyTo).toBe('biuro@zrodlo.pl');
    expect(ctx.mailer.sent[1]?.text).toMatch(/\n\nZ poważaniem\nŹródło Maszyn\nbiuro@zrodlo.pl\n$/);
  });
});
