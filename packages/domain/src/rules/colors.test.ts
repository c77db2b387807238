import { describe, expect, it } from 'vitest';
import { MACHINE_STATUSES } from '../reference-data.js';
import { contrastRatio, relativeLuminance, TEXT_CONTRAST_AA } from './colors.js';

describe('contrastRatio', () => {
  it('measures as WCAG does: 21 for black on white, 1 for a colour on itself', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBe(1);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 5);
  });

  it("gives Mantine's default blue button 3.56, under AA, and the darker shade 5.02", () => {
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.56, 1);
    expect(contrastRatio('#ffffff', '#1971c2')).toBeCloseTo(5.02, 1);
  });

  it('reads rgb() as the hex it stands for, and refuses a name or a translucent colour', () => {
    expect(contrastRatio('rgb(34, 139, 230)', '#ffffff')).toBe(contrastRatio('#228be6', '#fff'));
    expect(contrastRatio('rgba(34, 139, 230, 1)', '#ffffff')).toBe(contrastRatio('#228be6', '#fff'));
    expect(() => relativeLuminance('blue')).toThrow('Not an opaque colour');
    expect(() => relativeLuminance('rgba(34, 139, 230, 0.1)')).toThrow('Not an opaque colour');
  });
});

describe('machine status colours', () => {
  it.each(MACHINE_STATUSES)('$label is readable on its badge (at least 4.5:1)', (status) => {
    expect(contrastRatio(status.colorText, status.colorBackground)).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
  });
});
