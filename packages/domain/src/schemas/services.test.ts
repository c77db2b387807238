import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from './incidents.js';
import { serviceJsonSchema } from './services.js';

const base = {
  date: '2026-03-15',
  type: ['NAPRAWA'],
  customer: { id: 3 },
  devices: [{ id: 7 }],
};

describe('serviceJsonSchema', () => {
  it('joins the number and its letter from either field', () => {
    expect(serviceJsonSchema.parse({ ...base, number: '25b' })).toMatchObject({
      number: 25,
      numberExtension: 'B',
    });
    expect(serviceJsonSchema.parse({ ...base, number: 25, numberExtension: 'c' })).toMatchObject({
      number: 25,
      numberExtension: 'C',
    });
    expect(serviceJsonSchema.parse({ ...base, number: '', numberExtension: 'A' })).toMatchObject({
      number: 0,
      numberExtension: '',
    });
  });

  it('fills defaults and normalises the period', () => {
    const parsed = serviceJsonSchema.parse({ ...base, period: 12 });
    expect(parsed).toMatchObject({
      customerId: 3,
      paymentType: 'PLATNA',
      isToSign: false,
      faultDescription: '',
      period: -1,
    });
    expect(parsed.todo).toBeUndefined();
    expect(serviceJsonSchema.parse({ ...base, type: ['PRZEGLAD_OKRESOWY'], period: '18' }).period).toBe(18);
    expect(serviceJsonSchema.parse({ ...base, type: ['PRZEGLAD_OKRESOWY'], period: '' }).period).toBe(-1);
    expect(serviceJsonSchema.parse({ ...base, type: ['PRZEGLAD_OKRESOWY'], period: 0 }).period).toBe(0);
  });

  it("refuses an inspection's period off the six-month cycle, under its field", () => {
    for (const period of [7, '61', 1]) {
      const result = serviceJsonSchema.safeParse({ ...base, type: ['PRZEGLAD_OKRESOWY'], period });
      expect(result.error!.issues[0]).toMatchObject({
        path: ['period'],
        message: 'Okres przeglądu to wielokrotność 6 miesięcy (6, 12, 18, 24…).',
      });
    }
    // Another event's period is not kept, so it is not judged either.
    expect(serviceJsonSchema.parse({ ...base, type: ['NAPRAWA'], period: 7 }).period).toBe(-1);
  });

  it('reports each problem under its field', () => {
    const result = serviceJsonSchema.safeParse({ ...base, number: 'x1' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['number'] });
    const noCustomer = serviceJsonSchema.safeParse({ ...base, customer: { id: null } });
    expect(noCustomer.error!.issues[0]).toMatchObject({
      path: ['customer'],
      message: 'Wybierz kontrahenta!',
    });
  });
});

describe('parseLocalDateTime', () => {
  it('reads days, times with T or space, fractions and zones', () => {
    expect(parseLocalDateTime('2026-03-10')).toEqual({
      local: '2026-03-10 00:00:00.000000',
      zone: null,
      dateOnly: true,
    });
    expect(parseLocalDateTime('2026-03-10T14:30')).toMatchObject({
      local: '2026-03-10 14:30:00.000000',
      dateOnly: false,
    });
    expect(parseLocalDateTime('2026-03-10 23:59:59.999999')).toMatchObject({
      local: '2026-03-10 23:59:59.999999',
    });
    expect(parseLocalDateTime('2026-03-10T10:00:00.5Z')).toMatchObject({
      local: '2026-03-10 10:00:00.500000',
      zone: 'Z',
    });
  });

  it.each(['2026-02-30', '2026-03-10T24:00', '10.03.2026', '2026-03-10T10:61', ''])('refuses %s', (value) => {
    expect(parseLocalDateTime(value)).toBeNull();
  });
});
