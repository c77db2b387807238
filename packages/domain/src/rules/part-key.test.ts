import { describe, expect, it } from 'vitest';
import { FOLDED_LETTERS, partKey } from './part-key.js';

describe('partKey (the "Część" filter’s form of a text)', () => {
  it('keeps letters without their marks, in lower case, and digits, nothing else', () => {
    expect(partKey('Zawór 4WE 6')).toBe('zawor4we6');
    expect(partKey('R 901-130.005')).toBe('r901130005');
    expect(partKey('BÜRKERT Škoda Ferré Straße')).toBe('burkertskodaferrestrase');
    expect(partKey('ŁOŻYSKO 6205-2RS')).toBe('lozysko62052rs');
  });

  it('folds letter for letter, as the database’s translate() does', () => {
    expect([...FOLDED_LETTERS.from]).toHaveLength([...FOLDED_LETTERS.to].length);
    expect(FOLDED_LETTERS.to).toMatch(/^[a-z]+$/);
  });
});
