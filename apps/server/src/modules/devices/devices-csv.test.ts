import { beforeEach, describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { devices } from './devices.table.js';
import { auditEntries } from '../../../test/accounts-helpers.js';
import { addDevice, deviceBody, seedReferences, type References } from './devices.fixtures.js';

const ctx = useTestApp();
let refs: References;
let user: TestUser;

beforeEach(async () => {
  refs = await seedReferences(ctx);
  user = await createUserAndLogin(ctx);
});

const HEADER =
  'Id;Status;Nazwa;Kontrahent;Kategoria;S/N;Moc;Data;Gwarancja;Ulica;Kod pocztowy;Miasto;Województwo';

function exportCsv(path: string, filter: object = {}, query = '') {
  return ctx.app.inject({
    method: 'POST',
    url: `${path}/get-csv-by-filter${query ? `?${query}` : ''}`,
    headers: as(user),
    payload: filter,
  });
}

/** The body's lines without the BOM and the final CRLF. */
const linesOf = (raw: Buffer) => raw.toString('utf8').slice(1).split('\r\n').slice(0, -1);

describe('maszyny.csv', () => {
  it('is UTF-8 with a BOM, ; separated, CRLF ended, quoted where needed, as an attachment', async () => {
    const device = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, {
        name: 'Prasa "Mocarz"; model 2',
        status: 'W naprawie',
        serialNumber: 'SN;01',
        warrantyLength: 24,
        warranty: 'pełna',
        streetAddress: 'Źródlana 4',
        city: 'Gdańsk',
        province: 'pomorskie',
      }),
    );
    const response = await exportCsv('/api/device');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="maszyny.csv"');
    const raw = response.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = raw.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(linesOf(raw)).toEqual([
      HEADER,
      `${device.id};W naprawie;"Prasa ""Mocarz""; model 2";Kowalski;Tokarki;"SN;01";400V;2024-03-15;24 mies. pełna;Źródlana 4;90-001;Gdańsk;pomorskie`,
    ]);
  });

  it('writes a name, street or city a spreadsheet would read as a number or date as text', async () => {
    const device = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: '0012', streetAddress: '1/2', city: '05.12.2026', serialNumber: 'A-1' }),
    );
    const [, line] = linesOf((await exportCsv('/api/device')).rawPayload);
    expect(line).toBe(
      `${device.id};Ok;"=""0012""";Kowalski;Tokarki;A-1;400V;2024-03-15;24 mies. pełna;"=""1/2""";90-001;"=""05.12.2026""";łódzkie`,
    );
  });

  it('exports every row of the filter, search and sort, not one page, only of its family', async () => {
    const a = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Tokarka A', city: 'Łódź' }));
    const b = await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Tokarka B', city: 'Łódź' }));
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Frezarka', city: 'Łódź' }));
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Tokarka C', city: 'Kraków' }));
    const ext = await addDevice(
      ctx,
      user,
      'EXTERNAL',
      deviceBody(refs, { name: 'Tokarka obca', city: 'Łódź' }),
    );
    const internal = linesOf(
      (await exportCsv('/api/device', { city: 'łódź' }, 'q=tokarka&sort=name,desc&page=1&size=1')).rawPayload,
    );
    expect(internal.slice(1).map((line) => line.split(';')[0])).toEqual([String(b.id), String(a.id)]);
    const externalFile = await exportCsv('/api/device-external', { city: 'łódź' });
    expect(externalFile.headers['content-disposition']).toBe('attachment; filename="maszyny-zewnetrzne.csv"');
    const external = linesOf(externalFile.rawPayload);
    expect(external).toHaveLength(2);
    expect(external[1].startsWith(`${ext.id};`)).toBe(true);
  });

  it('streams more rows than one batch in list order', async () => {
    const rows = Array.from({ length: 2345 }, (_, i) => ({
      type: 'INTERNAL',
      name: `Maszyna ${String(i).padStart(5, '0')}`,
      categoryId: refs.prasy,
      customerId: refs.zaklad,
      status: 'OK',
      statusWeight: 4,
    }));
    await ctx.database.db.insert(devices).values(rows);
    const lines = linesOf((await exportCsv('/api/device', {}, 'sort=name,desc')).rawPayload);
    expect(lines).toHaveLength(2346);
    expect(lines[1]).toContain(';Maszyna 02344;');
    expect(lines[2345]).toContain(';Maszyna 00000;');
    expect(lines[1]).toContain(';Ok;');
    expect(lines[1]).toContain(';ZPH Łódź;Prasy;');
  });

  it('reads a category pasted with a NUL character as the name without it, in the file and the list', async () => {
    const prasa = await addDevice(
      ctx,
      user,
      'INTERNAL',
      deviceBody(refs, { name: 'Prasa', category: { id: refs.prasy } }),
    );
    await addDevice(ctx, user, 'INTERNAL', deviceBody(refs, { name: 'Tokarka' }));
    const pasted = { categories: ['Prasy\u0000'] };
    const file = await exportCsv('/api/device', pasted);
    expect(file.statusCode).toBe(200);
    expect(
      file.rawPayload.equals((await exportCsv('/api/device', { categories: ['Prasy'] })).rawPayload),
    ).toBe(true);
    expect(
      linesOf(file.rawPayload)
        .slice(1)
        .map((line) => line.split(';')[0]),
    ).toEqual([String(prasa.id)]);
    const list = await ctx.app.inject({
      method: 'POST',
      url: '/api/device/getByFilter',
      headers: as(user),
      payload: pasted,
    });
    expect(list.statusCode).toBe(200);
    expect((list.json() as { id: number }[]).map((row) => row.id)).toEqual([prasa.id]);
  });

  it('writes a header only when nothing matches', async () => {
    const lines = linesOf((await exportCsv('/api/device', { city: 'nigdzie' })).rawPayload);
    expect(lines).toEqual([HEADER]);
  });

  it('is logged with its search and whether a filter narrowed it, for each family', async () => {
    const before = (await auditEntries(ctx)).length;
    expect((await exportCsv('/api/device', { city: 'Łódź', statuses: [] }, 'q=prasa')).statusCode).toBe(200);
    // Empty fields and lists narrow nothing.
    expect((await exportCsv('/api/device-external', { city: '', statuses: [] })).statusCode).toBe(200);
    const logged = (await auditEntries(ctx)).slice(before).map((e) => e.formattedMessage.split(': ')[1]);
    expect(logged).toEqual([
      'pobranie pliku maszyny.csv (wyszukiwanie „prasa”, z filtrem)',
      'pobranie pliku maszyny-zewnetrzne.csv',
    ]);
  });
});
