import { describe, expect, it } from 'vitest';
import { postalAddress } from './postal-address.js';

describe('postalAddress', () => {
  it('writes the street, then the postcode and city, leaving out what is empty', () => {
    expect(postalAddress('ul. Długa 5', '90-001', 'Łódź')).toBe('ul. Długa 5, 90-001 Łódź');
    expect(postalAddress('', '90-001', 'Łódź')).toBe('90-001 Łódź');
    expect(postalAddress('ul. Długa 5', '', '')).toBe('ul. Długa 5');
    expect(postalAddress('', '', '')).toBe('');
  });
});
