import { describe, expect, it } from 'vitest';
import { nextFreeLabel } from './label-sheet.js';

describe('nextFreeLabel', () => {
  it('continues on the same sheet, and starts a new one when the print filled it', () => {
    expect(nextFreeLabel(1, 1)).toBe(2);
    expect(nextFreeLabel(5, 3)).toBe(8);
    expect(nextFreeLabel(23, 2)).toBe(1);
    expect(nextFreeLabel(20, 10)).toBe(6);
    expect(nextFreeLabel(1, 48)).toBe(1);
  });
});
