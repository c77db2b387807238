import { describe, expect, it } from 'vitest';
import { as, createUserAndLogin, useTestApp } from '../../../test/test-app.js';
import { auditEntriesFor } from '../../../test/service-fixtures.js';
import { PNG } from '../protocols/protocols.fixtures.js';
import { readCompanyData, readCompanyLogo } from './configuration.repository.js';

const ctx = useTestApp();
const TITLE = 'pdf/installation-protocol/title';

describe('configuration (spec §7)', () => {
  it('answers { value } with the default, stores an admin write and refuses employees', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const get = (name: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/configuration?name=${encodeURIComponent(name)}`,
        headers: as(user),
      });
    expect((await get(TITLE)).json()).toEqual({ value: 'Protokół montażu' });
    const put = (who: typeof user, value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/configuration',
        headers: as(who),
        payload: { name: TITLE, value },
      });
    expect((await put(user, 'X')).statusCode).toBe(403);
    // The default sent back as it was read changes nothing a reader sees: nothing logged.
    expect((await put(admin, 'Protokół montażu')).statusCode).toBe(200);
    expect(await auditEntriesFor(ctx.database.db, `configuration:${TITLE}`)).toEqual([]);
    const ok = await put(admin, 'Protokół montażu maszyny — zażółć gęślą jaźń');
    expect(ok.statusCode).toBe(200);
    expect((await get(TITLE)).json()).toEqual({ value: 'Protokół montażu maszyny — zażółć gęślą jaźń' });
    // Emptied (or spaces only), the title is the default again, never a PDF heading without one.
    for (const blank of ['', '   ']) {
      expect((await put(admin, blank)).statusCode).toBe(200);
      expect((await get(TITLE)).json()).toEqual({ value: 'Protokół montażu' });
    }
    // The log names the setting as the "Dane firmy" form labels it.
    const titled = await auditEntriesFor(ctx.database.db, `configuration:${TITLE}`);
    expect(titled[0].formattedMessage).toMatch(/\): zmiana ustawienia „Tytuł protokołu montażu \(PDF\)”$/);
    expect(titled.at(-1)?.formattedMessage).toMatch(
      /\): wyczyszczenie ustawienia „Tytuł protokołu montażu \(PDF\)”$/,
    );
    const unknown = await get('secret/other');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Nieznane ustawienie konfiguracji.');
  });

  it('saves the company data in one call, reads it back by name and through readCompanyData', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const company = {
      name: 'Łódzkie Maszyny Sp. z o.o.',
      street: 'ul. Źródlana 5',
      zipCode: '90-001',
      city: 'Łódź',
      nip: '7251234567',
      regon: '123456789',
      phone: '+48 42 123 45 67',
      email: 'biuro@maszyny.pl',
      www: 'maszyny.pl',
      installationProtocolTitle: 'Protokół montażu',
      installationProtocolTableHeader: 'Wykonane czynności',
    };
    const saved = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: company,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(company);
    const byName = await ctx.app.inject({
      method: 'GET',
      url: '/api/configuration?name=company/city',
      headers: as(admin),
    });
    expect(byName.json()).toEqual({ value: 'Łódź' });
    const { installationProtocolTitle: _t, installationProtocolTableHeader: _h, ...data } = company;
    expect(await readCompanyData(ctx.database.db)).toEqual(data);
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: { ...company, email: 'nie-mail' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Nieprawidłowy adres email');
    const logs = (
      await ctx.app.inject({ method: 'GET', url: '/api/log/findAll', headers: as(admin) })
    ).json();
    expect(JSON.stringify(logs)).toContain('zmiana danych firmy: Nazwa firmy, Ulica');
    // The same body again changes nothing: no new log entry.
    const entries = async () => (await auditEntriesFor(ctx.database.db, 'configuration:company')).length;
    const before = await entries();
    const again = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: company,
    });
    expect(again.statusCode).toBe(200);
    expect(await entries()).toBe(before);
    // One field changed: the entry names that field alone.
    const phone = await ctx.app.inject({
      method: 'PUT',
      url: '/api/configuration/company',
      headers: as(admin),
      payload: { ...company, phone: '+48 42 000 00 00' },
    });
    expect(phone.statusCode).toBe(200);
    const newest = (await auditEntriesFor(ctx.database.db, 'configuration:company')).at(-1)!;
    expect(newest.formattedMessage).toMatch(/\): zmiana danych firmy: Telefon$/);
  });

  it('saves only the fields a body names, so two administrators do not undo each other', async () => {
    const [first, second] = [
      await createUserAndLogin(ctx, { admin: true }),
      await createUserAndLogin(ctx, { admin: true }),
    ];
    const put = (who: typeof first, payload: object) =>
      ctx.app.inject({ method: 'PUT', url: '/api/configuration/company', headers: as(who), payload });
    expect(
      (await put(first, { name: 'Maszyny Sp. z o.o.', city: 'Łódź', nip: '7251234567' })).statusCode,
    ).toBe(200);
    expect(
      (await put(second, { city: ' Kraków ', installationProtocolTitle: 'Montaż linii' })).statusCode,
    ).toBe(200);
    const cleared = await put(first, { nip: '', www: null });
    expect(cleared.json()).toMatchObject({
      name: 'Maszyny Sp. z o.o.',
      city: 'Kraków',
      nip: '',
      www: '',
      installationProtocolTitle: 'Montaż linii',
      installationProtocolTableHeader: 'Czynności montażowe',
    });
    const invalid = await put(second, { email: 'nie-mail', city: 'Gdańsk' });
    expect(invalid.statusCode).toBe(400);
    expect((await readCompanyData(ctx.database.db)).city).toBe('Kraków');
  });

  it('stores an optional PNG or JPEG logo for admins and refuses anything else', async () => {
    const admin = await createUserAndLogin(ctx, { admin: true });
    const user = await createUserAndLogin(ctx);
    const put = (who: typeof user, value: string) =>
      ctx.app.inject({
        method: 'PUT',
        url: '/api/configuration/company-logo',
        headers: as(who),
        payload: { value },
      });
    expect((await put(user, PNG)).statusCode).toBe(403);
    const bad = await put(admin, 'data:image/svg+xml;base64,PHN2Zz4=');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Logo musi być obrazem PNG lub JPEG.');
    expect((await put(admin, PNG)).statusCode).toBe(200);
    expect(await readCompanyLogo(ctx.database.db)).toBe(PNG);
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/configuration?name=company/logo',
      headers: as(user),
    });
    expect(read.json()).toEqual({ value: PNG });
    expect((await put(admin, PNG)).statusCode).toBe(200); // the same logo again: nothing to log
    expect((await put(admin, '')).statusCode).toBe(200);
    expect(await readCompanyLogo(ctx.database.db)).toBe('');
    // The log names the setting in Polish, not by its key, and a removal as such.
    const entries = await auditEntriesFor(ctx.database.db, 'configuration:company/logo');
    expect(entries.map((e) => e.formattedMessage.replace(/^.*\): /, ''))).toEqual([
      'zmiana ustawienia „logo firmy”',
      'wyczyszczenie ustawienia „logo firmy”',
    ]);
  });
});
