import { describe, expect, it } from 'vitest';
import { MSG, validationMessage } from '../messages.js';
import { fieldErrorMessage, fieldLabel, fieldPath } from './field-errors.js';

describe('field errors', () => {
  it('builds dotted paths and finds the Polish label, or the record an id belongs to', () => {
    expect(fieldPath(['devices', 0, 'id'])).toBe('devices.0.id');
    expect(fieldLabel('paymentType')).toBe('Rodzaj płatności');
    expect(fieldLabel('customer.id')).toBe('Kontrahent');
    expect(fieldLabel('devices.0.id')).toBe('Maszyny');
    expect(fieldLabel('somethingElse')).toBe('somethingElse');
  });

  it('names the field in generic and foreign messages, keeps specific Polish ones', () => {
    expect(fieldErrorMessage('paymentType', validationMessage.wrongType)).toBe(
      'Pole „Rodzaj płatności”: Nieprawidłowa wartość pola.',
    );
    expect(fieldErrorMessage('page', 'Too small: expected number to be >=1')).toBe(
      'Pole „Strona”: Nieprawidłowa wartość pola.',
    );
    expect(fieldErrorMessage('text', validationMessage.tooLong(5000))).toBe(
      'Pole „Treść”: Tekst może mieć najwyżej 5000 znaków.',
    );
    expect(fieldErrorMessage('name', MSG.machineNameTooShort)).toBe(MSG.machineNameTooShort);
    expect(fieldErrorMessage('', undefined)).toBe(validationMessage.wrongType);
  });
});
