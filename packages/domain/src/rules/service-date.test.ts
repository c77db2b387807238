import { describe, expect, it } from 'vitest';
import { SERVICE_DATE_MSG, movesNumberedYear, renumberWarning, serviceDateWarning } from './service-date.js';

describe('a service event dated after today (serviceDateWarning)', () => {
  it('warns of a day ahead, the more for an inspection that moves the next one, and of no other', () => {
    expect(serviceDateWarning('2026-12-08', '2026-12-07', false)).toBe(
      SERVICE_DATE_MSG.serviceDateAheadWarning,
    );
    expect(serviceDateWarning('2027-01-02', '2026-12-07', true)).toBe(
      SERVICE_DATE_MSG.inspectionDateAheadWarning,
    );
    expect(serviceDateWarning('2026-12-07', '2026-12-07', true)).toBeNull();
    expect(serviceDateWarning('2025-12-30', '2026-12-07', true)).toBeNull();
    expect(serviceDateWarning(null, '2026-12-07', true)).toBeNull();
  });
});

describe('renumberWarning', () => {
  const signed = { number: 1651, numberExtension: '', fullNumber: '1651/12/2026', year: 2026 };
  it('tells a numbered event moved to another month or year its new full number', () => {
    expect(renumberWarning(signed, '2026-11-28')).toBe(
      'Nowa data zmieni numer protokołu z 1651/12/2026 na 1651/11/2026. Wydrukowany, podpisany lub wysłany protokół ma numer 1651/12/2026.',
    );
    expect(
      renumberWarning({ ...signed, numberExtension: 'B', fullNumber: '1651B/12/2026' }, '2026-01-02'),
    ).toContain('na 1651B/01/2026');
  });

  it('refuses another year for a numbered event instead of warning of it', () => {
    expect(renumberWarning(signed, '2027-01-02')).toBeNull();
    expect(movesNumberedYear(signed, '2027-01-02')).toBe(true);
    expect(movesNumberedYear(signed, '2026-01-02')).toBe(false);
    expect(movesNumberedYear({ number: 0, year: 2026 }, '2027-01-02')).toBe(false);
  });

  it('says nothing within the month, for an unnumbered event, or without a date', () => {
    expect(renumberWarning(signed, '2026-12-01')).toBeNull();
    expect(
      renumberWarning({ number: 0, numberExtension: '', fullNumber: '(auto)', year: 2026 }, '2026-11-28'),
    ).toBeNull();
    expect(renumberWarning(signed, null)).toBeNull();
  });
});
