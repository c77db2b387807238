import { describe, expect, it } from 'vitest';
import {
  PROTOCOL_NUMBER_ERROR,
  compareFullNumbers,
  formatFullNumber,
  formatNumberWithExtension,
  normalizeExtension,
  parseProtocolNumber,
  protocolPdfFileName,
} from './protocol-number.js';

describe('protocolPdfFileName', () => {
  it('names the PDF after the full number, slashes turned into dashes', () => {
    expect(protocolPdfFileName('25A/03/2026')).toBe('Protokół 25A-03-2026.pdf');
    expect(protocolPdfFileName('1/12/2025')).toBe('Protokół 1-12-2025.pdf');
    expect(protocolPdfFileName('(auto)', 812)).toBe('Protokół do skanu, zdarzenie 812.pdf');
    expect(protocolPdfFileName('(auto)')).toBe('Protokół do skanu.pdf');
  });
});

describe('parseProtocolNumber', () => {
  it('reads a plain number and a number with a letter, uppercasing the letter', () => {
    expect(parseProtocolNumber('25')).toEqual({ ok: true, number: 25, extension: '' });
    expect(parseProtocolNumber('25a')).toEqual({ ok: true, number: 25, extension: 'A' });
    expect(parseProtocolNumber(' 7Z ')).toEqual({ ok: true, number: 7, extension: 'Z' });
    expect(parseProtocolNumber(12)).toEqual({ ok: true, number: 12, extension: '' });
  });

  it('treats an empty value as "no number" without an error', () => {
    expect(parseProtocolNumber('')).toEqual({ ok: true, number: 0, extension: '' });
    expect(parseProtocolNumber('   ')).toEqual({ ok: true, number: 0, extension: '' });
    expect(parseProtocolNumber(null)).toEqual({ ok: true, number: 0, extension: '' });
    expect(parseProtocolNumber(undefined)).toEqual({ ok: true, number: 0, extension: '' });
    expect(parseProtocolNumber('0')).toEqual({ ok: true, number: 0, extension: '' });
  });

  it.each(['A', '25AB', '25-A', '2.5', '-3', '25 A', 'abc', '0A', '10000000', '25Ą'])(
    'refuses %s with the spec message',
    (value) => {
      expect(parseProtocolNumber(value)).toEqual({ ok: false, error: PROTOCOL_NUMBER_ERROR });
    },
  );
});

describe('a number above the limit of a typed one', () => {
  it('is taken only as the number the event already holds', () => {
    expect(parseProtocolNumber('1000000')).toEqual({ ok: false, error: PROTOCOL_NUMBER_ERROR });
    const held = { number: 1_000_000, extension: '' };
    expect(parseProtocolNumber('1000000', held)).toEqual({ ok: true, number: 1_000_000, extension: '' });
    expect(parseProtocolNumber('1000001', held)).toEqual({ ok: false, error: PROTOCOL_NUMBER_ERROR });
    expect(parseProtocolNumber('1000000A', held)).toEqual({ ok: false, error: PROTOCOL_NUMBER_ERROR });
    expect(parseProtocolNumber('999999')).toEqual({ ok: true, number: 999_999, extension: '' });
    // The server's schema, which does not know the event yet, leaves the check to the assignment.
    expect(parseProtocolNumber('1000001', 'unknown')).toEqual({ ok: true, number: 1_000_001, extension: '' });
  });
});

describe('normalizeExtension', () => {
  it('uppercases one letter and refuses anything else', () => {
    expect(normalizeExtension('b')).toBe('B');
    expect(normalizeExtension('')).toBe('');
    expect(normalizeExtension(null)).toBe('');
    expect(normalizeExtension('AB')).toBeNull();
    expect(normalizeExtension('1')).toBeNull();
  });
});

describe('formatFullNumber', () => {
  it('joins number, letter, zero-padded month and year', () => {
    expect(formatFullNumber(25, 'A', 3, 2026)).toBe('25A/03/2026');
    expect(formatFullNumber(1, '', 12, 2025)).toBe('1/12/2025');
  });

  it('shows (auto) while not numbered', () => {
    expect(formatFullNumber(0, '', 3, 2026)).toBe('(auto)');
  });

  it('formats the number field alone', () => {
    expect(formatNumberWithExtension(25, 'B')).toBe('25B');
    expect(formatNumberWithExtension(0, '')).toBe('');
  });
});

describe('compareFullNumbers', () => {
  const row = (year: number, month: number, number: number, numberExtension = '') => ({
    year,
    month,
    number,
    numberExtension,
  });

  it('orders by year, month, number and then letter', () => {
    const rows = [
      row(2026, 3, 2),
      row(2025, 12, 40),
      row(2026, 3, 1, 'B'),
      row(2026, 1, 9),
      row(2026, 3, 1),
      row(2026, 3, 1, 'A'),
      row(2026, 3, 10),
    ];
    const sorted = [...rows]
      .sort(compareFullNumbers)
      .map((r) => formatFullNumber(r.number, r.numberExtension, r.month, r.year));
    expect(sorted).toEqual([
      '40/12/2025',
      '9/01/2026',
      '1/03/2026',
      '1A/03/2026',
      '1B/03/2026',
      '2/03/2026',
      '10/03/2026',
    ]);
  });

  it('puts unnumbered events before the numbered ones of their month', () => {
    expect(compareFullNumbers(row(2026, 3, 0), row(2026, 3, 1))).toBeLessThan(0);
    expect(compareFullNumbers(row(2026, 4, 0), row(2026, 3, 5))).toBeGreaterThan(0);
  });
});
