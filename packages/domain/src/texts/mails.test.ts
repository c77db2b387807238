import { describe, expect, it } from 'vitest';
import { PASSWORD_MAIL, REMINDER_MAIL, daysLeftText, machinesWord } from './mails.js';

describe('the password e-mail', () => {
  it('names the reason in its subject and first line', () => {
    expect(PASSWORD_MAIL.subject('reset')).toBe('Serwis: nowe hasło');
    expect(PASSWORD_MAIL.subject('new-account')).toBe('Serwis: Twoje konto');
    expect(PASSWORD_MAIL.intro('reset')).toBe(
      'Na Twoją prośbę wygenerowaliśmy nowe hasło do systemu Serwis.',
    );
    expect(PASSWORD_MAIL.intro('new-account')).toBe('Utworzono dla Ciebie konto w systemie Serwis.');
    expect(PASSWORD_MAIL.address('https://serwis.example')).toBe('Adres: https://serwis.example/login');
  });
});

describe('the reminder e-mails', () => {
  it('count machines and days in Polish', () => {
    expect([1, 2, 5, 22].map((n) => REMINDER_MAIL.staffSubject(n))).toEqual([
      'Przeglądy do wykonania: 1 maszyna',
      'Przeglądy do wykonania: 2 maszyny',
      'Przeglądy do wykonania: 5 maszyn',
      'Przeglądy do wykonania: 22 maszyny',
    ]);
    expect(machinesWord(12)).toBe('maszyn');
    expect(daysLeftText(-1)).toBe('po terminie od 1 dnia');
    expect(daysLeftText(-3)).toBe('po terminie od 3 dni');
    expect(REMINDER_MAIL.due('2026-03-01', -3)).toBe('Termin przeglądu: 2026-03-01 (po terminie od 3 dni)');
  });

  it("write a customer's machine as one sentence", () => {
    const machine = { name: 'Sprężarka', serialNumber: 'SN-1', address: 'Łódź', dueDate: '2026-03-01' };
    expect(REMINDER_MAIL.customerMachine({ ...machine, daysLeft: -2 })).toBe(
      'Sprężarka, nr seryjny SN-1, miejsce pracy: Łódź; termin przeglądu minął 2026-03-01.',
    );
    expect(REMINDER_MAIL.customerMachine({ ...machine, serialNumber: '', address: '', daysLeft: 0 })).toBe(
      'Sprężarka; termin przeglądu: 2026-03-01.',
    );
    // The date alone: a notice sent or read a day later would otherwise say "jutro" of a day gone by.
    expect(REMINDER_MAIL.customerMachine({ ...machine, daysLeft: 1 })).toBe(
      'Sprężarka, nr seryjny SN-1, miejsce pracy: Łódź; termin przeglądu: 2026-03-01.',
    );
    expect(REMINDER_MAIL.machine('Sprężarka', '')).toBe('Sprężarka');
    expect(REMINDER_MAIL.address('')).toBe('Adres: —');
  });
});
