import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { logReminderRun, scheduledRunDate, timeInZone } from './reminders.scheduler.js';

describe('timeInZone', () => {
  it('reads the hour and minute on the company clock, summer and winter time, midnight as 00', () => {
    expect(timeInZone('Europe/Warsaw', new Date('2026-12-03T17:48:35Z'))).toBe('18:48');
    expect(timeInZone('Europe/Warsaw', new Date('2026-07-01T22:00:00Z'))).toBe('00:00');
    expect(timeInZone('Europe/Warsaw', new Date('2026-07-01T05:59:59Z'))).toBe('07:59');
    expect(timeInZone('Asia/Tokyo', new Date('2026-12-03T17:48:35Z'))).toBe('02:48');
    // Compared as text with REMINDER_TIME ('HH:MM'): always two digits each.
    expect(timeInZone('UTC', new Date('2026-01-01T09:05:00Z'))).toBe('09:05');
  });
});

describe('scheduledRunDate', () => {
  it('is today from REMINDER_TIME on, the day before until then (to take over a run cut off past midnight)', () => {
    const at = (iso: string) => scheduledRunDate('Europe/Warsaw', '23:50', new Date(iso));
    expect(at('2026-12-07T22:50:00Z')).toBe('2026-12-07'); // 23:50 in Warsaw
    expect(at('2026-12-07T23:10:00Z')).toBe('2026-12-07'); // 00:10 the next day: still the 7th's run
    expect(at('2026-12-08T22:49:00Z')).toBe('2026-12-07');
    expect(at('2026-12-08T22:50:00Z')).toBe('2026-12-08');
    expect(scheduledRunDate('Europe/Warsaw', '06:00', new Date('2027-01-01T04:00:00Z'))).toBe('2026-12-31');
  });
});

describe('logReminderRun', () => {
  const logged = (result: {
    mailsSent: number;
    mailsFailed: number;
    mailsQueued: number;
    error?: string | null;
    state?: 'RUNNING' | 'FINISHED' | 'INTERRUPTED';
  }) => {
    const lines: { level: string; message: string }[] = [];
    const log = {
      info: (_: object, message: string) => lines.push({ level: 'info', message }),
      error: (_: object, message: string) => lines.push({ level: 'error', message }),
      warn: (_: object, message: string) => lines.push({ level: 'warn', message }),
    } as unknown as FastifyBaseLogger;
    logReminderRun(log, result);
    return lines;
  };

  it('says a run stopped with its server was stopped, not that it sent all', () => {
    expect(logged({ mailsQueued: 8, mailsSent: 3, mailsFailed: 0, state: 'INTERRUPTED' })).toEqual([
      {
        level: 'warn',
        message:
          'Przypomnienia o przeglądach: przerwano przy zatrzymywaniu serwera po wysłaniu 3 wiadomości; resztę wyśle kolejne uruchomienie',
      },
    ]);
  });

  it('is an error when mails did not go out, and says they wait for the next run', () => {
    expect(logged({ mailsQueued: 3, mailsSent: 1, mailsFailed: 2 })).toEqual([
      {
        level: 'error',
        message:
          'Przypomnienia o przeglądach: nie wysłano 2 wiadomości (zostają w kolejce do następnego uruchomienia)',
      },
    ]);
    // With the mail server's reason: a wrong password and a server that is down read apart.
    expect(
      logged({
        mailsQueued: 3,
        mailsSent: 0,
        mailsFailed: 3,
        error: 'Invalid login: 535 Authentication failed',
      })[0]?.message,
    ).toBe(
      'Przypomnienia o przeglądach: nie wysłano 3 wiadomości (zostają w kolejce do następnego uruchomienia); ' +
        'serwer poczty: Invalid login: 535 Authentication failed',
    );
    expect(logged({ mailsQueued: 3, mailsSent: 3, mailsFailed: 0 })).toEqual([
      { level: 'info', message: 'Przypomnienia o przeglądach: wysłano 3 wiadomości' },
    ]);
    expect(logged({ mailsQueued: 1, mailsSent: 1, mailsFailed: 0 })[0]?.message).toBe(
      'Przypomnienia o przeglądach: wysłano 1 wiadomość',
    );
  });
});
