import { describe, expect, it } from 'vitest';
import { labelPrintSize, nextFreeLabel } from './label-sheet.js';

describe('nextFreeLabel', () => {
  it('continues on the same sheet, and starts a new one when the print filled it', () => {
    expect(nextFreeLabel(1, 1)).toBe(2);
    expect(nextFreeLabel(5, 3)).toBe(8);
    expect(nextFreeLabel(23, 2)).toBe(1);
    expect(nextFreeLabel(20, 10)).toBe(6);
    expect(nextFreeLabel(1, 48)).toBe(1);
  });
});

describe('labelPrintSize', () => {
  it('says how many labels on how many sheets, from the place chosen', () => {
    expect(labelPrintSize(1, 1)).toBe('1 naklejka na 1 arkuszu');
    expect(labelPrintSize(23, 3)).toBe('3 naklejki na 2 arkuszach');
    expect(labelPrintSize(1, 24)).toBe('24 naklejki na 1 arkuszu');
    expect(labelPrintSize(1, 1534)).toBe('1534 naklejki na 64 arkuszach');
    expect(labelPrintSize(1, 1535)).toBe('1535 naklejek na 64 arkuszach');
  });
});
