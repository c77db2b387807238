import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('loadConfig', () => {
  it('refuses an unknown company time zone before anything starts (it broke the home screen later)', () => {
    expect(refusal({ TZ_COMPANY: 'Mars/Base' })).toContain(
      'TZ_COMPANY: nieznana strefa czasowa (nazwa IANA, np. Europe/Warsaw)',
    );
    expect(loadConfig({ TZ_COMPANY: 'America/New_York' }).TZ_COMPANY).toBe('America/New_York');
    expect(loadConfig({}).TZ_COMPANY).toBe('Europe/Warsaw');
  });

  it('refuses a reminder lead time outside 1–365 days instead of dropping it', () => {
    expect(refusal({ REMINDER_LEAD_DAYS: '0,400' })).toContain(
      'REMINDER_LEAD_DAYS: każda liczba dni od 1 do 365',
    );
    expect(loadConfig({ REMINDER_LEAD_DAYS: '14,14,3' }).REMINDER_LEAD_DAYS).toEqual([14, 3]);
    expect(loadConfig({}).REMINDER_LEAD_DAYS).toEqual([30, 7]);
  });

  it("names the variable in Polish for zod's own checks too", () => {
    const message = refusal({ PORT: 'abc', SESSION_DAYS: '0' });
    expect(message).toMatch(/^Nieprawidłowa konfiguracja \(zmienne środowiskowe\):/);
    expect(message).toContain('PORT: Nieprawidłowe dane wejściowe');
    expect(message).toMatch(/SESSION_DAYS: Zbyt mał/);
    expect(message).not.toMatch(/Invalid input|Too small/);
  });

  it('refuses a mail server address without smtp:// or smtps://, and a sender without an address', () => {
    for (const smtp of ['smtp.firma.pl:25', 'http://smtp.firma.pl'])
      expect(refusal({ SMTP_URL: smtp })).toContain('SMTP_URL musi zaczynać się od smtp:// lub smtps://');
    expect(loadConfig({ SMTP_URL: 'smtps://jan%40firma.pl:tajne@smtp.firma.pl:465' }).SMTP_URL).toBe(
      'smtps://jan%40firma.pl:tajne@smtp.firma.pl:465',
    );
    // A special character left unencoded in the password: refused at start, not mailing another host.
    for (const smtp of [
      'smtps://serwis@firma.pl:2024#Zima@smtp.firma.pl:465',
      'smtps://jan:ta jne@smtp.firma.pl',
    ])
      expect(refusal({ SMTP_URL: smtp })).toContain('zapisz kodami, np. @ jako %40, # jako %23');
    expect(refusal({ SMTP_URL: 'smtps://serwis@firma.pl:2024#Zima@smtp.firma.pl:465' })).not.toContain(
      'Zima',
    );
    expect(loadConfig({ SMTP_URL: 'smtps://serwis%40firma.pl:2024%23Zima@smtp.firma.pl:465' }).SMTP_URL).toBe(
      'smtps://serwis%40firma.pl:2024%23Zima@smtp.firma.pl:465',
    );
    expect(refusal({ MAIL_FROM: 'not an address' })).toContain('MAIL_FROM musi zawierać adres e-mail');
    for (const from of ['serwis@firma.pl', 'Serwis Firma <serwis@firma.pl>', 'Serwis <serwis@localhost>'])
      expect(loadConfig({ MAIL_FROM: from }).MAIL_FROM).toBe(from);
  });
});
