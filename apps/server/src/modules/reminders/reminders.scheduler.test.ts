import { describe, expect, it } from 'vitest';
import { timeInZone } from './reminders.scheduler.js';

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
