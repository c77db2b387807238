import { describe, expect, it } from 'vitest';
import type { ImportPreview } from '@serwis/domain';
import { as, createUserAndLogin, useTestApp, type TestUser } from '../../../test/test-app.js';
import { sendImport } from '../imports/imports.fixtures.js';
import { customers } from './customers.table.js';
import { auditEntries } from '../../../test/accounts-helpers.js';

const ctx = useTestApp();

const HEADER =
  'Nazwa skrócona;Nazwa pełna;Ulica;Kod pocztowy;Miejscowość;Województwo;NIP;REGON;Telefon;E-mail';

const metalex = {
  shortName: 'Metalex',
  fullName: 'Metalex Sp. z o.o.; oddział "Północ"',
  streetAddress: 'ul. Długa 5',
  zipCode: '00-001',
  city: 'Warszawa',
  province: 'mazowieckie',
  nip: '5250000000',
  regon: '012345678',
  phoneNumber: '+48 22 000 00 00',
  email: 'biuro@metalex.pl',
};

function exportCsv(user: TestUser, query = '') {
  return ctx.app.inject({
    method: 'GET',
    url: `/api/customer/get-csv${query ? `?${query}` : ''}`,
    headers: as(user),
  });
}

/** The body's lines without the BOM and the final CRLF. */
const linesOf = (raw: Buffer) => raw.toString('utf8').slice(1).split('\r\n').slice(0, -1);

describe('kontrahenci.csv', () => {
  it('is the list’s columns under the import’s names, UTF-8 with a BOM, as an attachment', async () => {
    const user = await createUserAndLogin(ctx);
    await ctx.database.db.insert(customers).values(metalex);
    const response = await exportCsv(user);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="kontrahenci.csv"');
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // A REGON's leading zero is kept as text and a phone number's "+" does not start a formula;
    // a NIP of 10 digits comes back from a spreadsheet as it is.
    expect(linesOf(response.rawPayload)).toEqual([
      HEADER,
      `Metalex;"Metalex Sp. z o.o.; oddział ""Północ""";ul. Długa 5;00-001;Warszawa;mazowieckie;5250000000;"=""012345678""";'+48 22 000 00 00;biuro@metalex.pl`,
    ]);
  });

  it('holds every customer the search finds, in the list’s order, not one page', async () => {
    const user = await createUserAndLogin(ctx);
    await ctx.database.db
      .insert(customers)
      .values(Array.from({ length: 120 }, (_, i) => ({ shortName: `Firma ${i + 1}`, city: 'Łódź' })));
    await ctx.database.db.insert(customers).values({ shortName: 'Inna', city: 'Kraków' });
    const lines = linesOf((await exportCsv(user, 'q=Łódź&sort=shortName,asc')).rawPayload);
    expect(lines).toHaveLength(121);
    const names = lines.slice(1).map((line) => line.split(';')[0]);
    expect(names).toEqual(
      Array.from({ length: 120 }, (_, i) => `Firma ${i + 1}`).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(linesOf((await exportCsv(user, 'q=Kraków')).rawPayload).slice(1)).toEqual(['Inna;;;;Kraków;;;;;']);
  });

  it('refuses a search too long, as the list does, before sending a file or logging it', async () => {
    const user = await createUserAndLogin(ctx);
    const logged = (await auditEntries(ctx)).length;
    const response = await exportCsv(user, `q=${'a'.repeat(201)}`);
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-disposition']).toBeUndefined();
    expect(await auditEntries(ctx)).toHaveLength(logged);
  });

  it('is logged: who took the customers’ file home, and with which search', async () => {
    const user = await createUserAndLogin(ctx, { email: 'jan@firma.pl' });
    await ctx.database.db.insert(customers).values(metalex);
    expect((await exportCsv(user, 'q=%20Warszawa%20')).statusCode).toBe(200);
    expect((await exportCsv(user)).statusCode).toBe(200);
    const [searched, whole] = (await auditEntries(ctx)).slice(-2);
    expect(searched).toMatchObject({
      formattedMessage:
        'Jan Kowalski (jan@firma.pl): pobranie pliku kontrahenci.csv (wyszukiwanie „Warszawa”)',
      arg0: 'jan@firma.pl',
    });
    expect(whole!.formattedMessage).toBe('Jan Kowalski (jan@firma.pl): pobranie pliku kontrahenci.csv');
  });

  it('comes back through the import as it went out: every customer found, nothing to change', async () => {
    const user = await createUserAndLogin(ctx, { admin: true });
    await ctx.database.db.insert(customers).values([metalex, { shortName: 'Stalbud', zipCode: '12-345' }]);
    const file = (await exportCsv(user)).rawPayload;
    const preview = await sendImport(
      ctx,
      user,
      '/api/customer/import/preview',
      file,
      undefined,
      'kontrahenci.csv',
    );
    expect(preview.json<ImportPreview>()).toMatchObject({ added: 0, updated: 0, unchanged: 2 });
  });

  it('is for signed-in staff only', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/customer/get-csv' });
    expect(response.statusCode).toBe(401);
  });
});
