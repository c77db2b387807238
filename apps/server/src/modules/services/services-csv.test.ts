import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { logs } from '../logs/logs.table.js';
import { customerWithMachines, postService, serviceJson } from './services.fixtures.js';

const ctx = useTestApp();

const csv = (user: Parameters<typeof as>[0], query: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/service/get-csv?${query}`, headers: as(user) });

describe('GET /api/service/get-csv', () => {
  it('writes the list’s rows as the list finds and orders them, in words, and logs the download', async () => {
    const user = await createUserAndLogin(ctx, { firstName: 'Łucja', lastName: 'Żak' });
    const own = await customerWithMachines(ctx, 1, 'INTERNAL');
    const external = await customerWithMachines(ctx, 1, 'EXTERNAL');
    const add = (customerId: number, deviceId: number, overrides: object) =>
      postService(ctx, user, serviceJson(customerId, [deviceId], overrides));
    await add(own.customer.id, own.devices[0].id, {
      date: '2026-03-04',
      number: '1',
      isToSign: true,
      type: ['PRZEGLAD_OKRESOWY', 'NAPRAWA'],
      period: 12,
      paymentType: 'DO_DECYZJI_GWARANTA',
      faultDescription: 'Wyciek oleju; "pilne"\nzaworu',
    });
    await add(own.customer.id, own.devices[0].id, { date: '2026-03-10', faultDescription: 'Hałas łożyska' });
    await add(external.customer.id, external.devices[0].id, { date: '2026-03-11', faultDescription: 'Obca' });

    const all = await csv(user, 'family=INTERNAL');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(all.headers['content-disposition']).toBe('attachment; filename="zdarzenia-serwisowe.csv"');
    expect(all.body.startsWith('\uFEFF')).toBe(true);
    const lines = all.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Id;Numer;Data;Stan;Płatność;Typ serwisu;Okres (miesiące);Kontrahent;Maszyny;Pracownik;Opis usterki;Zadanie',
    );
    // Full number descending, as the list: the unnumbered March event last within March.
    expect(lines).toHaveLength(3);
    // A number like a day is kept as text; the date is one for the spreadsheet.
    expect(lines[1]).toContain(
      `;"=""1/03/2026""";2026-03-04;Podpisany;Do decyzji gwaranta;Przegląd okresowy, Naprawa;12;${own.customer.shortName};(${own.devices[0].id}) ${own.devices[0].name};Łucja Żak;"Wyciek oleju; ""pilne""\nzaworu";`,
    );
    expect(lines[2]).toContain(';(auto);2026-03-10;Utworzony;Płatna;Naprawa;;');

    const searched = await csv(user, 'family=INTERNAL&q=łożyska');
    expect(searched.body.slice(1).trimEnd().split('\r\n')).toHaveLength(2);
    const other = await csv(user, 'family=EXTERNAL');
    expect(other.headers['content-disposition']).toContain('zdarzenia-serwisowe-zewnetrzne.csv');
    expect(other.body).toContain('Obca');
    expect(other.body).not.toContain('Hałas');

    const entries = await ctx.database.db.select().from(logs).where(eq(logs.arg0, user.email));
    expect(entries.map((e) => e.formattedMessage)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/pobranie pliku zdarzenia-serwisowe\.csv \(wyszukiwanie „łożyska”\)$/),
      ]),
    );
  });

  it('refuses a list that is neither family, as a 400 in Polish', async () => {
    const user = await createUserAndLogin(ctx);
    const response = await csv(user, 'family=ALL');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/[ąćęłńóśźż]|Nieprawidłow/i);
  });
});
