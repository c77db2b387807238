import { describe, expect, it } from 'vitest';
import { readProtocolNumberInput } from './protocol-number-input';
import { fewNamed, machinesLabel } from './service-display';
import { toFormValues, toServiceJson } from './service-form-values';
import { serviceActions } from './service-permissions';
import { sampleService } from '../../../test/samples';

describe('readProtocolNumberInput', () => {
  it('uppercases the letter and reads number and extension', () => {
    expect(readProtocolNumberInput('25b')).toEqual({
      text: '25B',
      number: 25,
      numberExtension: 'B',
      error: null,
    });
  });

  it('treats an empty field as "no number" without an error', () => {
    expect(readProtocolNumberInput('')).toEqual({ text: '', number: 0, numberExtension: '', error: null });
  });

  it('resets the number to 0 and reports the spec message when invalid', () => {
    for (const raw of ['A', '25AB', '2 5', '0A', '-3']) {
      const read = readProtocolNumberInput(raw);
      expect(read.number).toBe(0);
      expect(read.numberExtension).toBe('');
      expect(read.error).toBe('Niepoprawny numer protokołu (dopuszczalne np. 25, 25A, 25B...25Z)');
    }
  });
});

describe('fewNamed (a to-do row of a whole line)', () => {
  it('names five machines and counts the rest', () => {
    const names = Array.from({ length: 30 }, (_, i) => `Robot ${i + 1}`);
    expect(fewNamed(names)).toBe('Robot 1, Robot 2, Robot 3, Robot 4, Robot 5 i jeszcze 25 maszyn');
    expect(fewNamed(names.slice(0, 2))).toBe('Robot 1, Robot 2');
  });
});

describe('machinesLabel', () => {
  it('joins the machines as "(id) name"', () => {
    const devices = [
      { id: 7, name: 'Laser', type: 'INTERNAL', customer: { id: 1 } },
      { id: 9, name: 'Prasa', type: 'INTERNAL', customer: { id: 1 } },
    ];
    expect(machinesLabel({ devices })).toBe('(7) Laser, (9) Prasa');
    // An event on many machines names the first five and counts the rest.
    const many = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: i + 1,
        name: `M${i + 1}`,
        type: 'INTERNAL',
        customer: { id: 1 },
      }));
    const five = '(1) M1, (2) M2, (3) M3, (4) M4, (5) M5';
    expect(machinesLabel({ devices: many(5) })).toBe(five);
    expect(machinesLabel({ devices: many(6) })).toBe(`${five} i jeszcze 1 maszyna`);
    expect(machinesLabel({ devices: many(8) })).toBe(`${five} i jeszcze 3 maszyny`);
    expect(machinesLabel({ devices: many(40) })).toBe(`${five} i jeszcze 35 maszyn`);
  });
});

describe('toServiceJson', () => {
  it('sends the period only with an inspection and a value, else -1', () => {
    const values = { ...toFormValues(undefined, { customerId: 3 }), types: ['NAPRAWA'], period: 12 };
    const context = { withTodo: false };
    expect(toServiceJson(values, context).period).toBe(-1);
    expect(toServiceJson({ ...values, types: ['PRZEGLAD_OKRESOWY'] }, context).period).toBe(12);
    expect(toServiceJson({ ...values, types: ['PRZEGLAD_OKRESOWY'], period: '' }, context).period).toBe(-1);
  });

  it('reads a stored negative period as empty and the signed state as ticked', () => {
    const values = toFormValues(sampleService({ period: -1, isToSign: false, state: 'PODPISANY' }));
    expect(values.period).toBe('');
    expect(values.isToSign).toBe(true);
    expect(values.numberText).toBe('25A');
  });
});

describe('serviceActions', () => {
  const user = { id: 2, isAdmin: false };
  const admin = { id: 1, isAdmin: true };

  it('lets an employee change only own open events, and delete none', () => {
    const own = sampleService({ state: 'UTWORZONY', userCreated: { id: 2, fullName: 'Jan' } });
    expect(serviceActions(user, own)).toMatchObject({
      edit: true,
      sign: true,
      printForScan: true,
      reject: true,
      remove: false,
      removeFile: false,
    });
    const foreign = sampleService({ state: 'UTWORZONY', userCreated: { id: 9, fullName: 'Ewa' } });
    expect(serviceActions(user, foreign)).toMatchObject({ edit: false, sign: false, addFile: true });
    const signed = sampleService({ state: 'PODPISANY', userCreated: { id: 2, fullName: 'Jan' } });
    expect(serviceActions(user, signed)).toMatchObject({ edit: false, addFile: false, remove: false });
  });

  it('lets an admin change signed events but not sign them twice', () => {
    const signed = sampleService({ state: 'PODPISANY' });
    expect(serviceActions(admin, signed)).toMatchObject({
      edit: true,
      sign: false,
      printForScan: false,
      reject: true,
      remove: true,
      removeFile: true,
    });
  });
});
